// pl-number-input and pl-integer-input controllers, run in a real Python.
// Facts: PrairieLearn's elements/pl-number-input and elements/pl-integer-input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData, runElement, selfTest, type Data } from './elementHarness';

const NUM = 'pl-number-input';
const INT = 'pl-integer-input';

function gradeNumber(html: string, raw: string, correct: unknown, name = 'x'): Data {
  const parsed = runElement(NUM, 'parse', html, phaseData('parse', { submitted_answers: { [name]: raw }, raw_submitted_answers: { [name]: raw } })).data;
  if (Object.keys(parsed.format_errors).length) return parsed;
  return runElement(NUM, 'grade', html, phaseData('grade', {
    correct_answers: { [name]: correct }, submitted_answers: parsed.submitted_answers, raw_submitted_answers: { [name]: raw },
  })).data;
}

test('number input prepare stores the correct answer as a float and checks names', () => {
  const d = runElement(NUM, 'prepare', '<pl-number-input answers-name="x" correct-answer="3"></pl-number-input>', phaseData('prepare')).data;
  assert.deepEqual(d.correct_answers, { x: 3 });
  assert.deepEqual(d.answers_names, { x: true });
  assert.match(elementError(NUM, 'prepare', '<pl-number-input answers-name="x" correct-answer="3"></pl-number-input>', phaseData('prepare', { correct_answers: { x: 1 } }))!, /duplicate correct_answers variable name/);
  assert.match(elementError(NUM, 'prepare', '<pl-number-input answers-name="x" colour="red"></pl-number-input>', phaseData('prepare'))!, /Unknown attribute "colour"/);
  assert.match(elementError(NUM, 'prepare', '<pl-number-input answers-name="x" comparison="exact"></pl-number-input>', phaseData('prepare'))!, /comparison/);
});

test('number input parse: numbers, fractions, complex and the format-error block', () => {
  const el = '<pl-number-input answers-name="x"></pl-number-input>';
  const parse = (raw: string | undefined, html = el) => runElement(NUM, 'parse', html, phaseData('parse', { submitted_answers: raw === undefined ? {} : { x: raw } })).data;
  assert.deepEqual(parse('1/4').submitted_answers, { x: 0.25 });
  assert.deepEqual(parse(' -2.5e3 ').submitted_answers, { x: -2500 });
  const bad = parse('x+1');
  assert.equal(bad.submitted_answers.x, null);
  // PrairieLearn's text and layout (elements/pl-number-input/pl-number-input.mustache, 88fb855).
  assert.match(bad.format_errors.x, /^<p>\n {12}Invalid format: The submitted answer could not be interpreted as a decimal number\.\n/);
  assert.match(bad.format_errors.x, /Do not write variables or other symbols/);
  assert.match(parse('1/2', '<pl-number-input answers-name="x" allow-fractions="false"></pl-number-input>').format_errors.x, /^<p>\n\s+Fractional answers are not allowed in this input\..*variables, fractions, or other symbols/s);
  assert.match(parse(undefined).format_errors.x, /^<p>\n\s+No submitted answer\./);
  assert.match(parse('').format_errors.x, /^<p>\n\s+The submitted answer was blank\./);
  assert.deepEqual(parse('2-3i', '<pl-number-input answers-name="x" allow-complex="true"></pl-number-input>').submitted_answers.x, { _type: 'complex', _value: { real: 2, imag: -3 } });
  assert.deepEqual(parse('  ', '<pl-number-input answers-name="x" allow-blank="true"></pl-number-input>').submitted_answers, { x: 0 });
  assert.deepEqual(parse('', '<pl-number-input answers-name="x" allow-blank="true" blank-value=""></pl-number-input>').submitted_answers, { x: '' });
});

test('number input grade: relabs tolerance edges, feedback and the precision warning', () => {
  const el = '<pl-number-input answers-name="x"></pl-number-input>';
  assert.deepEqual(gradeNumber(el, '3.03', 3).partial_scores.x, { score: 1, weight: 1, feedback: 'The correct answer used for grading was 3.0.' });
  assert.deepEqual(gradeNumber(el, '3.0301', 3).partial_scores.x, { score: 0, weight: 1 });
  // rtol 1e-2 is relative to the TRUE value only.
  assert.equal(gradeNumber(el, '99', 100).partial_scores.x.score, 1);
  assert.equal(gradeNumber(el, '100', 98.9).partial_scores.x.score, 0);
  // A coarsely rounded wrong answer gets the warning: last digit worth 1 > rtol.
  assert.deepEqual(gradeNumber(el, '4', 3.5).partial_scores.x, { score: 0, weight: 1, feedback: 'Your answer does not have precision within the specified relative tolerance.' });
  assert.deepEqual(gradeNumber(el, '4.000', 3.5).partial_scores.x, { score: 0, weight: 1 });
  const quiet = '<pl-number-input answers-name="x" show-correct-answer="false" weight="3" rtol="0.1"></pl-number-input>';
  assert.deepEqual(gradeNumber(quiet, '3.2', 3).partial_scores.x, { score: 1, weight: 3 });
  // No correct answer: grading is left to server.py.
  const none = runElement(NUM, 'grade', el, phaseData('grade', { submitted_answers: { x: 1 } })).data;
  assert.deepEqual(none.partial_scores, {});
});

test('number input grade: sigfig and decdig comparisons', () => {
  const sf = '<pl-number-input answers-name="x" comparison="sigfig" digits="3"></pl-number-input>';
  assert.equal(gradeNumber(sf, '1.23', 1.234).partial_scores.x.score, 1);
  assert.equal(gradeNumber(sf, '1.24', 1.234).partial_scores.x.score, 0);
  assert.equal(gradeNumber(sf, '1.2', 1.234).partial_scores.x.feedback, 'Your answer does not have precision within the specified relative tolerance.');
  const dd = '<pl-number-input answers-name="x" comparison="decdig" digits="1"></pl-number-input>';
  assert.equal(gradeNumber(dd, '2.5', 2.54).partial_scores.x.score, 1);
  assert.equal(gradeNumber(dd, '2.6', 2.54).partial_scores.x.score, 0);
  const cx = '<pl-number-input answers-name="x" allow-complex="true"></pl-number-input>';
  assert.equal(gradeNumber(cx, '1+2i', { _type: 'complex', _value: { real: 1, imag: 2 } }).partial_scores.x.score, 1);
  const blank = '<pl-number-input answers-name="x" allow-blank="true" blank-value=""></pl-number-input>';
  assert.deepEqual(gradeNumber(blank, '', '').partial_scores.x, { score: 1, weight: 1, feedback: 'The correct answer used for grading was blank.' });
  assert.equal(gradeNumber(blank, '2', '').partial_scores.x.score, 0);
});

test('number input render: question input, submission value and errors, answer formats', () => {
  const el = '<pl-number-input answers-name="x" label="$v=$" suffix="m/s"></pl-number-input>';
  const q = runElement(NUM, 'render', el, phaseData('render', { raw_submitted_answers: { x: '3.1' }, partial_scores: { x: { score: 0.5, weight: 1 } } })).html!;
  assert.match(q, /<input [^>]*name="x"[^>]*value="3.1"/);
  assert.match(q, /\$v=\$/);
  assert.match(q, /m\/s/);
  assert.match(q, /data-score="partial"[^>]*>.*50%/);
  assert.doesNotMatch(q, /disabled/);
  assert.match(q, /<details class="pl-help-text[^>]*>.*relative tolerance 0\.01 and absolute tolerance 1e-08/s);
  const noHelp = runElement(NUM, 'render', '<pl-number-input answers-name="x" show-help-text="false"></pl-number-input>', phaseData('render')).html!;
  assert.doesNotMatch(noHelp, /pl-help-text/);
  const locked = runElement(NUM, 'render', el, phaseData('render', { editable: false })).html!;
  assert.match(locked, /<input [^>]*disabled/);
  const invalid = runElement(NUM, 'render', el, phaseData('render', { raw_submitted_answers: { x: 'abc' }, format_errors: { x: 'Bad <b>number</b>' } })).html!;
  assert.match(invalid, /is-invalid/);
  assert.match(invalid, /Bad <b>number<\/b>/);
  const sub = runElement(NUM, 'render', el, phaseData('render-submission', { submitted_answers: { x: 3.25 }, partial_scores: { x: { score: 1, weight: 1, feedback: 'Nice' } } })).html!;
  assert.match(sub, /3\.25/);
  assert.match(sub, /data-score="correct"/);
  assert.match(sub, /Nice/);
  const subBad = runElement(NUM, 'render', el, phaseData('render-submission', { submitted_answers: { x: null }, raw_submitted_answers: { x: 'a<b' }, format_errors: { x: 'Oops' } })).html!;
  assert.match(subBad, /user-output-invalid">a&lt;b</);
  assert.match(subBad, /Oops/);
  assert.match(runElement(NUM, 'render', el, phaseData('render-submission')).html!, /missing input/);
  const answer = (html: string, value: unknown) => runElement(NUM, 'render', html, phaseData('render-answer', { correct_answers: { x: value } })).html!;
  assert.match(answer(el, 1 / 3), /0\.333333333333 m\/s/);
  assert.match(answer('<pl-number-input answers-name="x" comparison="sigfig" digits="2"></pl-number-input>', 1234.5), /1\.2e3/);
  assert.match(answer('<pl-number-input answers-name="x" comparison="decdig" digits="3"></pl-number-input>', 2), />2\.000</);
  assert.match(answer('<pl-number-input answers-name="x" custom-format=".2e"></pl-number-input>', 1234.5), /1\.23e\+03/);
  assert.equal(answer('<pl-number-input answers-name="x" show-correct-answer="false"></pl-number-input>', 2), '');
  assert.equal(runElement(NUM, 'render', el, phaseData('render-answer')).html, '');
});

test('number input test(): correct, incorrect and invalid agree with parse and grade', () => {
  for (const html of [
    '<pl-number-input answers-name="x" correct-answer="3.14159"></pl-number-input>',
    '<pl-number-input answers-name="x" correct-answer="-250" comparison="sigfig" digits="3"></pl-number-input>',
    '<pl-number-input answers-name="x" correct-answer="0.125" comparison="decdig" digits="2"></pl-number-input>',
  ]) {
    for (const seed of [1, 2]) {
      for (const kind of ['correct', 'incorrect'] as const) {
        const r = selfTest(NUM, html, kind, seed);
        assert.ok(r.graded, `${kind} must be gradable: ${JSON.stringify(r.parsed.format_errors)}`);
        assert.deepEqual(r.graded!.partial_scores, r.expected.partial_scores, `${html} ${kind} seed ${seed}`);
      }
      const inv = selfTest(NUM, html, 'invalid', seed);
      assert.deepEqual(Object.keys(inv.parsed.format_errors), Object.keys(inv.expected.format_errors));
      assert.equal(inv.graded, null);
    }
  }
});

test('integer input: parse in bases, big integers as text, blank handling, grade and test', () => {
  const parse = (html: string, raw?: string) => runElement(INT, 'parse', html, phaseData('parse', { submitted_answers: raw === undefined ? {} : { x: raw } })).data;
  const el = '<pl-integer-input answers-name="x"></pl-integer-input>';
  assert.deepEqual(parse(el, ' 42 ').submitted_answers, { x: 42 });
  assert.deepEqual(parse(el, '123456789012345678901234567890').submitted_answers, { x: '123456789012345678901234567890' });
  // PrairieLearn's text and layout (elements/pl-integer-input/pl-integer-input.mustache, 88fb855).
  assert.match(parse(el, '4.5').format_errors.x, /^<p> Invalid format:\n\s+the submitted answer could not be interpreted as an integer\./);
  assert.match(parse(el, '').format_errors.x, /^<p> Invalid format:\n\s+the submitted answer was blank\./);
  assert.equal(parse(el).format_errors.x, 'No submitted answer.');
  assert.deepEqual(parse('<pl-integer-input answers-name="x" base="16"></pl-integer-input>', 'ff').submitted_answers, { x: 255 });
  assert.match(parse('<pl-integer-input answers-name="x" base="2"></pl-integer-input>', '12').format_errors.x, /in base 2/);
  assert.deepEqual(parse('<pl-integer-input answers-name="x" base="0"></pl-integer-input>', '0x1F').submitted_answers, { x: 31 });
  assert.deepEqual(parse('<pl-integer-input answers-name="x" allow-blank="true"></pl-integer-input>', '').submitted_answers, { x: 0 });

  const grade = (html: string, sub: unknown, correct: unknown) => runElement(INT, 'grade', html, phaseData('grade', { submitted_answers: { x: sub }, correct_answers: { x: correct } })).data.partial_scores.x;
  assert.deepEqual(grade(el, 42, 42), { score: 1, weight: 1 });
  assert.deepEqual(grade(el, 41, '42'), { score: 0, weight: 1 });
  assert.equal(grade('<pl-integer-input answers-name="x" base="16"></pl-integer-input>', 255, 'ff').score, 1);
  assert.equal(grade(el, '123456789012345678901234567890', '123456789012345678901234567890').score, 1);

  assert.match(elementError(INT, 'prepare', '<pl-integer-input answers-name="x" base="40"></pl-integer-input>', phaseData('prepare'))!, /Base must be/);
  assert.match(elementError(INT, 'prepare', '<pl-integer-input answers-name="x" correct-answer="1.5"></pl-integer-input>', phaseData('prepare'))!, /could not be parsed/);
  for (const html of ['<pl-integer-input answers-name="x" correct-answer="-17"></pl-integer-input>', '<pl-integer-input answers-name="x" correct-answer="ff" base="16"></pl-integer-input>', '<pl-integer-input answers-name="x" correct-answer="99" base="0"></pl-integer-input>']) {
    for (const seed of [1, 2]) {
      for (const kind of ['correct', 'incorrect'] as const) {
        const r = selfTest(INT, html, kind, seed);
        assert.deepEqual(r.graded?.partial_scores, r.expected.partial_scores, `${html} ${kind}`);
      }
      const inv = selfTest(INT, html, 'invalid', seed);
      assert.deepEqual(Object.keys(inv.parsed.format_errors), ['x']);
    }
  }
  const sub = runElement(INT, 'render', '<pl-integer-input answers-name="x" base="16"></pl-integer-input>', phaseData('render-submission', { submitted_answers: { x: 255 } })).html!;
  assert.match(sub, /FF/);
});

test('number input test() with complex answers, and integer input invalid tests that stay invalid in base 36', () => {
  const cx = '<pl-number-input answers-name="x" allow-complex="true"></pl-number-input>';
  const correct = { x: { _type: 'complex', _value: { real: 1.5, imag: -2 } } };
  for (const kind of ['correct', 'incorrect'] as const) {
    const r = selfTest(NUM, cx, kind, 5, { correct_answers: correct });
    assert.deepEqual(r.graded!.partial_scores, r.expected.partial_scores, kind);
  }
  for (const seed of [1, 2, 3, 4]) {
    const inv = selfTest(INT, '<pl-integer-input answers-name="x" base="36" correct-answer="zz"></pl-integer-input>', 'invalid', seed);
    assert.deepEqual(Object.keys(inv.parsed.format_errors), ['x'], `seed ${seed}: ${inv.expected.raw_submitted_answers.x}`);
  }
});
