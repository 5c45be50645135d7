// pl-units-input in real Python with pint (PrairieLearn's elements/<name>/<name>.py): the three grading modes,
// magnitude partial credit, the parse messages, panels and test(). Messages, the numberless rule and the
// prepare checks follow PrairieLearn's pl-units-input.py and unit_utils.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const EL = 'pl-units-input';
const WITH = '<pl-units-input answers-name="d" correct-answer="1.5 km"></pl-units-input>';

test('pl-units-input with-units: converts units, checks dimensionality, relative tolerance', () => {
  const v = makeVariant(EL, WITH);
  assert.equal(v.correct_answers.d, '1.5 km');
  assert.deepEqual(submit(EL, WITH, v, { d: '1500 m' }).partial_scores.d, { score: 1, weight: 1 });
  assert.equal(submit(EL, WITH, v, { d: '1.51 km' }).partial_scores.d.score, 1, 'within rtol 1e-2');
  assert.deepEqual(submit(EL, WITH, v, { d: '1.6 km' }).partial_scores.d, { score: 0, weight: 1, feedback: 'Your answer is incorrect.' });
  const dim = submit(EL, WITH, v, { d: '1.5 s' }).partial_scores.d;
  assert.equal(dim.score, 0);
  assert.match(dim.feedback, /dimensionality <code>\[time\]<\/code>, which is inconsistent with <code>\[length\]<\/code>/);
  assert.equal(submit(EL, WITH, v, { d: '1500 m' }).submitted_answers.d, '1500 meter');
});

test('pl-units-input exact-units with magnitude-partial-credit; only-units', () => {
  const exact = '<pl-units-input answers-name="d" correct-answer="1.5 km" grading-mode="exact-units" magnitude-partial-credit="0.7"></pl-units-input>';
  const v = makeVariant(EL, exact);
  assert.equal(submit(EL, exact, v, { d: '1.5 km' }).partial_scores.d.score, 1);
  const units = submit(EL, exact, v, { d: '1500 m' }).partial_scores.d;
  assert.equal(units.score, 0, 'same length, other units: magnitude differs');
  const magOnly = submit(EL, exact, v, { d: '1.5 mi' }).partial_scores.d;
  assert.equal(magOnly.score, 0.7);
  assert.match(magOnly.feedback, /correct magnitude, but incorrect units/);
  const unitsOnly = submit(EL, exact, v, { d: '3 km' }).partial_scores.d;
  assert.ok(Math.abs(unitsOnly.score - 0.3) < 1e-12);
  assert.equal(unitsOnly.feedback, 'Your answer has correct units, but incorrect magnitude.');
  assert.equal(submit(EL, exact, v, { d: '3 mi' }).partial_scores.d.feedback, 'Your answer has incorrect units and magnitude.');
  const only = '<pl-units-input answers-name="u" correct-answer="m/s^2" grading-mode="only-units"></pl-units-input>';
  const ov = makeVariant(EL, only);
  assert.equal(submit(EL, only, ov, { u: 'm/s**2' }).partial_scores.u.score, 1);
  assert.equal(submit(EL, only, ov, { u: 'm/s' }).partial_scores.u.score, 0);
  assert.equal(submit(EL, only, ov, { u: '3 m/s^2' }).format_errors.u, 'Invalid format. The submitted answer should not include a magnitude.');
});

test('pl-units-input format errors', () => {
  const v = makeVariant(EL, WITH);
  const cases: [Record<string, string>, RegExp][] = [
    [{}, /^No submitted answer\.$/],
    [{ d: '  ' }, /^Invalid format\. The submitted answer was left blank\.$/],
    [{ d: '1 vfg' }, /^Invalid unit\.$/],
    [{ d: '1/0' }, /^Exception when parsing submission: /],
    [{ d: '42' }, /^Invalid format\. The submitted answer has no unit\.$/],
    [{ d: 'km' }, /should include a magnitude/],
    [{ d: '1 km' }, null as any],
  ];
  for (const [raw, message] of cases) {
    const errors = submit(EL, WITH, v, raw).format_errors;
    if (message === null) assert.deepEqual(errors, {}, 'a written 1 is a magnitude');
    else assert.match(errors.d ?? '', message, JSON.stringify(raw));
  }
  const blank = '<pl-units-input answers-name="d" correct-answer="1 m" allow-blank="true"></pl-units-input>';
  assert.equal(submit(EL, blank, makeVariant(EL, blank), { d: '' }).partial_scores.d.score, 0);
  const prep = (h: string, extra = {}) => elementError(EL, 'prepare', h, phaseData('prepare', extra)) ?? '';
  assert.match(prep('<pl-units-input answers-name="d" correct-answer="1 m"></pl-units-input>', { correct_answers: { d: '2 m' } }), /Duplicate correct_answers variable name: d/);
  assert.match(prep('<pl-units-input answers-name="d" correct-answer="1 m" atol="0.1"></pl-units-input>'), /must have units in "with-units" grading/);
  assert.match(prep('<pl-units-input answers-name="d" correct-answer="1 m" comparison="sigfig"></pl-units-input>'), /Cannot set attribute "comparison"/);
  assert.match(prep('<pl-units-input answers-name="d" correct-answer="1 m" grading-mode="exact-units" atol="1 m"></pl-units-input>'), /may only have units in with-units/);
  assert.match(prep('<pl-units-input answers-name="d" correct-answer="1 m" grading-mode="exact-units" magnitude-partial-credit="2"></pl-units-input>'), /range \[0.0, 1.0\]/);
  assert.match(prep('<pl-units-input answers-name="d" correct-answer=""></pl-units-input>'), /cannot be blank/);
  const withAtol = '<pl-units-input answers-name="d" correct-answer="1 m" atol="1 cm"></pl-units-input>';
  assert.equal(submit(EL, withAtol, makeVariant(EL, withAtol), { d: '1.015 m' }).partial_scores.d.score, 1, 'rtol 1e-2 of 1 m plus atol 1 cm');
  assert.match(elementError(EL, 'prepare', '<pl-units-input answers-name="d" correct-answer="3"></pl-units-input>', phaseData('prepare')) ?? '', /has no unit/);
});

test('pl-units-input renders each panel', () => {
  const v = makeVariant(EL, WITH);
  const graded = submit(EL, WITH, v, { d: '1500 m' });
  const q = render(EL, WITH, v, 'question', { ...graded, raw_submitted_answers: { d: '1500 m' } });
  assert.match(q, /<input type="text"[^>]*name="d"[^>]*value="1500 m"/);
  assert.match(q, /badge text-bg-success/);
  assert.match(q, /placeholder="Number \(rtol=0.01, atol=1e-8 kilometer\) \+ Unit"/);
  const bad = submit(EL, WITH, v, { d: '1 vfg' });
  assert.match(render(EL, WITH, v, 'question', { ...bad, raw_submitted_answers: { d: '1 vfg' } }), /is-invalid[\s\S]*Invalid unit\./);
  assert.match(render(EL, WITH, v, 'submission', { ...bad, raw_submitted_answers: { d: '1 vfg' } }), /user-output-invalid[\s\S]*Invalid unit/);
  assert.match(render(EL, WITH, v, 'submission', graded), /1500 m[\s\S]*badge text-bg-success/);
  assert.match(render(EL, WITH, v, 'answer'), /1\.5 km/);
  assert.equal(render(EL, '<pl-units-input answers-name="d"></pl-units-input>', makeVariant(EL, '<pl-units-input answers-name="d"></pl-units-input>'), 'answer'), '');
});

test('pl-units-input test() agrees with parse and grade in every mode', () => {
  const htmls = [WITH,
    '<pl-units-input answers-name="d" correct-answer="1.5 km" grading-mode="exact-units" magnitude-partial-credit="0.4"></pl-units-input>',
    '<pl-units-input answers-name="d" correct-answer="N*m" grading-mode="only-units"></pl-units-input>'];
  for (const html of htmls) {
    for (const seed of [1, 2]) {
      const v = makeVariant(EL, html, seed);
      assert.equal(selfTest(EL, html, v, 'correct').expected.partial_scores.d.score, 1);
      assert.ok(selfTest(EL, html, v, 'incorrect').expected.partial_scores.d.score < 1);
      selfTest(EL, html, v, 'invalid');
    }
  }
});
