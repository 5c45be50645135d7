import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import type { BenchSection } from './context';
import { median } from './stats';
import { QuestionRuntime } from '../../server/lib/runtime';

const ROUNDS = 8;

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
      for (let i = 0; i < ROUNDS + 2; i++) {
        let t0 = performance.now();
        const graded = await runtime.submit(variant, raw, 'grade');
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
    } finally {
      await Promise.all([runtime.dispose(), baseline.dispose()]);
    }
  },
};
