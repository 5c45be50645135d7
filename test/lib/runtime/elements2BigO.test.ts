// pl-big-o-input in real Python with sympy (PrairieLearn's elements/<name>/<name>.py): limit-based partial credit per type;
// feedback texts as in PrairieLearn's big_o_utils.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const EL = 'pl-big-o-input';
const html = (type: string) => `<pl-big-o-input answers-name="b" type="${type}" variables="n" correct-answer="n^2"></pl-big-o-input>`;

test('pl-big-o-input big-O: exact, constant factors, lower-order terms, too loose, wrong, negative', () => {
  const h = html('big-o');
  const v = makeVariant(EL, h);
  const cases: [string, number, RegExp][] = [
    ['n^2', 1, /^Correct!$/], ['n*n', 1, /unnecessarily complex/], ['3*n^2', 0.5, /constant factors/],
    ['n^2 + n', 0.5, /lower order terms/], ['n^3', 0.25, /too loose/], ['n', 0, /incorrect/], ['-n^2', 0, /negative/],
  ];
  for (const [answer, score, feedback] of cases) {
    const d = submit(EL, h, v, { b: answer });
    assert.equal(d.partial_scores.b.score, score, answer);
    assert.match(d.partial_scores.b.feedback, feedback, answer);
    assert.equal(d.submitted_answers.b, answer, 'the raw string is stored');
  }
});

test('pl-big-o-input theta and omega', () => {
  const theta = html('theta');
  const tv = makeVariant(EL, theta);
  assert.deepEqual(submit(EL, theta, tv, { b: '3*n^2' }).partial_scores.b,
    { score: 0.25, weight: 1, feedback: 'Incorrect, your answer has unnecessary constant factors.' });
  assert.equal(submit(EL, theta, tv, { b: 'n^3' }).partial_scores.b.score, 0);
  const omega = html('omega');
  const ov = makeVariant(EL, omega);
  assert.equal(submit(EL, omega, ov, { b: 'n' }).partial_scores.b.score, 0.25, 'a looser lower bound');
  assert.equal(submit(EL, omega, ov, { b: 'n^3' }).partial_scores.b.score, 0);
});

test('pl-big-o-input format errors and prepare checks', () => {
  const h = html('big-o');
  const v = makeVariant(EL, h);
  assert.equal(submit(EL, h, v, { b: '' }).format_errors.b, 'No submitted answer.');
  assert.match(submit(EL, h, v, { b: 'n +* 1' }).format_errors.b, /syntax error|invalid expression/);
  assert.match(submit(EL, h, v, { b: 'sin(n)' }).format_errors.b, /invalid function|invalid symbol/);
  assert.match(submit(EL, h, v, { b: 'm^2' }).format_errors.b, /invalid symbol "m"/);
  const blank = '<pl-big-o-input answers-name="b" variables="n" correct-answer="1" allow-blank="true"></pl-big-o-input>';
  assert.equal(submit(EL, blank, makeVariant(EL, blank), { b: '' }).partial_scores.b.score, 1, 'blank-value 1');
  assert.match(elementError(EL, 'prepare', '<pl-big-o-input answers-name="b" variable="n" variables="n"></pl-big-o-input>', phaseData('prepare')) ?? '', /both/);
  assert.match(elementError(EL, 'prepare', '<pl-big-o-input answers-name="b" variables="n" correct-answer="n^"></pl-big-o-input>', phaseData('prepare')) ?? '', /Parsing correct answer "n\^" for "b" failed/);
  const inferred = '<pl-big-o-input answers-name="b" correct-answer="n log(m)"></pl-big-o-input>';
  assert.equal(submit(EL, inferred, makeVariant(EL, inferred), { b: 'n*log(m)' }).partial_scores.b.score, 1, 'variables inferred from the answer');
});

test('pl-big-o-input renders each panel', () => {
  const h = html('theta');
  const v = makeVariant(EL, h);
  const graded = submit(EL, h, v, { b: '3*n^2' });
  const q = render(EL, h, v, 'question', { ...graded, raw_submitted_answers: { b: '3*n^2' } });
  assert.match(q, /\$\\Theta\(\$[\s\S]*<input type="text"[^>]*name="b"[^>]*value="3\*n\^2"/);
  assert.match(q, /badge text-bg-warning/);
  const s = render(EL, h, v, 'submission', graded);
  assert.match(s, /\$\\Theta\(3 n\^\{2\}\)\$/);
  assert.match(s, /constant factors/);
  const bad = submit(EL, h, v, { b: 'n +* 1' });
  assert.match(render(EL, h, v, 'submission', { ...bad, raw_submitted_answers: { b: 'n +* 1' } }), /Invalid/);
  assert.match(render(EL, h, v, 'answer'), /\$\\Theta\(n\^\{2\}\)\$/);
});

test('pl-big-o-input test() agrees with parse and grade', () => {
  for (const type of ['big-o', 'theta', 'omega']) {
    const h = html(type);
    const v = makeVariant(EL, h);
    assert.equal(selfTest(EL, h, v, 'correct').expected.partial_scores.b.score, 1);
    assert.equal(selfTest(EL, h, v, 'incorrect').expected.partial_scores.b.score, type === 'theta' ? 0.25 : 0.5);
    selfTest(EL, h, v, 'invalid');
  }
});
