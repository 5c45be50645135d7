// pl-matrix-input and pl-variable-output / pl-matrix-output in real Python (PrairieLearn's elements/<name>/<name>.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData, runElement } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const EL = 'pl-matrix-input';
const HTML = '<pl-matrix-input answers-name="A" label="$A =$"></pl-matrix-input>';
const variant = () => makeVariant(EL, HTML, 1, {}, { A: [[1, 2], [3, 4]] });

test('pl-matrix-input parses MATLAB and Python syntax and grades all-or-nothing', () => {
  const v = variant();
  const matlab = submit(EL, HTML, v, { A: '[1 2; 3 4]' });
  assert.deepEqual(matlab.partial_scores.A, { score: 1, weight: 1 });
  assert.equal(matlab.submitted_answers._pl_matrix_input_format.A, 'matlab');
  assert.equal(matlab.submitted_answers.A._type, 'ndarray');
  const python = submit(EL, HTML, v, { A: '[[1.001, 2], [3, 4]]' });
  assert.deepEqual(python.partial_scores.A, { score: 1, weight: 1 }, 'within rtol 1e-2');
  assert.equal(python.submitted_answers._pl_matrix_input_format.A, 'python');
  assert.deepEqual(submit(EL, HTML, v, { A: '[1 2; 3 5]' }).partial_scores.A, { score: 0, weight: 1 });
  assert.deepEqual(submit(EL, HTML, v, { A: '[1 2 3; 4 5 6]' }).partial_scores.A, { score: 0, weight: 1 }, 'shape mismatch');
});

test('pl-matrix-input comparison sigfig / decdig and a missing correct answer skips grading', () => {
  const sf = '<pl-matrix-input answers-name="A" comparison="sigfig" digits="3"></pl-matrix-input>';
  const v = makeVariant(EL, sf, 1, {}, { A: [[1.234]] });
  assert.equal(submit(EL, sf, v, { A: '[1.23]' }).partial_scores.A.score, 1);
  assert.equal(submit(EL, sf, v, { A: '[1.2]' }).partial_scores.A.score, 0);
  const none = makeVariant(EL, HTML);
  assert.deepEqual(submit(EL, HTML, none, { A: '[1]' }).partial_scores, {});
  const bad = '<pl-matrix-input answers-name="A" comparison="exact"></pl-matrix-input>';
  assert.match(elementError(EL, 'render', bad, phaseData('render-question')) ?? '', /method of comparison "exact" is not valid/);
});

test('pl-matrix-input format errors: unbalanced brackets, ragged rows, no answer', () => {
  const v = variant();
  const d = submit(EL, HTML, v, { A: '[1 2; 3' });
  // PrairieLearn's message, then its help (python/prairielearn/conversion_utils.py string_to_2darray and
  // elements/pl-matrix-input/pl-matrix-input.mustache, 88fb855).
  assert.match(d.format_errors.A, /^<p>\n\s+Unbalanced square brackets\.\n\s+<\/p>/);
  assert.match(d.format_errors.A, /Answers should be submitted in Matlab or Python array format\./);
  assert.equal(d.submitted_answers.A, null);
  assert.match(submit(EL, HTML, v, { A: '[[1, 2], [3]]' }).format_errors.A, /Rows 1 and 2 of the matrix have a different number of columns\./);
  assert.match(submit(EL, HTML, v, { A: '[, ,1, 2, 3]' }).format_errors.A, /Entry <code class="user-output-invalid"><\/code> at location \(row=1, column=1\) in the matrix has an invalid format\./);
  assert.match(submit(EL, HTML, v, {}).format_errors.A, /^<p>\n\s+No submitted answer\./);
  assert.match(elementError(EL, 'render', '<pl-matrix-input answers-name="A" rtol="-1"></pl-matrix-input>', phaseData('render-question')) ?? '', /rtol = -1 must be non-negative/);
});

test('pl-matrix-input renders each panel', () => {
  const v = variant();
  const graded = submit(EL, HTML, v, { A: '[1 2; 3 4]' });
  const q = render(EL, HTML, v, 'question', { ...graded, raw_submitted_answers: { A: '[1 2; 3 4]' } });
  assert.match(q, /<input type="text"[^>]*name="A"[^>]*value="\[1 2; 3 4\]"/);
  assert.match(q, /badge text-bg-success/);
  const locked = render(EL, HTML, v, 'question', {}, { editable: false });
  assert.match(locked, / disabled>/);
  const s = render(EL, HTML, v, 'submission', graded);
  assert.match(s, /<code>\[1 2; 3 4\]<\/code>/, 'shown in the syntax it was typed in');
  assert.match(s, /\\begin\{bmatrix\}\s*1 & 2\\\\\s*3 & 4\\\\\s*\\end\{bmatrix\}/);
  const py = submit(EL, HTML, v, { A: '[[1, 2], [3, 4]]' });
  assert.match(render(EL, HTML, v, 'submission', py), /<code>\[\[1, 2\], \[3, 4\]\]<\/code>/);
  assert.match(render(EL, HTML, v, 'answer', py), /Python: <code>[^<]*<\/code><br>MATLAB/, 'the typed syntax first');
  const sf = '<pl-matrix-input answers-name="A" comparison="sigfig" digits="3"></pl-matrix-input>';
  assert.match(render(EL, sf, makeVariant(EL, sf, 1, {}, { A: [[1.23456]] }), 'answer'), /MATLAB: <code>\[1\.23\]<\/code>/);
  const invalid = submit(EL, HTML, v, { A: '[1 2; 3' });
  const si = render(EL, HTML, v, 'submission', { ...invalid, raw_submitted_answers: { A: '[1 2; 3' } });
  assert.match(si, /Invalid/);
  assert.match(si, /user-output-invalid/);
  assert.match(render(EL, HTML, v, 'answer'), /MATLAB: <code>\[1 2; 3 4\]<\/code>/);
  assert.equal(render(EL, HTML, makeVariant(EL, HTML), 'answer'), '');
});

test('pl-matrix-input test() agrees with parse and grade for every test type', () => {
  for (const seed of [1, 2, 3]) {
    const v = makeVariant(EL, HTML, seed, {}, { A: [[1.5, -2], [0, 4e-3]] });
    for (const type of ['correct', 'incorrect', 'invalid'] as const) {
      const { expected } = selfTest(EL, HTML, v, type);
      if (type === 'correct') assert.equal(expected.partial_scores.A.score, 1);
      if (type === 'incorrect') assert.equal(expected.partial_scores.A.score, 0);
      if (type === 'invalid') assert.ok('A' in expected.format_errors);
    }
  }
});

const OUT = '<pl-variable-output digits="3"><pl-variable params-name="M">M</pl-variable><pl-variable params-name="x" comment="a scalar">E</pl-variable></pl-variable-output>';

test('pl-variable-output shows each variable in every language, MATLAB first', () => {
  // Tabs, headers, comments and the Mathematica name suffix follow PrairieLearn's pl-variable-output.py;
  // the numbers come from the library's string_from_numpy.
  const data = phaseData('render-question', { params: { M: { _type: 'ndarray', _value: [[1, 2.5], [3, 4]], _dtype: 'float64' }, x: 3.14159 } });
  const html = runElement('pl-variable-output', 'render', OUT, data).html ?? '';
  for (const line of ['M = [1.000 2.500; 3.000 4.000];', 'E = 3.142; % a scalar', 'import numpy as np\n\nM = np.array([[1.000, 2.500], [3.000, 4.000]])',
    'M = {{1.000, 2.500}, {3.000, 4.000}};', 'Em = 3.142; (* a scalar *)', 'M = matrix(c(1.000, 2.500, 3.000, 4.000), nrow = 2, ncol = 2, byrow = TRUE)',
    'from sympy import *\n\nM = Matrix([[1.000, 2.500], [3.000, 4.000]])']) {
    assert.ok(html.includes(line), `${line} in ${html}`);
  }
  assert.match(html, /class="tab-pane active"[^>]*data-language="matlab"/);
  const only = runElement('pl-variable-output', 'render', OUT.replace(/pl-variable-output/g, 'pl-matrix-output'), data).html ?? '';
  assert.deepEqual([...only.matchAll(/data-language="(\w+)"/g)].map((m) => m[1]), ['matlab', 'python']);
  const sympyFirst = runElement('pl-variable-output', 'render', OUT.replace('digits="3"', 'show-matlab="false" default-tab="matlab"'), data).html ?? '';
  assert.match(sympyFirst, /class="tab-pane active"[^>]*data-language="mathematica"/, 'a hidden default falls back to the first shown tab');
  const noTabs = '<pl-variable-output show-matlab="false" show-mathematica="false" show-numpy="false" show-r="false" show-sympy="false"><pl-variable params-name="x">x</pl-variable></pl-variable-output>';
  assert.match(elementError('pl-variable-output', 'render', noTabs, data) ?? '', /At least one tab must be shown/);
  assert.match(elementError('pl-variable-output', 'render', OUT, phaseData('render-question')) ?? '', /No value in data\["params"\] for variable M/);
  assert.match(elementError('pl-variable-output', 'prepare', '<pl-variable-output><p>x</p></pl-variable-output>', phaseData('prepare')) ?? '', /must be pl-variable, not "p"/);
});
