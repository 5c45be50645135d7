import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import type { BenchSection } from './context';
import { median } from './stats';
import { QuestionRuntime } from '../../server/lib/runtime';

const ROUNDS = 8;
/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/** The warm grader this process started (pythongrader/warm.py), found in /proc. */
function warmGraderPid(): number | undefined {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('pythongrader.warm')) return Number(name);
    } catch {
      // the process ended while we looked
    }
  }
  return undefined;
}

/** CPU milliseconds of the children `pid` has reaped (cutime + cstime): for the warm grader, its jobs. */
function reapedChildrenCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

/**
 * (x) External grading: Save & Grade of a Python autograder question (six tests, numpy) with the
 * built-in grader after warm-up, against Save & Grade of an internally graded demo question, each
 * in a runtime of its own (so each keeps its question's worker warm, as an author re-submitting one
 * question does). Each external grade is a child forked from the warm grader (numpy, pandas and
 * matplotlib already imported), as fresh as PrairieLearn's new container per job.
 */
export const externalGradingSection: BenchSection = {
  name: '(x) external grading',
  async run(ctx) {
    const course = path.join(ctx.repo, 'test/lib/runtime/fixtures/autograder');
    const runtime = new QuestionRuntime({ poolSize: 1 });
    const baseline = new QuestionRuntime({ poolSize: 1 });
    try {
      const variant = await runtime.createVariant(course, 'points', 'bench');
      const field = `_file_editor_${createHash('sha1').update('user_code.py').digest('hex')}`;
      const raw = { [field]: fs.readFileSync(path.join(course, 'questions/points/tests/ans.py')).toString('base64') };
      const internal = await baseline.createVariant(path.join(ctx.repo, 'server/demo-course'), 'algebra/linearEquation', 'bench');
      const external: number[] = [];
      const inside: number[] = [];
      const jobCpu: number[] = [];
      let warm: number | undefined;
      for (let i = 0; i < ROUNDS + 2; i++) {
        warm ??= warmGraderPid();
        const cpu0 = warm ? reapedChildrenCpuMs(warm) : NaN;
        let t0 = performance.now();
        const graded = await runtime.submit(variant, raw, 'grade');
        if (i >= 2 && warm) jobCpu.push(reapedChildrenCpuMs(warm) - cpu0);
        if (graded.score !== 1) throw new Error(`the reference solution graded ${String(graded.score)}: ${graded.graderFailure ?? graded.note ?? ''}`);
        if (i >= 2) external.push(performance.now() - t0);
        t0 = performance.now();
        await baseline.submit(internal, { x: '1' }, 'grade');
        if (i >= 2) inside.push(performance.now() - t0);
      }
      const value = median(external);
      ctx.add({
        section: this.name,
        measure: 'Save & Grade, Python autograder question, built-in grader (median after warm-up)',
        value,
        unit: 'ms',
        baseline: { label: 'internally graded Save & Grade', value: median(inside) },
        target: { text: '< 1000 ms', met: value < 1000 },
      });
      // Wall time on a shared machine is mostly waiting for a core; the job's own CPU time is not.
      ctx.add({
        section: this.name,
        measure: 'CPU time of one grading job (the forked child and what it started; median)',
        value: jobCpu.length ? median(jobCpu) : NaN,
        unit: 'ms',
        note: warm ? `warm grader RSS ${rssMb(warm).toFixed(0)} MB; ${TICKS_PER_SECOND} Hz ticks` : 'warm grader not found',
      });
    } finally {
      await Promise.all([runtime.dispose(), baseline.dispose()]);
    }
  },
};
