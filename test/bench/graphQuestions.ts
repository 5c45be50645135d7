import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { instance } from '@viz-js/viz';
import type { BenchContext } from './context';
import { median, percentile } from './stats';
import type { QuestionRuntime } from '../../server/lib/runtime';

/**
 * pl-graph as real courses write it: DOT text with Mustache params in question.html, and an
 * adjacency matrix that server.py draws with numpy (labels from params).
 */
function writeGraphCourse(root: string): void {
  const question = (qid: string, html: string, server: string) => {
    const dir = path.join(root, 'questions', qid);
    fs.mkdirSync(dir, { recursive: true });
    const n = qid === 'dot' ? 1 : 2;
    fs.writeFileSync(path.join(dir, 'info.json'), JSON.stringify({ uuid: `5e1b2c3d-0000-4000-8000-20000000000${n}`, title: qid, topic: 'T', type: 'v3' }));
    fs.writeFileSync(path.join(dir, 'question.html'), html);
    fs.writeFileSync(path.join(dir, 'server.py'), server);
  };
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'infoCourse.json'), JSON.stringify({ uuid: '5e1b2c3d-0000-4000-8000-200000000000', name: 'G', title: 'Graph bench', topics: [] }));
  question(
    'dot',
    `<pl-question-panel><p>Which path from A to E is shortest?</p></pl-question-panel>
<pl-graph>
digraph G {
  rankdir=LR
  A -> B [label="{{params.w1}}"]
  B -> C [label="{{params.w2}}"]
  A -> D [label="{{params.w3}}"]
  D -> C [label="{{params.w4}}"]
  C -> E [label="{{params.w5}}"]
  B -> E [label="{{params.w6}}"]
}
</pl-graph>
<pl-number-input answers-name="d" label="length"></pl-number-input>`,
    'import random\n\n\ndef generate(data):\n    w = [random.randint(1, 9) for _ in range(6)]\n    data["params"].update({f"w{i + 1}": x for i, x in enumerate(w)})\n    data["correct_answers"]["d"] = min(w[0] + w[1] + w[4], w[2] + w[3] + w[4], w[0] + w[5])\n',
  );
  question(
    'matrix',
    `<pl-question-panel><p>The transition matrix of this Markov chain:</p></pl-question-panel>
<pl-graph params-name-matrix="matrix" params-name-labels="labels"></pl-graph>
<pl-number-input answers-name="p" label="P(A to B)"></pl-number-input>`,
    'import numpy as np\nimport prairielearn as pl\n\n\ndef generate(data):\n    mat = np.random.random((5, 5))\n    mat /= np.linalg.norm(mat, 1, axis=0)\n    data["params"]["matrix"] = pl.to_json(mat)\n    data["params"]["labels"] = pl.to_json(["A", "B", "C", "D", "E"])\n    data["correct_answers"]["p"] = float(mat[1, 0])\n',
  );
}

function dotOf(html: string): string {
  const m = /data-dot="([^"]*)"/.exec(html);
  if (!m) throw new Error('no pl-graph in the rendered question');
  return m[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * A preview of each pl-graph question after warm-up: the render of its panels with a graded
 * submission, then the page's Graphviz layout of the DOT text that render gave (the same
 * WebAssembly build the preview loads, run here in node).
 */
export async function measureGraphPreviews(ctx: BenchContext, section: string, runtime: QuestionRuntime, refreshes: number, baseline: { label: string; value: number }): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-bench-graph-'));
  try {
    writeGraphCourse(root);
    const viz = await instance();
    for (const [qid, what, answer] of [['dot', 'DOT text with params', 'd'], ['matrix', 'an adjacency matrix from server.py', 'p']] as const) {
      const variant = await runtime.createVariant(root, qid, 'bench');
      if (variant.broken) throw new Error(`${qid} is broken: ${variant.issues[0]?.message}`);
      const graded = await runtime.submit(variant, { [answer]: String(variant.correctAnswers[answer]) }, 'grade');
      const times: number[] = [];
      for (let i = 0; i < refreshes + 3; i++) {
        const t0 = performance.now();
        const rendered = await runtime.render(variant, [graded]);
        const svg = viz.renderString(dotOf(rendered.questionHtml), { format: 'svg', engine: 'dot' });
        if (!svg.includes('<svg')) throw new Error(`${qid}: Graphviz gave no picture`);
        if (i >= 3) times.push(performance.now() - t0);
      }
      const p95 = percentile(times, 95);
      ctx.add({ section, measure: `preview refresh, pl-graph from ${what}, 3 panels + Graphviz layout (median)`, value: median(times), unit: 'ms', baseline });
      ctx.add({ section, measure: `preview refresh, pl-graph ${qid} (p95)`, value: p95, unit: 'ms', target: { text: 'p95 < 250 ms', met: p95 < 250 } });
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
