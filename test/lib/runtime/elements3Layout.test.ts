// pl-external-grader-variables, pl-overlay, pl-variable-score and pl-workspace in real Python, against
// PrairieLearn's controllers of the same names (apps/prairielearn/elements/<name>/<name>.py at
// PrairieLearn commit 88fb8556a7a1768e2082736be9095241b11238d7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elementError, phaseData, runElement } from './elementHarness';

const prepare = (el: string, html: string, params: Record<string, any> = {}) => runElement(el, 'prepare', html, phaseData('prepare', { params })).data;
const renderOf = (el: string, html: string, extra: Record<string, any> = {}, panel: 'render' | 'render-submission' | 'render-answer' = 'render') =>
  runElement(el, 'render', html, phaseData(panel, extra)).html ?? '';

const VARS = `<pl-external-grader-variables params-name="names_for_user">
  <!-- given to the student -->
  <pl-variable name="x" type="numpy array">The <b>input</b></pl-variable>
  <pl-variable name="n" type="int"></pl-variable>
</pl-external-grader-variables>`;

test('pl-external-grader-variables: children go into params at prepare; a table with a description column when any has one', () => {
  const data = prepare('pl-external-grader-variables', VARS);
  assert.deepEqual(data.params.names_for_user, [
    { name: 'x', type: 'numpy array', description: 'The <b>input</b>' },
    { name: 'n', type: 'int', description: '' },
  ]);
  const html = renderOf('pl-external-grader-variables', VARS, { params: data.params });
  assert.match(html, /<thead class="table-light"><tr><th>Name<\/th><th>Type<\/th><th>Description<\/th><\/tr><\/thead>/);
  assert.match(html, /<tr><td><code>x<\/code><\/td><td>numpy array<\/td><td>The <b>input<\/b><\/td><\/tr>/);
  // Same table in every panel (PrairieLearn's render does not look at the panel).
  assert.equal(renderOf('pl-external-grader-variables', VARS, { params: data.params }, 'render-answer'), html);
  const fromServer = { v: [{ name: 'f', type: 'function', description: null }] };
  const noDescriptions = renderOf('pl-external-grader-variables', '<pl-external-grader-variables params-name="v"></pl-external-grader-variables>', { params: fromServer });
  assert.doesNotMatch(noDescriptions, /Description/);
  assert.match(noDescriptions, /<code>f<\/code><\/td><td>function<\/td><\/tr>/);
});

test('pl-external-grader-variables: empty shows nothing; the format errors of PrairieLearn', () => {
  const empty = '<pl-external-grader-variables params-name="v" empty="true"></pl-external-grader-variables>';
  const data = prepare('pl-external-grader-variables', empty);
  assert.deepEqual(data.params.v, []);
  assert.equal(renderOf('pl-external-grader-variables', empty, { params: data.params }), '');
  const err = (html: string, params: Record<string, any> = {}) => elementError('pl-external-grader-variables', 'prepare', html, phaseData('prepare', { params })) ?? '';
  assert.match(err('<pl-external-grader-variables params-name="v"></pl-external-grader-variables>'), /has no variables defined in "question.html" or "server.py"/);
  assert.match(err(VARS.replace('params-name="names_for_user"', 'params-name="v"'), { v: [] }), /Cannot define variables from both/);
  assert.match(err('<pl-external-grader-variables params-name="v" empty="true"><pl-variable name="a" type="t"></pl-variable></pl-external-grader-variables>'), /declared empty, but has variables defined in "question.html"/);
  assert.match(err(empty, { v: [] }), /declared empty, but has variables defined in "server.py"/);
  assert.match(err('<pl-external-grader-variables params-name="v"><p>x</p></pl-external-grader-variables>'), /must be pl-variable, not "p"/);
  assert.match(err('<pl-external-grader-variables params-name="v"><pl-variable name="a"></pl-variable></pl-external-grader-variables>'), /type/);
});

const OVERLAY = `<pl-overlay width="400" height="300" clip="false">
  <pl-background><img src="bg.png"></pl-background>
  <pl-location left="10" top="20" halign="left" valign="top"><b>A</b></pl-location>
  <!-- comment -->
  <pl-location right="100" bottom="50">B</pl-location>
</pl-overlay>`;

test('pl-overlay: locations as top/left with alignment shifts and stacking order, right/bottom from the size', () => {
  prepare('pl-overlay', OVERLAY);
  const html = renderOf('pl-overlay', OVERLAY);
  assert.match(html, /^<div class="pl-overlay " style="width: 400.0px; height: 300.0px">/);
  assert.match(html, /<div class="pl-overlay-location" style="top: 20.0px; left: 10.0px; transform: translate\(0%, 0%\); z-index: 0"><b>A<\/b><\/div>/);
  assert.match(html, /style="top: 250.0px; left: 300.0px; transform: translate\(-50%, -50%\); z-index: 1">B<\/div>/);
  assert.match(html, /<\/div><img src="bg.png"><\/div>$/);
  const clipped = renderOf('pl-overlay', '<pl-overlay width="10" height="10"><pl-location left="1" top="1">x</pl-location></pl-overlay>');
  assert.match(clipped, /^<div class="pl-overlay pl-overlay-clip"/);
});

test('pl-overlay: the checks of PrairieLearn', () => {
  const err = (html: string, phase: 'prepare' | 'render' = 'prepare') => elementError('pl-overlay', phase, html, phaseData(phase === 'prepare' ? 'prepare' : 'render')) ?? '';
  assert.match(err('<pl-overlay><pl-location left="1" top="1">x</pl-location></pl-overlay>'), /width/);
  assert.match(err('<pl-overlay width="1" height="1"><pl-location left="1" right="1" top="1">x</pl-location></pl-overlay>'), /exactly one of "left" or "right"/);
  assert.match(err('<pl-overlay width="1" height="1"><pl-location left="1">x</pl-location></pl-overlay>'), /exactly one of "top" or "bottom"/);
  assert.match(err('<pl-overlay width="1" height="1"><pl-location left="1" top="1" valign="up">x</pl-location></pl-overlay>'), /Unknown vertical alignment "up"/);
  assert.match(err('<pl-overlay width="1" height="1"><pl-location left="1" top="1" halign="mid">x</pl-location></pl-overlay>'), /Unknown horizontal alignment "mid"/);
  assert.match(err('<pl-overlay width="1" height="1"><p>x</p></pl-overlay>'), /Unknown tag "p" found as child of pl-overlay/);
  assert.match(err('<pl-overlay><pl-background>a</pl-background><pl-background>b</pl-background></pl-overlay>'), /at most one <pl-background> child, found 2/);
  assert.match(err('<pl-overlay><pl-background>a</pl-background><pl-location right="1" top="1">x</pl-location></pl-overlay>', 'render'), /Either left or width\+right/);
});

test('pl-variable-score: deprecated, accepted without checks and shown as nothing in every panel', () => {
  const html = '<pl-variable-score answers-name="x"></pl-variable-score>';
  prepare('pl-variable-score', html);
  for (const panel of ['render', 'render-submission', 'render-answer'] as const) {
    assert.equal(renderOf('pl-variable-score', html, { partial_scores: { x: { score: 1 } } }, panel), '');
  }
});

test('pl-workspace: the button only in the question panel, the preview note with the files, the error without workspace options', () => {
  const q = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ws-'));
  try {
    fs.writeFileSync(path.join(q, 'info.json'), JSON.stringify({ workspaceOptions: { image: 'prairielearn/workspace-vscode-python', home: '/home/coder', gradedFiles: ['main.py'] } }));
    fs.mkdirSync(path.join(q, 'workspace', 'src'), { recursive: true });
    fs.writeFileSync(path.join(q, 'workspace', 'src', 'util.py'), '');
    fs.writeFileSync(path.join(q, 'workspace', 'main.py'), '');
    fs.mkdirSync(path.join(q, 'workspaceTemplates'));
    fs.writeFileSync(path.join(q, 'workspaceTemplates', 'config.txt.mustache'), '{{params.x}}');
    const params = { _workspace_required_file_names: ['main.py'], _workspace_files: [{ name: 'data.csv', contents: 'a,b' }] };
    const options = (url: string | null) => ({ ...phaseData('render').options, question_path: q, workspace_url: url });
    const html = renderOf('pl-workspace', '<pl-workspace></pl-workspace>', { params, options: options('plfile:/workspace') });
    assert.match(html, /^<a class="btn btn-info" target="_blank" href="plfile:\/workspace"><i class="fas fa-laptop-code" aria-hidden="true"><\/i> Open workspace<\/a>/);
    assert.match(html, /workspace container \(image <code>prairielearn\/workspace-vscode-python<\/code>\); the preview does not start containers/);
    const listed = [...html.matchAll(/<li><code>([^<]*)<\/code> <small class="text-muted">from ([^<]*)<\/small>/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(listed, ['config.txt workspaceTemplates/', 'data.csv server.py _workspace_files', 'main.py workspace/, graded', 'src/util.py workspace/']);
    // A real workspace address (as PrairieLearn gives) is only the button.
    assert.equal(renderOf('pl-workspace', '<pl-workspace></pl-workspace>', { params, options: options('/pl/workspace/7') }),
      '<a class="btn btn-info" target="_blank" href="/pl/workspace/7"><i class="fas fa-laptop-code" aria-hidden="true"></i> Open workspace</a>');
    assert.equal(renderOf('pl-workspace', '<pl-workspace></pl-workspace>', { params, options: options('plfile:/workspace') }, 'render-submission'), '');
    assert.match(elementError('pl-workspace', 'render', '<pl-workspace></pl-workspace>', phaseData('render', { options: options(null) })) ?? '', /Workspace URL not found/);
  } finally {
    fs.rmSync(q, { recursive: true, force: true });
  }
});

test('pl-workspace: parse makes a files format error naming the graded files not submitted', () => {
  const params = { _workspace_required_file_names: ['main.py', 'notes.txt'] };
  const parse = (files: string[]) => runElement('pl-workspace', 'parse', '<pl-workspace></pl-workspace>', phaseData('parse', {
    params, submitted_answers: { _files: files.map((name) => ({ name, contents: '' })) },
  })).data;
  assert.deepEqual(parse(['main.py', 'notes.txt']).format_errors, {});
  assert.deepEqual(parse(['main.py']).format_errors, { _files: ['The following required files were missing: notes.txt'] });
});

test('pl-xss-safe: the text from contents, a submitted file or a question file goes escaped into data-code; the checks', () => {
  const submitted = { _files: [{ name: 'ans.html', contents: Buffer.from('<b>hi</b><script>x()</script>\n\n').toString('base64') }] };
  const html = renderOf('pl-xss-safe', '<pl-xss-safe submitted-file-name="ans.html"></pl-xss-safe>', { submitted_answers: submitted }, 'render-submission');
  assert.match(html, /^<div id="xss-[0-9a-f-]+" class="pl-xss-safe" data-code="&lt;b&gt;hi&lt;\/b&gt;&lt;script&gt;x\(\)&lt;\/script&gt;" data-language="html"><\/div>$/);
  assert.equal(renderOf('pl-xss-safe', '<pl-xss-safe submitted-file-name="other.html"></pl-xss-safe>', { submitted_answers: submitted }), '');
  assert.match(renderOf('pl-xss-safe', '<pl-xss-safe contents="# T &quot;q&quot;" language="markdown"></pl-xss-safe>'), /data-code="# T &quot;q&quot;" data-language="markdown"/);
  const q = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-xss-'));
  try {
    fs.writeFileSync(path.join(q, 'page.html'), '<i>from the question</i>');
    const options = { ...phaseData('render').options, question_path: q };
    assert.match(renderOf('pl-xss-safe', '<pl-xss-safe source-file-name="page.html"></pl-xss-safe>', { options }), /data-code="&lt;i&gt;from the question&lt;\/i&gt;"/);
    assert.match(elementError('pl-xss-safe', 'render', '<pl-xss-safe source-file-name="none.html"></pl-xss-safe>', phaseData('render', { options })) ?? '', /Unknown file path/);
  } finally {
    fs.rmSync(q, { recursive: true, force: true });
  }
  const err = (html: string) => elementError('pl-xss-safe', 'prepare', html, phaseData('prepare')) ?? '';
  assert.match(err('<pl-xss-safe contents="a" submitted-file-name="b"></pl-xss-safe>'), /Only one of the attributes/);
  assert.match(err('<pl-xss-safe contents="a" language="latex"></pl-xss-safe>'), /must be either "html" or "markdown"/);
});
