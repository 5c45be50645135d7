// pl-matrix-component-input in real Python. Behaviour from PrairieLearn's
// apps/prairielearn/elements/pl-matrix-component-input/pl-matrix-component-input.py (read through the
// search tools): one field per cell named answers-name + row-major 1-based index, string_fraction_to_number
// per cell, per-cell comparison, partial credit = correct cells / cells with allow-partial-credit, a
// feedback dict {cell: "correct"|"incorrect"} when not all correct; attributes as elementData.json lists them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const EL = 'pl-matrix-component-input';
const HTML = '<pl-matrix-component-input answers-name="A" label="$A =$"></pl-matrix-component-input>';
const PARTIAL = '<pl-matrix-component-input answers-name="A" allow-partial-credit="true"></pl-matrix-component-input>';
const variant = (html = HTML) => makeVariant(EL, html, 1, {}, { A: [[1, 2], [3, 4]] });
const cells = (a: string, b: string, c: string, d: string) => ({ A1: a, A2: b, A3: c, A4: d });

test('pl-matrix-component-input parses each cell and grades all-or-nothing by default', () => {
  const v = variant();
  const right = submit(EL, HTML, v, cells('1', '2', '3', '4.01'));
  assert.deepEqual(right.partial_scores.A, { score: 1, weight: 1 }, 'within rtol 1e-2');
  assert.equal(right.submitted_answers.A._type, 'ndarray');
  assert.deepEqual(right.submitted_answers.A._value, [[1, 2], [3, 4.01]]);
  assert.equal(right.submitted_answers.A1, 1);
  const oneWrong = submit(EL, HTML, v, cells('1', '2', '3', '5'));
  assert.deepEqual(oneWrong.partial_scores.A, {
    score: 0, weight: 1, feedback: { A1: 'correct', A2: 'correct', A3: 'correct', A4: 'incorrect' },
  });
  assert.equal(submit(EL, HTML, v, cells('1/1', '4/2', '3', '4')).partial_scores.A.score, 1, 'fractions allowed by default');
});

test('pl-matrix-component-input gives partial credit per cell with allow-partial-credit', () => {
  const v = variant(PARTIAL);
  const d = submit(EL, PARTIAL, v, cells('1', '0', '3', '0'));
  assert.equal(d.partial_scores.A.score, 0.5);
  assert.deepEqual(d.partial_scores.A.feedback, { A1: 'correct', A2: 'incorrect', A3: 'correct', A4: 'incorrect' });
  const weighted = '<pl-matrix-component-input answers-name="A" weight="3" allow-partial-credit="true"></pl-matrix-component-input>';
  assert.deepEqual(submit(EL, weighted, variant(weighted), cells('1', '2', '3', '0')).partial_scores.A.score, 0.75);
  assert.equal(submit(EL, weighted, variant(weighted), cells('1', '2', '3', '0')).partial_scores.A.weight, 3);
});

test('pl-matrix-component-input comparison sigfig and decdig, and no correct answer skips grading', () => {
  const sf = '<pl-matrix-component-input answers-name="A" comparison="sigfig" digits="3"></pl-matrix-component-input>';
  const v = makeVariant(EL, sf, 1, {}, { A: [[1.234, 100]] });
  assert.equal(submit(EL, sf, v, { A1: '1.23', A2: '100.4' }).partial_scores.A.score, 1);
  assert.equal(submit(EL, sf, v, { A1: '1.2', A2: '100' }).partial_scores.A.score, 0);
  const dd = '<pl-matrix-component-input answers-name="A" comparison="decdig" digits="1"></pl-matrix-component-input>';
  const vd = makeVariant(EL, dd, 1, {}, { A: [[1.234]] });
  assert.equal(submit(EL, dd, vd, { A1: '1.2' }).partial_scores.A.score, 1);
  assert.equal(submit(EL, dd, vd, { A1: '1.3' }).partial_scores.A.score, 0);
  const sized = '<pl-matrix-component-input answers-name="A" rows="1" columns="2"></pl-matrix-component-input>';
  const free = makeVariant(EL, sized);
  const d = submit(EL, sized, free, { A1: '5', A2: '6' });
  assert.deepEqual(d.partial_scores, {});
  assert.deepEqual(d.submitted_answers.A._value, [[5, 6]]);
});

test('pl-matrix-component-input format errors per cell and for the whole matrix; blank-value', () => {
  const v = variant();
  const d = submit(EL, HTML, v, cells('1', 'x', '', '4'));
  assert.match(d.format_errors.A, /one or more entries/);
  assert.match(d.format_errors.A2, /could not be interpreted/);
  assert.match(d.format_errors.A3, /blank/);
  assert.equal(d.format_errors.A1, undefined);
  assert.equal(d.submitted_answers.A, null);
  assert.equal(d.submitted_answers.A2, null);
  assert.ok(submit(EL, HTML, v, { A1: '1', A2: '2', A3: '3' }).format_errors.A4, 'a missing cell');
  const noFrac = '<pl-matrix-component-input answers-name="A" allow-fractions="false"></pl-matrix-component-input>';
  assert.match(submit(EL, noFrac, variant(noFrac), cells('1/2', '2', '3', '4')).format_errors.A1, /Fractional answers are not allowed/);
  const blank = '<pl-matrix-component-input answers-name="A" allow-blank="true" blank-value="2"></pl-matrix-component-input>';
  assert.equal(submit(EL, blank, variant(blank), cells('1', ' ', '3', '4')).partial_scores.A.score, 1);
});

test('pl-matrix-component-input attribute errors at prepare and render', () => {
  const noSize = '<pl-matrix-component-input answers-name="A"></pl-matrix-component-input>';
  assert.match(elementError(EL, 'prepare', noSize, phaseData('prepare')) ?? '', /Number of rows is not set/);
  const zero = '<pl-matrix-component-input answers-name="A" rows="2" columns="0"></pl-matrix-component-input>';
  assert.match(elementError(EL, 'prepare', zero, phaseData('prepare')) ?? '', /Number of columns in pl-matrix-component-input must be strictly positive/);
  assert.match(elementError(EL, 'prepare', '<pl-matrix-component-input answers-name="A" rows="1" columns="1" size="3"></pl-matrix-component-input>', phaseData('prepare')) ?? '', /size/);
  const bad = '<pl-matrix-component-input answers-name="A" comparison="exact"></pl-matrix-component-input>';
  assert.match(elementError(EL, 'render', bad, phaseData('render-question', { correct_answers: { A: [[1]] } })) ?? '', /method of comparison "exact" is not valid/);
  assert.match(elementError(EL, 'render', HTML, phaseData('render-question', { correct_answers: { A: 3 } })) ?? '', /cannot be a scalar/);
  assert.match(elementError(EL, 'render', HTML, phaseData('render-question', { correct_answers: { A: [1, 2] } })) ?? '', /must be a 2D array/);
  const negative = '<pl-matrix-component-input answers-name="A" rtol="-1"></pl-matrix-component-input>';
  assert.match(elementError(EL, 'render', negative, phaseData('render-question', { correct_answers: { A: [[1]] } })) ?? '', /rtol = -1 must be non-negative/);
});

test('pl-matrix-component-input renders each panel', () => {
  const v = variant();
  const raw = cells('1', '2', '3', '5');
  const graded = submit(EL, HTML, v, raw);
  const q = render(EL, HTML, v, 'question', { ...graded, raw_submitted_answers: raw });
  assert.equal((q.match(/<input type="text"/g) ?? []).length, 4, 'a 2x2 grid of inputs');
  assert.match(q, /name="A4" aria-label="A, row 2, column 2" value="5"/);
  assert.match(q, /\$A =\$/);
  assert.match(q, /badge text-bg-danger/);
  assert.match(q, /relative tolerance 0\.01 and absolute tolerance 1e-08/);
  assert.match(render(EL, HTML, v, 'question', {}, { editable: false }), /name="A1"[^>]* disabled>/);
  const sized = '<pl-matrix-component-input answers-name="B" rows="3" columns="2" aria-label="Matrix B" suffix="m"></pl-matrix-component-input>';
  const sq = render(EL, sized, makeVariant(EL, sized), 'question');
  assert.equal((sq.match(/<input type="text"/g) ?? []).length, 6, 'rows x columns when there is no correct answer');
  assert.match(sq, /aria-label="Matrix B, row 3, column 2"/);
  assert.match(sq, /class="pl-suffix">m</);

  const s = render(EL, HTML, v, 'submission', graded);
  assert.match(s, /\\begin\{bmatrix\}\s*1 & 2\\\\\s*3 & 5\\\\\s*\\end\{bmatrix\}/, 'LaTeX when feedback is off');
  const pv = variant(PARTIAL);
  const partial = submit(EL, PARTIAL, pv, raw);
  const sp = render(EL, PARTIAL, pv, 'submission', { ...partial, raw_submitted_answers: raw });
  assert.match(sp, /<code class="user-output">5<\/code> <span class="badge text-bg-danger" aria-label="incorrect">/, 'per-cell marks with partial credit');
  assert.match(sp, /75%/);
  const invalidRaw = cells('1', 'x', '3', '4');
  const invalid = submit(EL, HTML, v, invalidRaw);
  const si = render(EL, HTML, v, 'submission', { ...invalid, raw_submitted_answers: invalidRaw });
  assert.match(si, /<code class="user-output-invalid">x<\/code>/);
  assert.match(si, /Invalid/);
  assert.match(si, /one or more entries/);
  assert.match(render(EL, HTML, v, 'submission', { submitted_answers: {} }), /missing input/);

  assert.match(render(EL, HTML, v, 'answer'), /\$A =\$<\/span> \$\\begin\{bmatrix\}\s*1 & 2/);
  const sf = '<pl-matrix-component-input answers-name="A" comparison="sigfig" digits="3"></pl-matrix-component-input>';
  assert.match(render(EL, sf, makeVariant(EL, sf, 1, {}, { A: [[1.23456]] }), 'answer'), /1\.23\\\\/);
  const sizedFree = '<pl-matrix-component-input answers-name="A" rows="1" columns="1"></pl-matrix-component-input>';
  assert.equal(render(EL, sizedFree, makeVariant(EL, sizedFree), 'answer'), '');
});

test('pl-matrix-component-input test() agrees with parse and grade for every test type', () => {
  // The wrong answer shifts each entry by 1 to 10, as PrairieLearn's test() does
  // (elements/pl-matrix-component-input, 88fb855), and expects every entry marked wrong: so the entries
  // here are ones such a shift always moves out of tolerance (1e6 at one significant figure would not be).
  for (const html of [HTML, PARTIAL, '<pl-matrix-component-input answers-name="A" comparison="sigfig" digits="2" allow-partial-credit="true"></pl-matrix-component-input>']) {
    for (const seed of [1, 2]) {
      const v = makeVariant(EL, html, seed, {}, { A: [[1.5, -2], [0, 4e-3], [12, 7]] });
      for (const type of ['correct', 'incorrect', 'invalid'] as const) {
        const { expected } = selfTest(EL, html, v, type);
        if (type === 'correct') assert.equal(expected.partial_scores.A.score, 1);
        if (type === 'incorrect') assert.ok(expected.partial_scores.A.score < 1);
        if (type === 'invalid') assert.ok('A' in expected.format_errors && 'A6' in expected.format_errors);
      }
    }
  }
});
