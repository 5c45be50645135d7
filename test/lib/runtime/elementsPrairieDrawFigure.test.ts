// pl-prairiedraw-figure in real Python. PrairieLearn's controller (apps/prairielearn/elements/
// pl-prairiedraw-figure/pl-prairiedraw-figure.py at PrairieLearn commit 88fb855) requires script-name,
// reads the script from the question folder at every render and hands the page the params named in
// param-names; PrairieDraw itself ships only inside PrairieLearn, so the preview says so in the figure's place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elementError, phaseData, runElement } from './elementHarness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-pd-'));
fs.writeFileSync(path.join(dir, 'shape.js'), 'this.pd.circle($V([0, 0]), 1);\n');
const options = { question_path: dir };

test('the figure names its script and the params PrairieLearn would pass, at the figure size', () => {
  const html = runElement('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="shape.js" param-names="shapeName,dimension" width="400"></pl-prairiedraw-figure>',
    phaseData('render', { options, params: { shapeName: 'circle <b>', dimension: 3, other: 1 } })).html ?? '';
  assert.match(html, /^<div class="pl-prairiedraw-figure" role="img" aria-label="PrairieDraw figure drawn by shape.js" data-script-name="shape.js" style="width: 400px; min-height: 300px;">/);
  assert.match(html, /<li><code>shapeName<\/code> = <code>&quot;circle &lt;b&gt;&quot;<\/code><\/li><li><code>dimension<\/code> = <code>3<\/code><\/li><\/ul>/);
  assert.doesNotMatch(html, /other/);
  assert.match(html, /does not include PrairieDraw/);
});

test('without param-names the figure gets no params', () => {
  const html = runElement('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="shape.js"></pl-prairiedraw-figure>', phaseData('render', { options })).html ?? '';
  assert.match(html, /style="width: 500px; min-height: 300px;"/);
  assert.match(html, /With no params/);
});

test("PrairieLearn's errors: script-name required, the script file must exist, each named param must exist", () => {
  assert.match(elementError('pl-prairiedraw-figure', 'prepare', '<pl-prairiedraw-figure width="3"></pl-prairiedraw-figure>', phaseData('prepare')) ?? '', /script-name/);
  assert.match(elementError('pl-prairiedraw-figure', 'prepare', '<pl-prairiedraw-figure script-name="a.js" colour="red"></pl-prairiedraw-figure>', phaseData('prepare')) ?? '', /colour/);
  assert.match(elementError('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="gone.js"></pl-prairiedraw-figure>', phaseData('render', { options })) ?? '', /FileNotFoundError.*gone\.js/);
  assert.match(elementError('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="shape.js" param-names="nope"></pl-prairiedraw-figure>', phaseData('render', { options })) ?? '', /KeyError: 'nope'/);
});

test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
