// Time to the first answer of the local reference server, started as the extension starts it (forked, fresh
// data folder: clone and first sync), on a course the size of pl101 (256 questions, each with a server.py,
// and about 7,000 other files, 100 MB, as pl101's checkout has) and on the 10,000-question course. Nothing
// but the demo staff is written before the first answer (the students' submissions and their sample answers
// follow in the background). Every start has an empty cache, as after installing: the database comes from the
// packaged empty one in dist/. pl101-sized starts twice, to show the spread. The baseline is a plain
// `git clone` of the same repository in the same run: the clone is part of every first sync.
// PL_BENCH_COURSE=<course folder> (for example a copy of pl101) adds a start on that course.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync, fork } from 'node:child_process';
import type { BenchContext, BenchSection } from '../context';
import { writeReferenceCourse } from '../referenceCourse';
import { descendantsCpuMs } from '../processTreeCpu';

const SECTION = 'local server first answer';
const TARGET_MS = 5000;

/** A bare repository holding the files of `root`, for --course-repo (the folder itself is left as it is). */
function commitInto(root: string, gitDir: string): string {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@x' };
  execFileSync('git', ['init', '-q', '--bare', '-b', 'master', gitDir], { env });
  for (const args of [['add', '-A'], ['commit', '-q', '-m', 'bench']]) execFileSync('git', [`--git-dir=${gitDir}`, `--work-tree=${root}`, ...args], { env });
  return gitDir;
}

/** pl101's checkout is mostly other files (client files, images): about 27 per question, 100 MB in all. */
function addBulk(root: string): void {
  let n = 0;
  for (const q of fs.readdirSync(path.join(root, 'questions'))) {
    const dir = path.join(root, 'questions', q, 'clientFilesQuestion');
    fs.mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 26; i++) fs.writeFileSync(path.join(dir, `part${i}.txt`), `${q} part ${i}\n`.repeat(200 + ((n++ * 37) % 300)));
    // Pseudo-random bytes, so that git cannot compress them away (images are like that).
    const image = Buffer.alloc(300_000);
    for (let i = 0; i < image.length; i++) image[i] = (n * 131 + i * 2654435761) >>> 24;
    fs.writeFileSync(path.join(dir, 'figure.png'), image);
  }
}

/** A plain `git clone` of the repository (checkout included), in ms. */
function cloneMs(repo: string, into: string): number {
  const started = performance.now();
  execFileSync('git', ['clone', '-q', repo, into]);
  const ms = performance.now() - started;
  fs.rmSync(into, { recursive: true, force: true });
  return ms;
}

/** Starts the bundled server and resolves with the time to its first API answer and the first sync's own time. */
function firstAnswer(bundle: string, repo: string, dataDir: string, cacheHome: string): Promise<{ totalMs: number; syncMs: number; openMs: number; cpuMs: number }> {
  const started = performance.now();
  const child = fork(bundle, ['--data-dir', dataDir, '--course-repo', repo, '--port', '0'], { silent: true, env: { ...process.env, XDG_CACHE_HOME: cacheHome } });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it answered: ${out.slice(-500)}`)));
    child.on('message', async (m: { type?: string; serverUrl?: string; token?: string; courseInstances?: { id: string }[] }) => {
      if (m.type !== 'prairielearn.referenceServer.ready') return;
      try {
        const res = await fetch(`${m.serverUrl}/pl/api/v1/course_instances/${m.courseInstances![0].id}/assessments`, { headers: { 'Private-Token': m.token! } });
        await res.json();
        if (res.status !== 200) throw new Error(`first request: ${res.status}`);
        const totalMs = performance.now() - started;
        // The server's CPU and its git processes' (reaped by then): on a loaded machine the wall time is mostly waiting.
        const cpuMs = descendantsCpuMs();
        const sync = /first sync: \S+ in ([\d.]+) s/.exec(out);
        const open = /database opened in ([\d.]+) s/.exec(out);
        child.removeAllListeners('exit');
        child.once('exit', () => resolve({ totalMs, cpuMs, syncMs: sync ? Number(sync[1]) * 1000 : NaN, openMs: open ? Number(open[1]) * 1000 : NaN }));
        child.disconnect();
      } catch (err) {
        child.kill();
        reject(err);
      }
    });
  });
}

export const firstAnswerSection: BenchSection = {
  name: SECTION,
  async run(ctx: BenchContext) {
    const bundle = path.join(ctx.repo, 'dist', 'referenceServer.js');
    if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing; npm run build first`);
    const work = fs.mkdtempSync(path.join(path.dirname(ctx.big.root), 'first-answer-'));
    try {
      const pl101 = path.join(work, 'pl101');
      // 16 assessments of 16: 256 questions, as many as pl101, each with a server.py the old start-up ran 3 times.
      writeReferenceCourse(pl101, 16, 16);
      for (const q of fs.readdirSync(path.join(pl101, 'questions'))) {
        fs.writeFileSync(path.join(pl101, 'questions', q, 'server.py'), 'import random\n\ndef generate(data):\n    data["params"]["x"] = random.randint(1, 9)\n    data["params"]["y"] = random.randint(1, 9)\n');
      }
      addBulk(pl101);
      const pl101Repo = commitInto(pl101, path.join(work, 'pl101.git'));
      const starts = [
        { label: 'pl101-sized (256 questions)', repo: pl101Repo, target: true },
        { label: 'pl101-sized (256 questions), again', repo: pl101Repo, target: true },
        { label: '10,000 questions', repo: commitInto(ctx.big.root, path.join(work, 'big.git')), target: false },
      ];
      const real = process.env.PL_BENCH_COURSE;
      if (real) {
        const copy = path.join(work, 'real');
        fs.cpSync(real, copy, { recursive: true, filter: (f) => path.basename(f) !== '.git' });
        starts.splice(1, 0, { label: path.basename(real), repo: commitInto(copy, path.join(work, 'real.git')), target: true });
      }
      for (const [i, start] of starts.entries()) {
        const clone = cloneMs(start.repo, path.join(work, `clone-${i}`));
        const { totalMs, syncMs, openMs, cpuMs } = await firstAnswer(bundle, start.repo, path.join(work, `data-${i}`), path.join(work, `cache-${i}`));
        ctx.add({
          section: SECTION,
          measure: `${start.label}: start to first answer`,
          value: totalMs,
          unit: 'ms',
          baseline: { label: 'git clone alone', value: clone },
          ...(start.target ? { target: { text: `< ${TARGET_MS} ms`, met: totalMs < TARGET_MS } } : {}),
          note: 'no student data and no question code before the first answer',
        });
        ctx.add({ section: SECTION, measure: `${start.label}: CPU time to first answer`, value: cpuMs, unit: 'ms', note: 'the server and its git processes, over both cores: less waiting, same work' });
        ctx.add({ section: SECTION, measure: `${start.label}: database opened`, value: openMs, unit: 'ms', note: 'the clone runs meanwhile' });
        ctx.add({ section: SECTION, measure: `${start.label}: first sync after the database opened`, value: syncMs, unit: 'ms', note: 'rest of the clone, load, write' });
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
