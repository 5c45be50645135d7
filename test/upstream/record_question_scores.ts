// Records the score PrairieLearn's instructor Test gives a question's own correct answer, next to ours:
// each side makes its variant from the same seed (generate, prepare), renders it, takes the elements'
// and server.py's test() answer of type "correct", and parses and grades it. Ours is also graded on
// PrairieLearn's variant and answer, so a difference in grading shows apart from one in test().
// A maintenance tool, not a test:
//   node --import tsx test/upstream/record_question_scores.ts --prairielearn <checkout> [--seeds 1,2]
//     [--out scores.json] <course> (<qid>... | --qids-from <file, one QID a line>)
// PL_COMMIT names the checkout's commit when it is not a git work tree.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findPython } from '../../server/lib/runtime/findPython';
import { renderData, testData } from '../../server/lib/runtime/phaseData';
import { PythonPool } from '../../server/lib/runtime/pythonPool';
import { pythonRoot } from '../../server/lib/runtime/pythonRoot';
import { readQuestion, type QuestionSource } from '../../server/lib/runtime/question';
import { Sides, submitOn, variantOf, variantOn, type Side } from './questionSides';
import { UpstreamHelper } from './upstreamHelper';

interface Outcome {
  /** The step that failed, with PrairieLearn's or our message; absent when every step ran. */
  failure?: string;
  /** What test() said the answer should score. */
  testScore?: number;
  testPartialScores?: Record<string, unknown>;
  /** What parse and grade gave that answer. */
  score?: number | null;
  partialScores?: Record<string, unknown>;
}

async function testOn(side: Side, s: Sides, q: QuestionSource, seed: string): Promise<{ outcome: Outcome; variant?: ReturnType<typeof variantOf>; raw?: Record<string, any> }> {
  const made = await variantOn(side, s, q, seed);
  if (!made.data) return { outcome: { failure: `variant: ${made.failure}` } };
  const v = variantOf(q, seed, made.data);
  const call = (c: Parameters<Sides['ours']>[1]) => (side === 'ours' ? s.ours(q, c) : s.theirs(q, c));
  const rendered = await call({ phase: 'render', data: renderData(q, v, 'question', {}, false) });
  if (rendered.fatal) return { outcome: { failure: 'render' } };
  const tested = await call({ phase: 'test', data: testData(q, v, 'correct') });
  if (tested.fatal) return { outcome: { failure: 'test' } };
  const raw = tested.data.raw_submitted_answers ?? {};
  const outcome: Outcome = { testScore: tested.data.score, testPartialScores: tested.data.partial_scores ?? {} };
  const graded = await submitOn(side, s, q, v, raw);
  if ('broken' in graded) return { outcome: { ...outcome, failure: `${graded.broken}: ${graded.issues}` }, variant: v, raw };
  return { outcome: { ...outcome, score: graded.score, partialScores: graded.partial_scores ?? {} }, variant: v, raw };
}

/** The commit of a folder that is a git work tree's root (not of a repository it merely sits in). */
function gitHead(dir: string): string {
  const r = spawnSync('git', ['-C', dir, 'rev-parse', '--show-toplevel', 'HEAD'], { encoding: 'utf8' });
  const [top, head] = r.stdout.trim().split('\n');
  return r.status === 0 && path.resolve(top) === path.resolve(dir) ? head : 'unknown';
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let checkout = '';
  let seeds = ['1', '2'];
  let out: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--prairielearn') checkout = path.resolve(args[++i]);
    else if (args[i] === '--seeds') seeds = args[++i].split(',');
    else if (args[i] === '--out') out = args[++i];
    else if (args[i] === '--qids-from') rest.push(...fs.readFileSync(args[++i], 'utf8').split('\n').filter((l) => l.trim() !== ''));
    else rest.push(args[i]);
  }
  const [course, ...qids] = rest;
  if (!checkout || !course || qids.length === 0) throw new Error('usage: --prairielearn <checkout> [--seeds 1,2] [--out file] <course> <qid>...');
  process.env.PYTHONHASHSEED ??= '0';
  const found = await findPython(process.env.PL_PYTHON);
  if (!found.ok) throw new Error(found.message);
  const s = new Sides(new PythonPool(found.python, pythonRoot(), 1, 60000, 4096), new UpstreamHelper(found.python, checkout, pythonRoot()));
  const rows: unknown[] = [];
  try {
    for (const qid of qids) {
      const q = readQuestion(path.resolve(course), qid);
      for (const seed of seeds) {
        const theirs = await testOn('theirs', s, q, seed);
        const ours = await testOn('ours', s, q, seed);
        // Ours graded on PrairieLearn's own variant and test() answer: a grading difference, if any, shows here.
        const onTheirs = theirs.variant && theirs.raw ? await submitOn('ours', s, q, theirs.variant, theirs.raw) : undefined;
        const oursOnTheirAnswer = onTheirs && !('broken' in onTheirs) ? onTheirs.score : null;
        rows.push({ qid, seed, prairielearn: theirs.outcome, ours: ours.outcome, oursOnTheirAnswer });
        const show = (o: Outcome) => o.failure ?? `${o.score} (test() ${o.testScore})`;
        process.stdout.write(`${qid} seed ${seed}: PrairieLearn ${show(theirs.outcome)}, ours ${show(ours.outcome)}, ours on PrairieLearn's answer ${oursOnTheirAnswer}\n`);
      }
    }
  } finally {
    await s.pool.dispose();
    s.upstream.dispose();
  }
  if (out) {
    const recorded = { prairielearnCommit: process.env.PL_COMMIT ?? gitHead(checkout), course: path.basename(path.resolve(course)), courseCommit: gitHead(course), seeds, rows };
    fs.writeFileSync(out, JSON.stringify(recorded, null, 1) + '\n');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
