// pl-prairiedraw-figure in real Python. PrairieLearn's controller (apps/prairielearn/elements/
// pl-prairiedraw-figure/pl-prairiedraw-figure.py at PrairieLearn commit 88fb855) requires script-name,
// reads the script from the question folder at every render and writes it into the page, with the params named
// in param-names, beside a canvas of width x height; the preview's own PrairieDraw runs it there
// (test/client/prairieDrawBrowser.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elementError, phaseData, runElement } from './elementHarness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-pd-'));
fs.writeFileSync(path.join(dir, 'shape.js'), 'this.pd.circle($V([0, 0]), 1);\n');
const options = { question_path: dir };

test('the page gets a canvas of the figure size and the script with the named params, as PrairieLearn writes them', () => {
  const html = runElement('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="shape.js" param-names="shapeName,dimension" width="400"></pl-prairiedraw-figure>',
    phaseData('render', { options, params: { shapeName: 'circle <b>', dimension: 3, other: 1 } })).html ?? '';
  assert.match(html, /^<div class="pl-prairiedraw-figure" data-script-name="shape.js" data-text-base="plfile:\/questionFiles\/text\/"><canvas id="(pl-prairiedraw-figure-[0-9a-f-]+)" width="400" height="300"><\/canvas>/);
  const id = /<canvas id="([^"]+)"/.exec(html)![1];
  assert.ok(html.includes(`PLPrairieDrawFigure.add("${id}", {'shapeName': 'circle &lt;b&gt;', 'dimension': 3}, function () {\nthis.pd.circle($V([0, 0]), 1);\n\n});</script>`), html);
  assert.doesNotMatch(html, /other/);
});

test('without param-names the script gets no params, on a 500 x 300 canvas', () => {
  const html = runElement('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="shape.js"></pl-prairiedraw-figure>', phaseData('render', { options })).html ?? '';
  assert.match(html, /width="500" height="300"/);
  assert.match(html, /", \{\}, function \(\) \{\n/);
});

test("PrairieLearn's errors: script-name required, the script file must exist, each named param must exist", () => {
  assert.match(elementError('pl-prairiedraw-figure', 'prepare', '<pl-prairiedraw-figure width="3"></pl-prairiedraw-figure>', phaseData('prepare')) ?? '', /script-name/);
  assert.match(elementError('pl-prairiedraw-figure', 'prepare', '<pl-prairiedraw-figure script-name="a.js" colour="red"></pl-prairiedraw-figure>', phaseData('prepare')) ?? '', /colour/);
  assert.match(elementError('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="gone.js"></pl-prairiedraw-figure>', phaseData('render', { options })) ?? '', /FileNotFoundError.*gone\.js/);
  assert.match(elementError('pl-prairiedraw-figure', 'render', '<pl-prairiedraw-figure script-name="shape.js" param-names="nope"></pl-prairiedraw-figure>', phaseData('render', { options })) ?? '', /KeyError: 'nope'/);
});

test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
