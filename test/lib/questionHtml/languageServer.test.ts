import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, copyFixtureCourse, cursor, type Diagnostic, FileChangeType, LspClient } from '../../apps/languageServer/lspClient';

// Over LSP against the built server (dist/languageServer.js), on a copy of the fixture course with
// question.html files written for these tests.
let root: string;
let client: LspClient;
const hasCode = (code: string) => (d: Diagnostic[]) => d.some((x) => x.code === code);
const file = (qid: string) => path.join(root, 'questions', qid, 'question.html');

before(async () => {
  root = copyFixtureCourse();
  fs.writeFileSync(file('addNumbers'), '<pl-question-panel>{{params.a}} + {{params.b}}</pl-question-panel>\n<pl-number-input answers-name="sum"></pl-number-input>\n<pl-number-input answers-name="sum"></pl-number-input>\n');
  fs.writeFileSync(path.join(root, 'questions/addNumbers/server.py'), 'def generate(data):\n    data["params"]["a"] = 1\n    data["params"]["b"] = 2\n');
  fs.mkdirSync(path.join(root, 'questions/geometry/triangleArea/clientFilesQuestion'), { recursive: true });
  fs.writeFileSync(path.join(root, 'questions/geometry/triangleArea/clientFilesQuestion/triangle.png'), 'png');
  fs.writeFileSync(file('geometry/triangleArea'), '<pl-figure file-name="triangle.png"></pl-figure>\n');
  client = await LspClient.start([root]);
});

after(async () => {
  await client.stop();
});

test('a closed question.html is checked with the workspace: duplicate answers-name, with ranges and related locations', async () => {
  const diagnostics = await client.waitForDiagnostics(file('addNumbers'), hasCode('duplicate-answers-name'));
  const dups = diagnostics.filter((d) => d.code === 'duplicate-answers-name');
  assert.equal(dups.length, 2);
  assert.deepEqual(dups.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, d.severity]), [
    [1, 31, 34, 1],
    [2, 31, 34, 1],
  ]);
  assert.equal(dups[0].relatedInformation?.[0].location.range.start.line, 2);
});

test('editing an open question.html re-checks it; a quick fix renames the duplicate', async () => {
  const target = file('addNumbers');
  const text = fs.readFileSync(target, 'utf8');
  await client.open(target, text);
  const diagnostics = await client.waitForDiagnostics(target, hasCode('duplicate-answers-name'));
  const dup = diagnostics.find((d) => d.code === 'duplicate-answers-name')!;
  const [action] = await client.codeActions(target, [dup]);
  assert.equal(action.title, 'Rename to "sum2"');
  const fixed = applyEdits(text, action.edit!.changes![Object.keys(action.edit!.changes!)[0]]);
  await client.change(target, fixed);
  await client.waitForDiagnostics(target, (d) => !hasCode('duplicate-answers-name')(d));
  await client.change(target, fixed.replace('answers-name="sum2"', 'answers-name="sum2" wieght="1"'));
  const [typo] = (await client.waitForDiagnostics(target, hasCode('unknown-attribute'))).filter((d) => d.code === 'unknown-attribute');
  assert.equal(typo.message, 'Unknown attribute "wieght" on <pl-number-input>. Did you mean "weight"?');
  await client.close(target);
});

test('completion in question.html: element snippets, attribute values, files and params', async () => {
  const target = file('geometry/triangleArea');
  const complete = async (marked: string) => {
    const { text, position } = cursor(marked);
    await client.open(target, text);
    const items = await client.completion(target, position);
    return { items, text };
  };
  const elements = await complete('<pl-figure file-name="triangle.png"></pl-figure>\n<pl-str|');
  const stringInput = elements.items.find((i) => i.label === 'pl-string-input')!;
  assert.equal((stringInput.textEdit as { newText: string }).newText, 'pl-string-input answers-name="$1"></pl-string-input>');
  assert.equal(stringInput.insertTextFormat, 2);
  const attributes = await complete('<pl-figure file-name="triangle.png" |></pl-figure>');
  assert.ok(['type', 'directory', 'width'].every((a) => attributes.items.some((i) => i.label === a)), 'attribute names of the element');
  assert.ok(!attributes.items.some((i) => i.label === 'file-name'), 'not the attributes it already has');
  const values = await complete('<pl-figure file-name="triangle.png" type="|"></pl-figure>');
  assert.deepEqual(values.items.map((i) => i.label).sort(), ['dynamic', 'static']);
  const files = await complete('<pl-figure file-name="|"></pl-figure>');
  assert.deepEqual(files.items.map((i) => i.label), ['triangle.png']);
  await client.close(target);

  const params = cursor('<p>{{params.|}}</p>');
  await client.open(file('addNumbers'), params.text);
  const items = await client.completion(file('addNumbers'), params.position);
  assert.deepEqual(items.map((i) => i.label), ['a', 'b']);
  await client.close(file('addNumbers'));
});

test('hover in question.html describes the element and the attribute', async () => {
  const target = file('geometry/triangleArea');
  const text = '<pl-figure file-name="triangle.png" directory="clientFilesCourse"></pl-figure>\n';
  await client.open(target, text);
  assert.match(await client.hover(target, { line: 0, character: 3 }), /Shows an image file/);
  assert.match(await client.hover(target, { line: 0, character: text.indexOf('directory') + 2 }), /"clientFilesQuestion" \| "clientFilesCourse"[\s\S]*Default: `clientFilesQuestion`/);
  await client.close(target);
});

test('a course element created under elements/ (a watched folder) clears the unknown-element warning', async () => {
  const target = file('geometry/triangleArea');
  fs.writeFileSync(target, '<pl-figure file-name="triangle.png"></pl-figure>\n<pl-course-widget></pl-course-widget>\n');
  await client.filesChanged([target, FileChangeType.Changed]);
  await client.waitForDiagnostics(target, hasCode('unknown-element'));
  const element = path.join(root, 'elements', 'pl-course-widget');
  fs.mkdirSync(element, { recursive: true });
  fs.writeFileSync(path.join(element, 'info.json'), '{"controller": "pl-course-widget.py"}\n');
  await client.filesChanged([element, FileChangeType.Created], [path.join(element, 'info.json'), FileChangeType.Created]);
  await client.waitForDiagnostics(target, (d) => !hasCode('unknown-element')(d));
});

test('an element extension written or changed on disk re-checks question.html: its pl-drawing objects are then known', async () => {
  const target = file('geometry/triangleArea');
  fs.writeFileSync(target, '<pl-figure file-name="triangle.png"></pl-figure>\n<pl-drawing><pl-drawing-initial><pl-led x1="1"></pl-led></pl-drawing-initial></pl-drawing>\n');
  await client.filesChanged([target, FileChangeType.Changed]);
  await client.waitForDiagnostics(target, hasCode('unknown-element'));
  const extension = path.join(root, 'elementExtensions', 'pl-drawing', 'led');
  fs.mkdirSync(extension, { recursive: true });
  const controller = path.join(extension, 'led.py');
  fs.writeFileSync(controller, 'elements = {}\n');
  await client.filesChanged([controller, FileChangeType.Created]);
  // The extension exists but defines no pl-led yet: still unknown, now said to be looked for there.
  await client.waitForDiagnostics(target, (d) => d.some((x) => x.code === 'unknown-element' && /elementExtensions\/pl-drawing/.test(String(x.message))));
  fs.writeFileSync(controller, 'elements = {"pl-led": Led}\n');
  await client.filesChanged([controller, FileChangeType.Changed]);
  await client.waitForDiagnostics(target, (d) => !hasCode('unknown-element')(d));
  fs.rmSync(path.join(root, 'elementExtensions'), { recursive: true });
});

test('a deprecated element is a hint tagged deprecated (not in the Problems panel by default), and its quick fix names the successor', async () => {
  const target = file('geometry/triangleArea');
  const text = '<pl-figure file-name="triangle.png"></pl-figure>\n<pl-matrix-output></pl-matrix-output>\n';
  await client.open(target, text);
  const [d] = (await client.waitForDiagnostics(target, hasCode('deprecated-element'))).filter((x) => x.code === 'deprecated-element');
  assert.equal(d.severity, 4, 'DiagnosticSeverity.Hint');
  assert.deepEqual(d.tags, [2], 'DiagnosticTag.Deprecated');
  const actions = await client.codeActions(target, [d]);
  const fix = actions.find((a) => /pl-variable-output/.test(a.title));
  assert.ok(fix?.edit, JSON.stringify(actions));
  assert.ok(applyEdits(text, fix.edit.changes![Object.keys(fix.edit.changes!)[0]]).includes('<pl-variable-output></pl-variable-output>'));
  await client.close(target);
});
