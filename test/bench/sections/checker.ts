import * as path from 'node:path';
import type { BenchSection } from '../context';
import { runNodeMedian } from '../childProcess';
import { timeMedian, timeOnce } from '../stats';
import { loadCourse } from '../../../server/src/course/course';
import { CourseChecker } from '../../../server/src/course/checkCourse';

/**
 * (b) Checking the whole 10,000-question course: in this process (loadCourse + a fresh
 * CourseChecker, as pl-check does) and with pl-check itself as a child process. Target: at most
 * twice the floor. CPU time is the figure held to the target, because other work on the machine
 * stretches wall-clock time; wall-clock time is shown beside it.
 */
export const checkerSection: BenchSection = {
  name: '(b) whole-course check',
  run(ctx) {
    const root = ctx.big.root;
    const floorCpu = ctx.baselines.get('floor.cpu')!;
    const floorChildCpu = ctx.baselines.get('floorChild.cpu')!;
    const first = timeOnce(() => new CourseChecker().check(loadCourse(root), { reportSyntaxErrors: true, once: true }));
    const problems = first.result.length;
    const load = timeMedian(3, () => loadCourse(root));
    const course = loadCourse(root);
    const check = timeMedian(3, () => new CourseChecker().check(course, { reportSyntaxErrors: true, once: true }));
    const both = timeMedian(3, () => new CourseChecker().check(loadCourse(root), { reportSyntaxErrors: true, once: true }));
    const cached = new CourseChecker();
    cached.check(course, { reportSyntaxErrors: true });
    const recheck = timeMedian(5, () => cached.check(course, { reportSyntaxErrors: true }));

    const cli = runNodeMedian(3, [path.join(ctx.repo, 'dist/plCheck.js'), root], ctx.repo);
    const summary = cli.stdout.trim().split('\n').at(-1);
    if (cli.status !== 0) throw new Error(`pl-check found errors in the synthetic course:\n${cli.stdout.slice(0, 2000)}`);

    const floor = { label: 'floor', value: floorCpu };
    const withinTwice = (v: number, base: number, label = 'floor') => ({ text: `<= 2x ${label}`, met: v <= 2 * base });
    ctx.add({ section: this.name, measure: 'first check in process, incl. schema compile (CPU)', value: first.timing.cpu, unit: 'ms', baseline: floor, note: `${problems} problems` });
    ctx.add({ section: this.name, measure: 'loadCourse (CPU)', value: load.cpu, unit: 'ms', baseline: floor });
    ctx.add({ section: this.name, measure: 'check, fresh checker (CPU)', value: check.cpu, unit: 'ms', baseline: floor });
    ctx.add({ section: this.name, measure: 'loadCourse + check, in process (CPU)', value: both.cpu, unit: 'ms', baseline: floor, target: withinTwice(both.cpu, floorCpu) });
    ctx.add({ section: this.name, measure: 'loadCourse + check, in process (wall)', value: both.wall, unit: 'ms', baseline: { label: 'floor', value: ctx.baselines.get('floor.wall')! } });
    ctx.add({ section: this.name, measure: 're-check, nothing changed (CPU)', value: recheck.cpu, unit: 'ms' });
    ctx.add({ section: this.name, measure: 'pl-check child process (CPU)', value: cli.cpu, unit: 'ms', baseline: { label: 'child floor', value: floorChildCpu }, target: withinTwice(cli.cpu, floorChildCpu, 'child floor'), note: summary });
    ctx.add({ section: this.name, measure: 'pl-check child process (wall)', value: cli.wall, unit: 'ms', baseline: { label: 'child floor', value: ctx.baselines.get('floorChild.wall')! } });
    ctx.add({ section: this.name, measure: 'pl-check peak memory', value: cli.maxRssMb, unit: 'MB' });
  },
};
