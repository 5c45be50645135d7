// Display elements in real Python (PrairieLearn's elements/<name>/<name>.py): pl-matrix-latex, pl-python-variable,
// pl-hidden-hints, pl-template, pl-manual-grading-only, pl-hide-in-manual-grading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ELEMENTS_DIR, PYTHON, elementError, phaseData, runElement } from './elementHarness';

const renderOf = (el: string, html: string, extra: Record<string, any> = {}) => runElement(el, 'render', html, phaseData('render', extra)).html;

test('pl-matrix-latex: a bmatrix with digits and presentation type; a scalar is a plain number; other values raise', () => {
  const params = { A: { _type: 'ndarray', _value: [[1, 2.5], [3.14159, 4]], _dtype: 'float64' }, x: 2.5, s: 'text', v: [1, 2] };
  const html = renderOf('pl-matrix-latex', '<pl-matrix-latex params-name="A" digits="1"></pl-matrix-latex>', { params }) ?? '';
  assert.match(html, /^\\begin\{bmatrix\}/);
  assert.match(html, /1\.0 & 2\.5\\\\\s*3\.1 & 4\.0/);
  assert.equal(renderOf('pl-matrix-latex', '<pl-matrix-latex params-name="x"></pl-matrix-latex>', { params }), '2.50');
  assert.match(renderOf('pl-matrix-latex', '<pl-matrix-latex params-name="A" presentation-type="sigfig" digits="3"></pl-matrix-latex>', { params }) ?? '', /3\.14/);
  assert.match(elementError('pl-matrix-latex', 'render', '<pl-matrix-latex params-name="s"></pl-matrix-latex>', phaseData('render', { params })) ?? '', /numeric 2-D array/);
  assert.match(elementError('pl-matrix-latex', 'render', '<pl-matrix-latex params-name="v"></pl-matrix-latex>', phaseData('render', { params })) ?? '', /numeric 2-D array/);
});

test('pl-python-variable: repr, pprint with options, prefix/suffix, DataFrame as pl-dataframe', () => {
  const params = {
    d: { b: [1, 2], a: 'x' }, n: 3.5, s: "it's",
    df: { _type: 'dataframe', _value: { index: [0, 1], columns: ['a', 'b'], data: [[1, 2], [3, 4]] } },
  };
  assert.equal(renderOf('pl-python-variable', '<pl-python-variable params-name="d"></pl-python-variable>', { params }),
    `<pl-code language="python">{'b': [1, 2], 'a': 'x'}</pl-code>`.replace(/'/g, '&#x27;'));
  assert.equal(renderOf('pl-python-variable', '<pl-python-variable params-name="d" sort-dicts="true" width="16"></pl-python-variable>', { params }),
    `<pl-code language="python">{'a': 'x',\n 'b': [1, 2]}</pl-code>`.replace(/'/g, '&#x27;'));
  assert.equal(renderOf('pl-python-variable', '<pl-python-variable params-name="n" prefix="x =" prefix-newline="true" no-highlight="true"></pl-python-variable>', { params }),
    '<pl-code>x =\n3.5</pl-code>');
  assert.equal(renderOf('pl-python-variable', '<pl-python-variable params-name="s" suffix=" # s"></pl-python-variable>', { params }),
    '<pl-code language="python">&quot;it&#x27;s&quot; # s</pl-code>');
  assert.equal(renderOf('pl-python-variable', '<pl-python-variable params-name="df"></pl-python-variable>', { params }), '<pl-dataframe params-name="df" show-header="true" show-index="true" show-dimensions="true" show-python="false"></pl-dataframe>');
  assert.match(renderOf('pl-python-variable', '<pl-python-variable params-name="df" text="true"></pl-python-variable>', { params }) ?? '', /\[2 rows x 2 columns\]/);
  assert.match(elementError('pl-python-variable', 'render', '<pl-python-variable params-name="zz"></pl-python-variable>', phaseData('render', { params })) ?? '', /Could not find zz in params/);
});

const HINTS = `<pl-hidden-hints><!-- first -->
  <pl-hint show-after-submission="2" hint-name="Big hint">two</pl-hint><pl-hint>always</pl-hint><pl-hint show-after-submission="1">one</pl-hint>
</pl-hidden-hints>`;

test('pl-hidden-hints: hints unlock with valid submissions, sorted, the newest open until solved', () => {
  const shown = (n: number, score = 0) => renderOf('pl-hidden-hints', HINTS, { num_valid_submissions: n, score }) ?? '';
  assert.deepEqual([...shown(0).matchAll(/<summary[^>]*>([^<]*)</g)].map((m) => m[1]), ['Hint #1']);
  const one = shown(1);
  assert.deepEqual([...one.matchAll(/<summary[^>]*>([^<]*)</g)].map((m) => m[1]), ['Hint #1', 'Hint #2']);
  assert.match(one, /<details class="card mb-1 pl-hint" open><summary class="card-header">Hint #2/);
  assert.doesNotMatch(one, /open><summary class="card-header">Hint #1/);
  assert.match(shown(2), /Big hint<\/summary><div class="card-body">two/);
  assert.doesNotMatch(shown(2, 1), / open>/, 'nothing opens once solved');
  for (const panel of ['submission', 'answer']) {
    assert.match(runElement('pl-hidden-hints', 'render', HINTS, phaseData(`render-${panel}` as any, { num_valid_submissions: 1 })).html ?? '', /Hint #2/);
  }
  assert.match(elementError('pl-hidden-hints', 'render', '<pl-hidden-hints><p>x</p></pl-hidden-hints>', phaseData('render')) ?? '', /Tags inside of pl-hidden-hints must be pl-hint, not 'p'/);
});

test('pl-template renders a mustache file with params, preferences and pl-variable children; warns about other tags', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-'));
  fs.writeFileSync(path.join(dir, 'card.mustache'), '<div id="{{uuid}}">{{params.n}} {{greeting}} {{preferences.lang}} <pl-card>{{{body}}}</pl-card></div>');
  fs.writeFileSync(path.join(dir, 'body.html'), '  <b>bold</b>\n');
  fs.writeFileSync(path.join(dir, 'bad.mustache'), '<pl-number-input answers-name="x"></pl-number-input>');
  const options = { ...phaseData('render').options, server_files_course_path: dir, question_path: dir };
  const html = `<pl-template file-name="card.mustache"><pl-variable name="greeting"> hi </pl-variable><pl-variable name="body" file-name="body.html"></pl-variable></pl-template>`;
  const out = renderOf('pl-template', html, { options, params: { n: 7 }, preferences: { lang: 'fr' } }) ?? '';
  assert.match(out, /^<div id="[a-f][0-9a-f-]{35}">7 hi fr <pl-card><b>bold<\/b><\/pl-card><\/div>$/);
  assert.match(elementError('pl-template', 'render', '<pl-template file-name="card.mustache" directory="elsewhere"></pl-template>', phaseData('render', { options })) ?? '', /Invalid directory choice: elsewhere/);
  assert.match(elementError('pl-template', 'render', '<pl-template file-name="card.mustache"><pl-variable name="a">1</pl-variable><pl-variable name="a">2</pl-variable></pl-template>', phaseData('render', { options })) ?? '', /Duplicate pl-template variable name: "a"/);
  // The tag warning goes to stderr, which the question runtime reports as console output.
  const runner = path.join(__dirname, 'runElement.py');
  const r = spawnSync(PYTHON, [runner, path.join(ELEMENTS_DIR, 'pl-template'), 'render'], {
    input: JSON.stringify({ element_html: '<pl-template file-name="bad.mustache" directory="question"></pl-template>', data: phaseData('render', { options }) }), encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /Element "pl-number-input" may not work correctly when used inside of "pl-template" element\./);
  const quiet = spawnSync(PYTHON, [runner, path.join(ELEMENTS_DIR, 'pl-template'), 'render'], {
    input: JSON.stringify({ element_html: '<pl-template file-name="bad.mustache" directory="question" log-tag-warnings="false"></pl-template>', data: phaseData('render', { options }) }), encoding: 'utf8',
  });
  assert.equal(quiet.stderr, '');
});

test('pl-manual-grading-only and pl-hide-in-manual-grading follow data.manual_grading', () => {
  const inner = '<p>rubric <b>notes</b></p>';
  assert.equal(renderOf('pl-manual-grading-only', `<pl-manual-grading-only>${inner}</pl-manual-grading-only>`, { manual_grading: true }), inner);
  assert.equal(renderOf('pl-manual-grading-only', `<pl-manual-grading-only>${inner}</pl-manual-grading-only>`), '');
  assert.equal(renderOf('pl-hide-in-manual-grading', `<pl-hide-in-manual-grading>${inner}</pl-hide-in-manual-grading>`), inner);
  assert.equal(renderOf('pl-hide-in-manual-grading', `<pl-hide-in-manual-grading>${inner}</pl-hide-in-manual-grading>`, { manual_grading: true }), '');
});
