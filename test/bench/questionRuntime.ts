import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchSection } from './context';
import { spawnSync } from 'node:child_process';
import { measureGraphPreviews } from './graphQuestions';
import { median, percentile } from './stats';
import { QuestionRuntime } from '../../server/lib/runtime';

const REFRESHES = 40;
const GENERATED_QUESTIONS = 500;

/** A course of `n` small questions of the usual shape: random numbers in server.py, a number input. */
function writeRuntimeCourse(root: string, n: number): void {
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(
    path.join(root, 'infoCourse.json'),
    JSON.stringify({ uuid: '5e1b2c3d-0000-4000-8000-000000000000', name: 'RT 1', title: 'Runtime bench', topics: [{ name: 'T', color: 'red1' }], assessmentSets: [] }),
  );
  for (let i = 0; i < n; i++) {
    const dir = path.join(root, 'questions', `q${i}`);
    fs.mkdirSync(dir, { recursive: true });
    const uuid = `5e1b2c3d-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`;
    fs.writeFileSync(path.join(dir, 'info.json'), JSON.stringify({ uuid, title: `Q${i}`, topic: 'T', type: 'v3' }));
    fs.writeFileSync(
      path.join(dir, 'server.py'),
      'import random\n\n\ndef generate(data):\n    a = random.randint(1, 9)\n    b = random.randint(1, 9)\n    data["params"] = {"a": a, "b": b}\n    data["correct_answers"]["c"] = a + b\n',
    );
    fs.writeFileSync(
      path.join(dir, 'question.html'),
      '<pl-question-panel>\n<p>What is {{params.a}} + {{params.b}}?</p>\n</pl-question-panel>\n<pl-number-input answers-name="c" label="$c =$"></pl-number-input>\n',
    );
  }
}

/** One free-body-diagram question: pl-drawing with initial objects, two answer objects and buttons. */
function writeDrawingCourse(root: string): void {
  fs.mkdirSync(path.join(root, 'questions', 'fbd'), { recursive: true });
  fs.writeFileSync(path.join(root, 'infoCourse.json'), JSON.stringify({ uuid: '5e1b2c3d-0000-4000-8000-100000000000', name: 'D', title: 'Drawing bench', topics: [] }));
  fs.writeFileSync(path.join(root, 'questions', 'fbd', 'info.json'), JSON.stringify({ uuid: '5e1b2c3d-0000-4000-8000-100000000001', title: 'FBD', topic: 'T', type: 'v3' }));
  fs.writeFileSync(path.join(root, 'questions', 'fbd', 'question.html'), `<pl-drawing gradable="true" answers-name="fbd" width="400" height="300" grid-size="20">
<pl-drawing-initial><pl-rectangle x1="200" y1="150" width="80" height="40"></pl-rectangle><pl-fixed-pin x1="100" y1="250"></pl-fixed-pin>
<pl-rod x1="100" y1="250" x2="300" y2="250"></pl-rod><pl-coordinates x1="40" y1="60" width="40"></pl-coordinates><pl-text x1="10" y1="290" label="$m g$"></pl-text></pl-drawing-initial>
<pl-drawing-answer><pl-vector x1="200" y1="150" angle="90"></pl-vector><pl-arc-vector x1="100" y1="250"></pl-arc-vector></pl-drawing-answer>
<pl-controls><pl-controls-group label="Forces"><pl-drawing-button type="pl-vector"></pl-drawing-button><pl-drawing-button type="pl-arc-vector-CW"></pl-drawing-button>
<pl-drawing-button type="delete"></pl-drawing-button></pl-controls-group></pl-controls></pl-drawing>`);
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * (q) The question runtime: a preview refresh after a save with a warm helper (render of every panel
 * of a demo question, with a submission), against a bare render of plain HTML; pl-check --test on a
 * generated course; and the helpers' memory. Other work shares the machine, so figures are noisy.
 */
export const questionRuntimeSection: BenchSection = {
  name: '(q) question runtime',
  async run(ctx) {
    const demo = path.join(ctx.repo, 'server/demo-course');
    const runtime = new QuestionRuntime({ poolSize: 2 });
    try {
      const qid = 'algebra/linearEquation';
      const variant = await runtime.createVariant(demo, qid, 'bench');
      if (variant.broken) throw new Error(`${qid} is broken: ${variant.issues[0]?.message}`);
      const submission = await runtime.submit(variant, { x: '1' }, 'grade');
      const file = path.join(demo, 'questions', qid, 'question.html');
      const text = fs.readFileSync(file, 'utf8');
      const refresh: number[] = [];
      for (let i = 0; i < REFRESHES + 3; i++) {
        fs.writeFileSync(file, text); // the save
        const t0 = performance.now();
        await runtime.render(variant, [submission]);
        if (i >= 3) refresh.push(performance.now() - t0);
      }
      const plain = await runtime.createVariant(path.join(ctx.repo, 'test/lib/runtime/fixtures/course'), 'dynamic', 'bench');
      const bare: number[] = [];
      for (let i = 0; i < REFRESHES + 3; i++) {
        const t0 = performance.now();
        await runtime.render(plain);
        if (i >= 3) bare.push(performance.now() - t0);
      }
      const baseline = { label: 'bare render', value: median(bare) };
      const p95 = percentile(refresh, 95);
      ctx.add({ section: this.name, measure: `preview refresh after a save, ${qid}, 3 panels (median)`, value: median(refresh), unit: 'ms', baseline });
      ctx.add({ section: this.name, measure: 'preview refresh after a save (p95)', value: p95, unit: 'ms', target: { text: 'p95 < 250 ms', met: p95 < 250 } });
      const drawingCourse = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-bench-drawing-'));
      try {
        writeDrawingCourse(drawingCourse);
        const dv = await runtime.createVariant(drawingCourse, 'fbd', 'bench');
        if (dv.broken) throw new Error(`fbd is broken: ${dv.issues[0]?.message}`);
        const placed = (dv.correctAnswers.fbd as Array<Record<string, unknown>>).filter((o) => o.graded).map((o) => ({ ...o, selectable: true }));
        const graded = await runtime.submit(dv, { fbd: JSON.stringify(placed) }, 'grade');
        const drawing: number[] = [];
        for (let i = 0; i < REFRESHES + 3; i++) {
          const t0 = performance.now();
          await runtime.render(dv, [graded]);
          if (i >= 3) drawing.push(performance.now() - t0);
        }
        const dp95 = percentile(drawing, 95);
        ctx.add({ section: this.name, measure: 'preview refresh, a pl-drawing question with a graded submission, 3 panels (median)', value: median(drawing), unit: 'ms', baseline });
        ctx.add({ section: this.name, measure: 'preview refresh, pl-drawing (p95)', value: dp95, unit: 'ms', target: { text: 'p95 < 250 ms', met: dp95 < 250 } });
      } finally {
        fs.rmSync(drawingCourse, { recursive: true, force: true });
      }
      await measureGraphPreviews(ctx, this.name, runtime, REFRESHES, baseline);
      const rss = (await runtime.helperPids()).map(rssMb);
      ctx.add({ section: this.name, measure: `helper memory (RSS, each of ${rss.length})`, value: Math.max(...rss), unit: 'MB' });
    } finally {
      await runtime.dispose();
    }

    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-bench-runtime-'));
    try {
      const course = path.join(work, 'course');
      writeRuntimeCourse(course, GENERATED_QUESTIONS);
      // bash's `times` gives the CPU of pl-check and of the Python helpers it ran (reaped children).
      const command = `"${process.execPath}" "${path.join(ctx.repo, 'dist/plCheck.js')}" --test --variants 1 --format json "${course}"; times >&2`;
      const t0 = performance.now();
      const run = spawnSync('bash', ['-c', command], { cwd: ctx.repo, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const wall = performance.now() - t0;
      const parsed = JSON.parse(run.stdout) as { variants: Array<{ error: string | null }> };
      const failed = parsed.variants.filter((v) => v.error).length;
      const [user, sys] = [...(run.stderr.trim().split('\n').pop() ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      const perQuestion = wall / GENERATED_QUESTIONS;
      const rate = 1000 / perQuestion;
      const cpuPerQuestion = ((user + sys) * 1000) / GENERATED_QUESTIONS;
      const cores = os.availableParallelism();
      ctx.add({
        section: this.name,
        measure: `pl-check --test, ${GENERATED_QUESTIONS} generated questions, 1 variant (wall per question)`,
        value: perQuestion,
        unit: 'ms',
        target: { text: '>= 10 questions/s', met: rate >= 10 },
        note: `${rate.toFixed(1)} questions/s on ${cores} shared cores${failed ? `; ${failed} FAILED` : ''}`,
      });
      ctx.add({
        section: this.name,
        measure: 'pl-check --test (CPU per question, node + Python, warm-up included)',
        value: cpuPerQuestion,
        unit: 'ms',
        note: `${((cores * 1000) / cpuPerQuestion).toFixed(1)} questions/s if the ${cores} cores were free`,
      });
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
