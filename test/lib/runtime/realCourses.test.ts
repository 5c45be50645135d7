// False failures found by running real public course questions (PrairieLearn's exampleCourse:
// element/bigOInput, element/code, element/figure, element/markdown) through `pl-check --test`.
// Each test is a minimized question written here, not a copy; the upstream behaviour it pins is
// cited per test (PrairieLearn source read through the public code index).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { QuestionRuntime } from '../../../server/lib/runtime';
import { phaseData, pythonJson, runElement } from './elementHarness';
import { makeVariant, submit } from './fixtures/elements2/lifecycle';

const runtime = new QuestionRuntime({ timeoutMs: 10000, memoryMb: 1024, poolSize: 1 });
const courses: string[] = [];
after(async () => {
  await runtime.dispose();
  for (const dir of courses) fs.rmSync(dir, { recursive: true, force: true });
});

/** A one-question course in a temporary folder: `files` maps paths inside the question folder to contents. */
function course(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-real-'));
  courses.push(root);
  fs.writeFileSync(path.join(root, 'infoCourse.json'), JSON.stringify({
    uuid: '3c1d7a52-1b1e-4d0e-9b7a-6f0c2d9e8a11', name: 'RC 101', title: 'Real-course regressions', topics: [{ name: 'T', color: 'red1' }],
  }));
  const q = path.join(root, 'questions', 'q');
  fs.mkdirSync(q, { recursive: true });
  fs.writeFileSync(path.join(q, 'info.json'), JSON.stringify({ uuid: '9a0e2b7c-4d3f-4c1a-8e6b-2f5d7c9a1b33', title: 'q', topic: 'T', type: 'v3' }));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(q, name), text);
  return root;
}

// Upstream's convert_string_to_sympy parses with sympy's standard_transformations plus implicit
// multiplication (apps/prairielearn/python/prairielearn/sympy_utils.py, evaluate_with_source);
// standard_transformations include factorial_notation, so `n!` is factorial(n). exampleCourse's
// element/bigOInput has correct-answer="n!".
test('postfix ! is factorial in student math and correct answers (big-O n!, symbolic (n+1)!)', () => {
  const html = '<pl-big-o-input answers-name="f" variable="n" correct-answer="n!"></pl-big-o-input>';
  const v = makeVariant('pl-big-o-input', html);
  assert.equal(submit('pl-big-o-input', html, v, { f: 'n!' }).partial_scores.f.score, 1);
  assert.equal(submit('pl-big-o-input', html, v, { f: 'factorial(n)' }).partial_scores.f.score, 1);
  assert.equal(submit('pl-big-o-input', html, v, { f: '2^n' }).partial_scores.f.score, 0);
  const parsed = pythonJson(`import prairielearn.sympy_utils as psu
print(json.dumps([str(psu.convert_string_to_sympy(e, ["n"])) for e in ["(n+1)!", "2n!", "sqrt(n)!", "3!"]]))`);
  assert.deepEqual(parsed, ['factorial(n + 1)', '2*factorial(n)', 'factorial(sqrt(n))', '6']);
});

// Upstream pl-code accepts the special language "ansi-color" next to Pygments' lexers and colours
// the escape codes (apps/prairielearn/elements/pl-code/pl-code.py: prepare's error message and the
// pygments_ansi_color tokens); exampleCourse's element/code shows a terminal log file that way.
// exampleCourse's element/figure server.py annotates `def file(data: pl.QuestionFileData)`;
// annotations are evaluated at definition, so the name must exist in the prairielearn package.
// Upstream's markdown for questions (apps/prairielearn/src/question-servers/freeform markdown
// processor, langRegex /([^\\{]*)?(\{(.*)\})?/) splits the fence info `cpp{4-6,9}` into
// language="cpp" highlight-lines="4-6,9"; exampleCourse's element/markdown uses that form.
test('pl.QuestionFileData in server.py, a cpp{2} fence, and an ansi-color log file render as upstream does', async () => {
  const root = course({
    'log.txt': '\u001b[31mFAIL one\ntwo\u001b[0m ok <x>\n',
    'server.py': 'import prairielearn as pl\n\ndef file(data: pl.QuestionFileData):\n    return "made by " + data["filename"]\n',
    'question.html': '<pl-file-download file-name="x.txt" type="dynamic"></pl-file-download>\n<pl-code language="ansi-color" source-file-name="log.txt"></pl-code>\n<markdown>\n```cpp{2}\nint a;\nint b;\n```\n</markdown>\n',
  });
  const v = await runtime.createVariant(root, 'q', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  assert.equal((await runtime.file(v, 'x.txt')).toString(), 'made by x.txt');
  const page = await runtime.render(v);
  assert.deepEqual(page.issues, []);
  assert.match(page.questionHtml ?? '', /data-language="cpp"/);
  const html = page.questionHtml ?? '';
  assert.match(html, /<span class="pl-code-highlight"[^\n]*>b<\/span>;<\/span>/);
  assert.doesNotMatch(html, /<span class="pl-code-highlight"[^\n]*>a<\/span>;/);
  // Spans close before each newline and reopen after it, so every highlighted line stays balanced.
  assert.match(html, /<span style="color: #c00">FAIL one<\/span>\n<span style="color: #c00">two<\/span> ok &lt;x&gt;/);
  assert.doesNotMatch(html, /\u001b/);
});

// pl-oer-numericalMethods' Norm-VectorNormProperties shows an integer vector (a list from
// `.tolist()`) with pl-matrix-latex. Upstream's latex_from_2darray (apps/prairielearn/python/
// prairielearn/conversion_utils.py) prints arrays with np.array2string and a formatter for
// float_kind and complex_kind only, so integers stay integers while floats get the digits.
test('pl-matrix-latex shows an integer matrix as integers and a float matrix with its digits', () => {
  const out = pythonJson(`import numpy as np, prairielearn as pl
print(json.dumps([pl.latex_from_2darray(np.array([[-8], [3]])), pl.latex_from_2darray(np.array([[1.5, -8.0]])), pl.latex_from_2darray(2)]))`);
  assert.match(out[0], /^\\begin\{bmatrix\}\s*-8\\\\\s*3\\\\\s*\\end\{bmatrix\}$/);
  assert.match(out[1], /1\.50 & -8\.00/);
  assert.equal(out[2], '2.00', 'a scalar is formatted as a number, as upstream does');
});

// exampleCourse's element/variableOutput shows integer params (x = [a, b, a], x1 = [[a, b], [a, b]])
// with pl-variable-output. Upstream (apps/prairielearn/elements/pl-variable-output and
// conversion_utils.string_from_numpy / numpy_to_matlab): the MATLAB tab formats every entry with
// the digits and writes a vector with commas (legacy style); the other tabs go through
// np.array2string with a float/complex-only formatter, so integers stay integers, padded to one width.
test('pl-variable-output: integer vectors and matrices per tab as upstream formats them', () => {
  const html = '<pl-variable-output><pl-variable params-name="x">x</pl-variable><pl-variable params-name="m">m</pl-variable><pl-variable params-name="f">f</pl-variable></pl-variable-output>';
  const out = runElement('pl-variable-output', 'render', html, phaseData('render-question', { params: { x: [9, 13, 9], m: [[9, 13], [9, 13]], f: [0.5, 1] } })).html ?? '';
  const decoded = out.replace(/&#x27;|&#39;/g, "'");
  for (const line of ['x = [9.00, 13.00, 9.00];', 'm = [9.00 13.00; 9.00 13.00];', 'f = [0.50, 1.00];',
    'x = { 9, 13,  9};', 'm = {{ 9, 13}, { 9, 13}};', 'x = np.array([ 9, 13,  9])', 'f = np.array([0.50, 1.00])',
    'x = c( 9, 13,  9)', 'm = Matrix([[ 9, 13], [ 9, 13]])']) {
    assert.ok(decoded.includes(line), `${line} in\n${decoded}`);
  }
});
