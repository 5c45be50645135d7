// pl-excalidraw in real Python, against PrairieLearn's controller (apps/prairielearn/elements/pl-excalidraw/
// pl-excalidraw.py at PrairieLearn commit 88fb855): which scene each panel opens with, when it is editable,
// the format error for a submission that is not JSON, test()'s submissions, and prepare's errors (its
// pl_excalidraw_test.py: unitless sizes are refused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elementError, phaseData, runElement, selfTest } from './elementHarness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-excalidraw-'));
fs.mkdirSync(path.join(dir, 'clientFilesQuestion'));
const STARTER = '{"type": "excalidraw", "elements": [], "note": "<b>&"}';
fs.writeFileSync(path.join(dir, 'clientFilesQuestion', 'starter.excalidraw'), STARTER);
const options = { question_path: dir, client_files_question_path: path.join(dir, 'clientFilesQuestion') };
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

const metadata = (html: string) => {
  const m = /data-metadata="([^"]*)"/.exec(html);
  return m ? JSON.parse(Buffer.from(m[1], 'base64').toString('utf8')) : undefined;
};
const render = (phase: 'render' | 'render-submission' | 'render-answer', elementHtml: string, extra = {}) =>
  runElement('pl-excalidraw', 'render', elementHtml, phaseData(phase, { options, ...extra })).html ?? '';

const GRADABLE = '<pl-excalidraw answers-name="d" source-file-name="starter.excalidraw" directory="clientFilesQuestion"></pl-excalidraw>';

// PrairieLearn 88fb855, elements/pl-excalidraw/pl-excalidraw.mustache: the hidden input has no value (the
// page fills it: `data-deferred-initial-value`); the starter travels in the metadata.
test('a fresh question opens the starter, editable, at PrairieLearn\'s default size; the input starts empty', () => {
  const html = render('render', GRADABLE);
  assert.deepEqual(metadata(html), { read_only: false, initial_content: STARTER, width: '100%', height: '800px' });
  assert.match(html, /^<div data-restore-hidden><input type="hidden" name="d" id="excalidraw-input-[0-9a-f-]+"\/>/);
  assert.match(html, /<div class="pl-excalidraw" id="excalidraw-([0-9a-f-]+)" data-uuid="\1" data-metadata="/);
});

test('after a submission the question and submission panels open it; the answer panel shows nothing; not editable when the variant is closed', () => {
  const submitted = { submitted_answers: { d: '{"elements": [1]}' } };
  assert.equal(metadata(render('render', GRADABLE, submitted)).initial_content, '{"elements": [1]}');
  const sub = render('render-submission', GRADABLE, { ...submitted, format_errors: { d: ['Invalid drawing submission: x <y>'] } });
  assert.equal(metadata(sub).read_only, true);
  assert.match(sub, /<div class="alert alert-danger" role="alert">Invalid drawing submission: x &lt;y&gt;<\/div>/);
  assert.doesNotMatch(sub, /data-restore-hidden/);
  assert.equal(render('render-answer', GRADABLE, submitted), '<div></div>');
  assert.equal(metadata(render('render', GRADABLE, { ...submitted, editable: false })).read_only, true);
  // Without a starter a fresh canvas is empty (and the input too: nothing is sent until the canvas saves).
  const empty = render('render', '<pl-excalidraw answers-name="d" width="50%"></pl-excalidraw>');
  assert.deepEqual(metadata(empty), { read_only: false, initial_content: '', width: '50%', height: '800px' });
  assert.match(empty, /<input type="hidden" name="d" id="excalidraw-input-[0-9a-f-]+"\/>/);
});

test('gradable="false" shows its source read-only in every panel, with no input; without a source it is PrairieLearn\'s error', () => {
  const view = '<pl-excalidraw gradable="false" source-file-name="starter.excalidraw" directory="clientFilesQuestion"></pl-excalidraw>';
  for (const phase of ['render', 'render-submission', 'render-answer'] as const) {
    const html = render(phase, view);
    assert.deepEqual(metadata(html)?.read_only, true, phase);
    assert.equal(metadata(html)?.initial_content, STARTER);
    assert.doesNotMatch(html, /<input/);
  }
  assert.match(elementError('pl-excalidraw', 'render', '<pl-excalidraw gradable="false"></pl-excalidraw>', phaseData('render', { options })) ?? '', /Missing required attribute `source-file-name`/);
  assert.match(elementError('pl-excalidraw', 'render', '<pl-excalidraw answers-name="d" source-file-name="gone.excalidraw"></pl-excalidraw>', phaseData('render', { options })) ?? '', /RuntimeError: Unknown file path: .*gone\.excalidraw/);
  assert.match(elementError('pl-excalidraw', 'render', GRADABLE, phaseData('render-submission', { options })) ?? '', /Unreachable code path reached with state matrix="gradable=True fresh=True panel='submission' source_available=True"/);
});

test('prepare: answers-name needed when gradable, unitless sizes and unknown directories refused', () => {
  const prep = (h: string) => elementError('pl-excalidraw', 'prepare', h, phaseData('prepare'));
  assert.match(prep('<pl-excalidraw></pl-excalidraw>') ?? '', /Missing required attribute answers-name \(Required when `gradable` is set\)/);
  assert.equal(prep('<pl-excalidraw gradable="false" source-file-name="a"></pl-excalidraw>'), null);
  assert.match(prep('<pl-excalidraw answers-name="d" width="900"></pl-excalidraw>') ?? '', /Attribute "width" must be a CSS size value, not the unitless number "900"/);
  assert.match(prep('<pl-excalidraw answers-name="d" height=" 9.5 "></pl-excalidraw>') ?? '', /Attribute "height" must be a CSS size value/);
  assert.equal(prep('<pl-excalidraw answers-name="d" width="100%" height="900px"></pl-excalidraw>'), null);
  assert.match(prep('<pl-excalidraw answers-name="d" directory="elsewhere"></pl-excalidraw>') ?? '', /source_dir='elsewhere' must be one of \['serverFilesCourse', 'clientFilesCourse', 'clientFilesQuestion', '.'\]/);
  assert.match(prep('<pl-excalidraw answers-name="d" colour="red"></pl-excalidraw>') ?? '', /colour/);
});

test('parse: a submission that is not JSON is a format error; test() submits a text scene or that error', () => {
  const bad = runElement('pl-excalidraw', 'parse', GRADABLE, phaseData('parse', { submitted_answers: { d: 'nope' } })).data;
  assert.deepEqual(bad.format_errors, { d: ['Invalid drawing submission: Expecting value: line 1 column 1 (char 0)'] });
  const good = runElement('pl-excalidraw', 'parse', GRADABLE, phaseData('parse', { submitted_answers: { d: '{}' } })).data;
  assert.deepEqual(good.format_errors, {});
  const correct = selfTest('pl-excalidraw', GRADABLE, 'correct');
  const scene = JSON.parse(correct.expected.raw_submitted_answers.d);
  assert.equal(scene.type, 'excalidraw');
  assert.deepEqual([scene.elements[0].type, scene.elements[0].id, scene.elements[0].text], ['text', 'test-correct', 'Test correct']);
  assert.deepEqual(correct.parsed.format_errors, {});
  const invalid = selfTest('pl-excalidraw', GRADABLE, 'invalid');
  assert.equal(invalid.expected.raw_submitted_answers.d, 'not valid json');
  assert.deepEqual(invalid.expected.format_errors, { d: ['Invalid drawing submission: Expecting value: line 1 column 1 (char 0)'] });
  assert.deepEqual(invalid.parsed.format_errors, invalid.expected.format_errors);
  assert.deepEqual(runElement('pl-excalidraw', 'test', '<pl-excalidraw gradable="false" source-file-name="a"></pl-excalidraw>', phaseData('test')).data.raw_submitted_answers, {});
});
