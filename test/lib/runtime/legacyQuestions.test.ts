// Legacy v2 questions through the runtime, on fixtures modelled on real v2 questions (PrairieLearn's
// testCourse addVectors, v2checkbox, fossilFuelsRadio): server.js in its own bounded Node process, the
// same variants as PrairieLearn for the same seed, the templates filled, typed answers graded, and
// pl-check --test's check that the true answer scores 100%. The expected draws were computed with
// PrairieLearn's own apps/prairielearn/public/localscripts/calculationQuestion/{mersenne,PrairieRandom,
// CBQServer,MCQServer,MTFServer}.js at commit 88fb8556a7a1768e2082736be9095241b11238d7.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { QuestionRuntime } from '../../../server/lib/runtime';

const COURSE = path.join(__dirname, 'fixtures', 'legacyCourse');
const runtime = new QuestionRuntime({ timeoutMs: 3000, memoryMb: 256 });
after(() => runtime.dispose());
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RandomGenerator } = require('../../../server/apps/v2Worker/lib/PrairieRandom');

test('PrairieRandom draws what PrairieLearn draws for the same seed', () => {
  const r = new RandomGenerator('abc1');
  assert.deepEqual([r.randInt(5, 10), r.randInt(5, 10), r.randInt(5, 10), r.randInt(5, 10)], [9, 10, 6, 6]);
  assert.equal(r.randReal(1, 2), 1.1082136160694063);
  assert.equal(r.randElem(['a', 'b', 'c'], [1, 2, 3]), 'c');
  assert.deepEqual(r.randPerm(6), [4, 0, 3, 2, 5, 1]);
  assert.deepEqual(r.randNElem(2, [1, 2, 3, 4, 5]), [5, 4]);
  assert.equal(r.randSign(), -1);
  assert.deepEqual(r.randPoly(), [0, 1, 1]);
  assert.deepEqual(r.randFunc(), { fcn: 'trig', data: { coeff: -1, fcn: 'sin', freq: -3 } });
  assert.deepEqual(r.randArrayUniqueInt(3, 0, 5), [0, 5, 1]);
});

test('a Calculation question: server.js variant, filled template with named inputs, graded answers and feedback', async () => {
  const v = await runtime.createVariant(COURSE, 'addVectors', 'abc1');
  assert.deepEqual(v.issues, []);
  assert.deepEqual(v.params, { ux: 9, uy: 10, vx: 6, vy: 6 });
  assert.deepEqual(v.correctAnswers, { wx: 15, wy: 16 });
  assert.deepEqual(v.options, { relTol: 0.01, absTol: 1e-8 });
  const page = await runtime.render(v);
  assert.match(page.questionHtml, /\$u = \[9, 10\]\$ and \$v = \[6, 6\]\$/);
  assert.match(page.questionHtml, /<img src="plfile:\/questionFiles\/fig\.png">/);
  assert.match(page.questionHtml, /<input data-instavalue="submittedAnswer\.wx" name="wx">, <input data-instavalue="submittedAnswer\.wy" name="wy">/);
  assert.match(page.questionHtml, /class="pl-legacy-note[^"]*">Legacy v2 "Calculation" question/);
  const wrong = await runtime.submit(v, { wx: '15', wy: '3' }, 'grade');
  assert.equal(wrong.score, 0);
  assert.equal(wrong.feedback.wy, 'The second component is incorrect.');
  const right = await runtime.submit(v, { wx: '15.05', wy: '16' }, 'grade');
  assert.equal(right.score, 1, 'within relTol 1%');
  assert.deepEqual(right.submittedAnswers, { wx: '15.05', wy: '16' }, 'typed text, as the v2 client sends it');
  const after = await runtime.render(v, [wrong, right]);
  assert.match(after.questionHtml, /name="wx" value="15\.05">/);
  assert.match(after.submissionHtmls[1], /\[15, 3\][\s\S]*The first component|\[15, 3\]/);
  assert.match(after.answerHtml ?? '', /\$w = \[15, 16\]\$/);
  assert.equal(v.numTries, 2);
});

test('default gradeAnswer: the error type scores by errorToScore with partial credit; formatters; course libraries', async () => {
  const v = await runtime.createVariant(COURSE, 'defaultGrade', 'abc1');
  assert.deepEqual(v.issues, []);
  const mu = v.params.mu as number;
  const len = Math.hypot(mu, 2 * mu);
  assert.match((await runtime.render(v)).questionHtml, new RegExp(`mu = ${mu.toFixed(3)}`));
  const half = (await runtime.submit(v, { len: String(len + 0.05) }, 'grade')).score ?? 0;
  assert.ok(Math.abs(half - 0.75) < 1e-9, `error = tol/2 scores 0.75, got ${half}`);
  assert.equal((await runtime.submit(v, { len: String(len) }, 'grade')).score, 1);
  const lib = await runtime.createVariant(COURSE, 'courseLib', '1');
  assert.deepEqual([lib.params, lib.correctAnswers], [{ word: 'hello' }, { y: 42 }]);
  // Without partialCredit a v2 score rounds to 0 or 1.
  assert.equal((await runtime.submit(lib, { y: '41' }, 'grade')).score, 0);
});

test('Checkbox, MultipleChoice and MultipleTrueFalse draw PrairieLearn\'s choices from info.json and grade the form', async () => {
  const cb = await runtime.createVariant(COURSE, 'checkbox', 'zz9');
  assert.deepEqual((cb.params.answers as Array<{ text: string }>).map((a) => a.text), ['T1', 'F3', 'T4', 'F2', 'F4', 'T2']);
  assert.deepEqual((cb.correctAnswers.correctAnswers as Array<{ key: string }>).map((a) => a.key), ['a', 'c', 'f']);
  assert.equal(cb.options?.numberAnswers, 6);
  assert.match((await runtime.render(cb)).questionHtml, /<input type="checkbox" data-checkedoptional="submittedAnswer\.a" name="a" value="true">/);
  assert.equal((await runtime.submit(cb, { a: 'true', c: 'true', f: 'true' }, 'grade')).score, 1);
  assert.equal((await runtime.submit(cb, { a: 'true', c: 'true' }, 'grade')).score, 0);

  const mc = await runtime.createVariant(COURSE, 'multipleChoice', 'q1w');
  assert.deepEqual((mc.params.answers as Array<{ text: string }>).map((a) => a.text), ['W5', 'W1', 'Right', 'W2']);
  assert.deepEqual(mc.correctAnswers, { key: 'c', text: 'Right' });
  const mcPage = (await runtime.render(mc)).questionHtml;
  assert.match(mcPage, /Pick plfile:\/questionFiles\/x\.png/, 'the option text is a template too');
  assert.match(mcPage, /<input class="form-check-input" type="radio" value="c" data-checked="submittedAnswer\.key" name="key">/);
  assert.equal((await runtime.submit(mc, { key: 'c' }, 'grade')).score, 1);

  const tf = await runtime.createVariant(COURSE, 'trueFalse', '7k');
  assert.deepEqual(tf.correctAnswers, { correctAnswers: [true, false, false, true, false] });
  const answers = { 'q0-true': 'true', 'q1-false': 'true', 'q2-false': 'true', 'q3-true': 'true', 'q4-true': 'true' };
  // The scores default in getData (info.json's schema has no score keys): 4 of 5 right is 0.8, which
  // rounds to 1 without partial credit; the variant's options carry those defaults, as in PrairieLearn.
  assert.equal(tf.options?.correctScore, 1);
  assert.equal((await runtime.submit(tf, answers, 'grade')).score, 1);
  assert.equal((await runtime.submit(tf, { 'q0-false': 'true', 'q3-false': 'true', 'q1-true': 'true' }, 'grade')).score, 0);
});

test('pl-check --test grades the true answer; a hung server.js is stopped and a missing library function is named', async () => {
  for (const qid of ['addVectors', 'defaultGrade', 'checkbox', 'multipleChoice', 'trueFalse', 'courseLib']) {
    const t = await runtime.test(COURSE, qid, '3x');
    assert.ok(t.passed, `${qid}: ${JSON.stringify([t.issues, t.mismatches])}`);
  }
  const hung = await runtime.test(COURSE, 'loops', '1');
  assert.equal(hung.passed, false);
  assert.match(hung.issues[0].message, /took longer than 3000 ms and was stopped/);
  const missing = await runtime.createVariant(COURSE, 'throws', '1');
  assert.equal(missing.broken, true);
  assert.match(missing.issues[0].message, /PrairieGeom\.solveFourBar is not provided by the local runtime/);
  assert.equal(missing.issues[0].line, 3);
});
