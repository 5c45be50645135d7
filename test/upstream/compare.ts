// Runs this runtime and PrairieLearn's own question code (from a checkout) on the same questions,
// seeds and submissions, and prints what differs, by element. A maintenance tool, not a test:
//   npm run test:upstream -- --prairielearn <checkout> [--seeds 1,2] [--only <qid regex>] [--json out.json] [course...]
// Without courses it takes the checkout's exampleCourse. Grading always runs on PrairieLearn's
// variant, so a random draw that differs shows once (params), not again in every grade.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findPython } from '../../server/lib/runtime/findPython';
import { renderData, testData } from '../../server/lib/runtime/phaseData';
import { PythonPool } from '../../server/lib/runtime/pythonPool';
import { pythonRoot } from '../../server/lib/runtime/pythonRoot';
import { readQuestion, type QuestionSource } from '../../server/lib/runtime/question';
import { answerOwners, differingKeys, eachUuidsNumbered, withUuidsNumbered, formControls, ownerOf, stable } from './differences';
import { GRADE_FIELDS, Sides, submitOn, variantOf, variantOn } from './questionSides';
import { UpstreamHelper } from './upstreamHelper';

interface Options {
  checkout: string;
  courses: string[];
  seeds: string[];
  only?: RegExp;
  json?: string;
  /** Another server/python to run as "ours" (say, an older commit's, for before/after figures). */
  ours?: string;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { checkout: '', courses: [], seeds: ['1', '2'] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--prairielearn') o.checkout = argv[++i];
    else if (a === '--seeds') o.seeds = argv[++i].split(',');
    else if (a === '--only') o.only = new RegExp(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--ours') o.ours = path.resolve(argv[++i]);
    else o.courses.push(a);
  }
  if (!o.checkout || !fs.existsSync(path.join(o.checkout, 'apps', 'prairielearn', 'python', 'prairielearn'))) {
    throw new Error('give a PrairieLearn checkout: --prairielearn <dir> (with apps/prairielearn/python)');
  }
  if (o.courses.length === 0) o.courses.push(path.join(o.checkout, 'exampleCourse'));
  return o;
}

function questionIds(courseRoot: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string[]): void => {
    if (fs.existsSync(path.join(dir, 'info.json'))) return void out.push(rel.join('/'));
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name), [...rel, e.name]);
  };
  const root = path.join(courseRoot, 'questions');
  if (fs.existsSync(root)) walk(root, []);
  return out.sort();
}

/** Counts of compared items and equal ones per metric, and what differed by element. */
class Tally {
  counts = new Map<string, { total: number; equal: number }>();
  byElement = new Map<string, Map<string, number>>();
  examples = new Map<string, string>();
  /** Every difference, for --json (the printed report keeps three examples each). */
  all: string[] = [];

  add(metric: string, equal: boolean): void {
    const c = this.counts.get(metric) ?? { total: 0, equal: 0 };
    c.total++;
    if (equal) c.equal++;
    this.counts.set(metric, c);
  }

  blame(element: string, metric: string, example: string): void {
    const m = this.byElement.get(element) ?? new Map<string, number>();
    m.set(metric, (m.get(metric) ?? 0) + 1);
    this.byElement.set(element, m);
    const key = `${element} / ${metric}`;
    this.all.push(`${key}: ${example.slice(0, 300)}`);
    const seen = this.examples.get(key);
    if (!seen) this.examples.set(key, example.slice(0, 600));
    else if (seen.split('\n   or ').length < 3) this.examples.set(key, `${seen}\n   or ${example.slice(0, 400)}`);
  }
}

async function compareQuestion(s: Sides, t: Tally, q: QuestionSource, seed: string): Promise<void> {
  const owners = answerOwners(q.html ?? '');
  const where = `${q.qid} seed ${seed}`;
  const [made, mine] = await Promise.all([variantOn('theirs', s, q, seed), variantOn('ours', s, q, seed)]);
  const theirs = made.data;
  const ours = mine.data;
  if (!theirs) return t.blame('(broken in PrairieLearn)', 'variant', `${where}: ${made.failure}`);
  // A question that draws from the clock or os.urandom is not compared: the same seed gives PrairieLearn two variants too.
  // uuids (pl.get_uuid: uuid4 from os.urandom) are numbered in order of appearance first, on both sides.
  if (stable(withUuidsNumbered([ours?.params, ours?.correct_answers])) !== stable(withUuidsNumbered([theirs.params, theirs.correct_answers]))) {
    const again = await variantOn('theirs', s, q, seed);
    if (stable(withUuidsNumbered(again.data)) !== stable(withUuidsNumbered(theirs))) return t.blame('(PrairieLearn nondeterministic)', 'variant', where);
  }
  for (const field of ['params', 'correct_answers'] as const) {
    const keys = ours ? differingKeys(eachUuidsNumbered(ours[field]), eachUuidsNumbered(theirs[field])) : ['(variant broken here)'];
    t.add(field, keys.length === 0);
    for (const k of keys) t.blame(ownerOf(k, owners), field, `${where} ${k}: ours ${stable(ours?.[field]?.[k])} PL ${stable(theirs[field][k])}`);
  }
  const v = variantOf(q, seed, theirs);
  const render = { phase: 'render' as const, data: renderData(q, v, 'question', {}, false) };
  const [ro, rt] = await Promise.all([s.ours(q, render), s.theirs(q, render)]);
  if (!rt.fatal) {
    const [co, ct] = [formControls(ro.html ?? ''), formControls(rt.html ?? '')];
    const equal = !ro.fatal && stable(co.map((c) => c.text)) === stable(ct.map((c) => c.text));
    t.add('rendered inputs', equal);
    if (!equal) {
      const names = new Set([...co, ...ct].map((c) => c.name));
      for (const n of names) {
        const a = co.filter((c) => c.name === n).map((c) => c.text);
        const b = ct.filter((c) => c.name === n).map((c) => c.text);
        if (stable(a) !== stable(b)) t.blame(ownerOf(n, owners), 'rendered inputs', `${where} ${n}: ours ${stable(a)} PL ${stable(b)}`);
      }
      if (ro.fatal) t.blame('(render failed here)', 'rendered inputs', where);
    }
  }
  for (const type of ['correct', 'incorrect', 'invalid'] as const) {
    const test = { phase: 'test' as const, data: testData(q, v, type) };
    const [to, tt] = await Promise.all([s.ours(q, test), s.theirs(q, test)]);
    if (tt.fatal) continue;
    const raw = tt.data.raw_submitted_answers ?? {};
    const keys = to.fatal ? ['(test failed here)'] : differingKeys(to.data.raw_submitted_answers, raw);
    t.add(`test() ${type} answers`, keys.length === 0);
    for (const k of keys) t.blame(ownerOf(k, owners), `test() ${type} answers`, `${where} ${k}: ours ${stable(to.data.raw_submitted_answers?.[k])} PL ${stable(raw[k])}`);
    const [go, gt] = await Promise.all([submitOn('ours', s, q, v, raw), submitOn('theirs', s, q, v, raw)]);
    if ('broken' in gt) continue;
    t.add(`grading ${type}: score`, stable((go as any).score) === stable(gt.score));
    const fields = GRADE_FIELDS.flatMap((f) => differingKeys((go as any)[f] ?? {}, (gt as any)[f] ?? {}).map((k) => [f, k]));
    const scoreDiffers = stable((go as any).score) !== stable(gt.score);
    t.add(`grading ${type}: everything`, fields.length === 0 && !scoreDiffers && !('broken' in go));
    if ('broken' in go) t.blame('(grading failed here)', `grading ${type}`, where);
    for (const [f, k] of fields) t.blame(ownerOf(k, owners), `grading ${type}: ${f}`, `${where} ${f}.${k}: ours ${stable((go as any)[f]?.[k])} PL ${stable((gt as any)[f]?.[k])}`);
  }
}

function report(t: Tally, out: NodeJS.WritableStream): void {
  out.write('\n== Equal to PrairieLearn ==\n');
  for (const [metric, c] of t.counts) out.write(`${metric.padEnd(36)} ${c.equal}/${c.total}  ${((100 * c.equal) / (c.total || 1)).toFixed(1)}%\n`);
  out.write('\n== Differences by element ==\n');
  for (const [el, m] of [...t.byElement].sort()) {
    out.write(`${el}\n`);
    for (const [metric, n] of m) out.write(`  ${metric}: ${n}   e.g. ${t.examples.get(`${el} / ${metric}`)}\n`);
  }
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  // Some elements draw from a set of strings (pl-multiple-choice's wrong test answer): fix the hash seed on both sides.
  process.env.PYTHONHASHSEED ??= '0';
  const found = await findPython(process.env.PL_PYTHON);
  if (!found.ok) throw new Error(found.message);
  const sides = new Sides(new PythonPool(found.python, o.ours ?? pythonRoot(), 1, 30000, 4096), new UpstreamHelper(found.python, path.resolve(o.checkout), o.ours ?? pythonRoot()));
  const t = new Tally();
  try {
    for (const course of o.courses) {
      for (const qid of questionIds(course)) {
        if (o.only && !o.only.test(qid)) continue;
        const q = readQuestion(course, qid);
        if (q.issues.length > 0 || q.html === undefined) continue;
        for (const seed of o.seeds) {
          try {
            await compareQuestion(sides, t, q, seed);
          } catch (err) {
            t.blame('(comparison failed)', 'error', `${qid} seed ${seed}: ${(err as Error).message}`);
          }
        }
        process.stderr.write('.');
      }
    }
  } finally {
    await sides.pool.dispose();
    sides.upstream.dispose();
  }
  report(t, process.stdout);
  if (o.json) {
    const byElement = Object.fromEntries([...t.byElement].map(([el, m]) => [el, Object.fromEntries(m)]));
    fs.writeFileSync(o.json, JSON.stringify({ counts: Object.fromEntries(t.counts), byElement, examples: Object.fromEntries(t.examples), all: t.all }, null, 1));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
