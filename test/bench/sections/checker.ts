import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchSection } from '../context';
import { medianRun, runNode, type ChildRun } from '../childProcess';
import { timeMedian, timeOnce } from '../stats';
import { evictFromPageCache } from '../pageCache';
import { loadCourse } from '../../../server/lib/course/course';
import { newCourseChecker } from '../../../server/lib/questionHtml/courseChecks';

/**
 * (b) Checking the whole 10,000-question course with pl-check, as a child process beside the child
 * floor: five rounds of floor, pl-check and `pl-check --serial` in turn, so that a change in the
 * machine's load falls on all three alike. Target: at most twice the floor in elapsed time, the
 * time a CI job or an author waits; pl-check spends more CPU time than that, on two threads, and
 * its CPU time is shown beside it. The same comparison is made with the files dropped from the page
 * cache before each run (three rounds), as on a first check after a checkout. The in-process rows (loadCourse + a fresh CourseChecker, all on
 * one thread) show where the time goes.
 */
export const checkerSection: BenchSection = {
  name: '(b) whole-course check',
  run(ctx) {
    const root = ctx.big.root;
    const floorCpu = ctx.baselines.get('floor.cpu')!;
    const first = timeOnce(() => newCourseChecker().check(loadCourse(root), { reportSyntaxErrors: true, once: true }));
    const problems = first.result.length;
    const load = timeMedian(3, () => loadCourse(root));
    const course = loadCourse(root);
    const check = timeMedian(3, () => newCourseChecker().check(course, { reportSyntaxErrors: true, once: true }));
    const both = timeMedian(3, () => newCourseChecker().check(loadCourse(root), { reportSyntaxErrors: true, once: true }));
    const cached = newCourseChecker();
    cached.check(course, { reportSyntaxErrors: true });
    const recheck = timeMedian(5, () => cached.check(course, { reportSyntaxErrors: true }));

    const list = path.join(os.tmpdir(), `bench-files-${process.pid}.txt`);
    fs.writeFileSync(list, [...ctx.big.infoFiles, ...ctx.big.questionFiles].join('\n'));
    const plCheck = path.join(ctx.repo, 'dist/plCheck.js');
    // pl-check's compile cache in a folder of the bench's own: the first run fills it, as a user's first run does.
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cache-'));
    const env = { XDG_CACHE_HOME: cacheHome };
    const cacheDir = path.join(cacheHome, 'pl-check');
    // None when the cache is off (NODE_DISABLE_COMPILE_CACHE in the bench's environment).
    const cacheFiles = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).map((name) => path.join(cacheDir, name)) : []);
    const rounds: Record<'floor' | 'parallel' | 'serial' | 'coldFloor' | 'coldParallel', ChildRun[]> = { floor: [], parallel: [], serial: [], coldFloor: [], coldParallel: [] };
    // The course's files, pl-check's own bundle and its compile cache, dropped from the page cache before each cold run.
    const coldFiles = () => [...ctx.big.infoFiles, ...ctx.big.questionFiles, plCheck, ...cacheFiles()];
    let cold = true;
    try {
      for (let i = 0; i < 5; i++) {
        rounds.floor.push(runNode([path.join(__dirname, '../floorChild.cjs'), list], ctx.repo));
        rounds.parallel.push(runNode([plCheck, root], ctx.repo, env));
        rounds.serial.push(runNode([plCheck, '--serial', root], ctx.repo, env));
      }
      for (let i = 0; i < 3 && cold; i++) {
        cold = evictFromPageCache(coldFiles());
        if (cold) rounds.coldFloor.push(runNode([path.join(__dirname, '../floorChild.cjs'), list], ctx.repo));
        cold &&= evictFromPageCache(coldFiles());
        if (cold) rounds.coldParallel.push(runNode([plCheck, root], ctx.repo, env));
      }
    } finally {
      fs.rmSync(list, { force: true });
      fs.rmSync(cacheHome, { recursive: true, force: true });
    }
    const [floor, cli, serial] = [rounds.floor, rounds.parallel, rounds.serial].map(medianRun);
    for (const run of [cli, serial]) {
      if (run.status !== 0) throw new Error(`pl-check found errors in the synthetic course:\n${run.stdout.slice(0, 2000)}`);
    }
    if (serial.stdout !== cli.stdout) throw new Error('pl-check and pl-check --serial disagree on the synthetic course');
    const summary = cli.stdout.trim().split('\n').at(-1);

    const inProcessFloor = { label: 'floor', value: floorCpu };
    const childFloorWall = { label: 'child floor', value: floor.wall };
    const childFloorCpu = { label: 'child floor', value: floor.cpu };
    ctx.add({ section: this.name, measure: 'first check in process, incl. schema compile (CPU)', value: first.timing.cpu, unit: 'ms', baseline: inProcessFloor, note: `${problems} problems` });
    ctx.add({ section: this.name, measure: 'loadCourse (CPU)', value: load.cpu, unit: 'ms', baseline: inProcessFloor });
    ctx.add({ section: this.name, measure: 'check, fresh checker (CPU)', value: check.cpu, unit: 'ms', baseline: inProcessFloor });
    ctx.add({ section: this.name, measure: 'loadCourse + check, in process (CPU)', value: both.cpu, unit: 'ms', baseline: inProcessFloor });
    ctx.add({ section: this.name, measure: 're-check, nothing changed (CPU)', value: recheck.cpu, unit: 'ms' });
    ctx.add({ section: this.name, measure: 'child floor, interleaved (wall)', value: floor.wall, unit: 'ms', note: `${floor.cpu.toFixed(0)} ms CPU` });
    ctx.add({ section: this.name, measure: 'pl-check child process (wall)', value: cli.wall, unit: 'ms', baseline: childFloorWall, target: { text: '<= 2x child floor', met: cli.wall <= 2 * floor.wall }, note: summary });
    ctx.add({ section: this.name, measure: 'pl-check child process (CPU, both threads)', value: cli.cpu, unit: 'ms', baseline: childFloorCpu });
    ctx.add({ section: this.name, measure: 'pl-check --serial (wall)', value: serial.wall, unit: 'ms', baseline: childFloorWall });
    ctx.add({ section: this.name, measure: 'pl-check --serial (CPU)', value: serial.cpu, unit: 'ms', baseline: childFloorCpu });
    ctx.add({ section: this.name, measure: 'pl-check peak memory', value: cli.maxRssMb, unit: 'MB' });
    if (cold) {
      const [coldFloor, coldCli] = [rounds.coldFloor, rounds.coldParallel].map(medianRun);
      if (coldCli.stdout !== cli.stdout) throw new Error('pl-check disagrees with itself on a cold page cache');
      ctx.add({ section: this.name, measure: 'child floor, cold page cache (wall)', value: coldFloor.wall, unit: 'ms', note: `${coldFloor.cpu.toFixed(0)} ms CPU` });
      ctx.add({ section: this.name, measure: 'pl-check, cold page cache (wall)', value: coldCli.wall, unit: 'ms', baseline: { label: 'cold child floor', value: coldFloor.wall }, target: { text: '<= 2x cold child floor', met: coldCli.wall <= 2 * coldFloor.wall } });
    } else {
      ctx.add({ section: this.name, measure: 'cold page cache: not measured', value: NaN, unit: 'ms', note: 'needs python3 with os.posix_fadvise' });
    }
  },
};

