// References, code lenses, rename (also of question folders renamed in the Explorer) and symbols,
// asked of the real server process over LSP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeLens, Location, RenameFile, DeleteFile, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyEdits, copyFixtureCourse, cursor, LspClient, uriOf } from './lspClient';

let root: string;
let client: LspClient;
const file = (rel: string) => path.join(root, rel);
const HW1 = 'courseInstances/Sp26/assessments/hw1/infoAssessment.json';
const EXAM1 = 'courseInstances/Sp26/assessments/exam1/infoAssessment.json';
const ADD = 'questions/addNumbers/info.json';
const TRIANGLE = 'questions/geometry/triangleArea/info.json';

before(async () => {
  root = copyFixtureCourse();
  client = await LspClient.start([root]);
  await client.waitUntilChecked();
});

after(async () => {
  await client.stop();
});

/** Opens `rel` with its text, the first `find` in it marked as the cursor (just after `find`'s first character + `at`). */
async function openAt(rel: string, find: string, at = 1) {
  const text = fs.readFileSync(file(rel), 'utf8');
  const offset = text.indexOf(find);
  assert.ok(offset >= 0, `${find} in ${rel}`);
  const marked = cursor(text.slice(0, offset + at) + '|' + text.slice(offset + at));
  await client.open(file(rel), marked.text);
  return marked.position;
}

function where(locations: Location[]): string[] {
  return locations.map((l) => {
    const text = fs.readFileSync(new URL(l.uri), 'utf8').split('\n')[l.range.start.line];
    return `${path.relative(root, new URL(l.uri).pathname)}: ${text.slice(l.range.start.character, l.range.end.character)}`;
  });
}

test('references to a question reach zone questions and alternatives, from a QID, its info.json or its question.html', async () => {
  const fromQid = await openAt(HW1, '"geometry/triangleArea"', 3);
  assert.deepEqual(where(await client.references(file(HW1), fromQid)).sort(), [
    `${EXAM1}: "geometry/triangleArea"`,
    `${HW1}: "geometry/triangleArea"`,
  ]);
  const fromInfo = await openAt(TRIANGLE, '"singleVariant"');
  const withDeclaration = await client.references(file(TRIANGLE), fromInfo, true);
  assert.equal(withDeclaration[0].uri, uriOf(file(TRIANGLE)), 'the question itself first');
  assert.equal(withDeclaration.length, 3);

  const html = file('questions/addNumbers/question.html');
  await client.open(html);
  assert.deepEqual(where(await client.references(html, { line: 0, character: 3 })), [`${HW1}: "addNumbers"`]);
  for (const f of [HW1, TRIANGLE, 'questions/addNumbers/question.html']) await client.close(file(f));
});

test('references to a topic, tag or assessment set reach their uses and declaration', async () => {
  const topic = await openAt(ADD, '"Arithmetic"', 2);
  assert.deepEqual(where(await client.references(file(ADD), topic, true)), [
    'infoCourse.json: "Arithmetic"',
    `${ADD}: "Arithmetic"`,
    'questions/template/numberInput/info.json: "Arithmetic"',
  ]);
  const tag = await openAt('infoCourse.json', '"hard"', 2);
  assert.deepEqual(where(await client.references(file('infoCourse.json'), tag)), [`${TRIANGLE}: "hard"`]);
  const set = await openAt(EXAM1, '"set": "Exam"', 10);
  assert.deepEqual(where(await client.references(file(EXAM1), set)), [`${EXAM1}: "Exam"`], 'a built-in set: its uses only');
  for (const f of [ADD, 'infoCourse.json', EXAM1]) await client.close(file(f));
});

test("a question's code lens counts the assessments using it and opens their references", async () => {
  await client.open(file(TRIANGLE));
  const [lens] = await client.codeLenses(file(TRIANGLE));
  assert.equal(lens.command?.title, 'used in 2 assessments');
  assert.equal(lens.command?.command, 'editor.action.showReferences');
  const [uri, position, locations] = lens.command!.arguments as [string, unknown, Location[]];
  assert.equal(uri, uriOf(file(TRIANGLE)));
  assert.deepEqual(position, lens.range.start);
  assert.equal(locations.length, 2);

  const template = file('questions/template/numberInput/info.json');
  await client.open(template);
  const [unused] = await client.codeLenses(template);
  assert.equal(unused.command?.title, 'not used by any assessment');
  await client.close(template);
  await client.close(file(TRIANGLE));
});

test('infoCourse.json has a lens with the question count on each topic and tag', async () => {
  await client.open(file('infoCourse.json'));
  const lenses: CodeLens[] = await client.codeLenses(file('infoCourse.json'));
  // Arithmetic: addNumbers and the template; Geometry: triangleArea and the draft.
  assert.deepEqual(lenses.map((l) => l.command?.title), ['2 questions', '2 questions', '1 question', '1 question']);
  assert.equal((lenses[2].command!.arguments![2] as Location[])[0].uri, uriOf(file(ADD)));
  await client.close(file('infoCourse.json'));
});

/** The text edits of a workspace edit by course-relative file (the server sends plain text edits). */
function textEditsOf(edit: WorkspaceEdit | null): Map<string, { edits: TextEdit[] }> {
  const out = new Map<string, { edits: TextEdit[] }>();
  for (const change of edit?.documentChanges ?? []) {
    if ('textDocument' in change) out.set(path.relative(root, new URL(change.textDocument.uri).pathname), { edits: (change as TextDocumentEdit).edits as TextEdit[] });
  }
  return out;
}

test('renaming a QID renames its folder and rewrites every assessment using it, in one edit', async () => {
  const position = await openAt(HW1, '"geometry/triangleArea"', 5);
  const prepared = (await client.prepareRename(file(HW1), position)) as { range: any; placeholder: string };
  assert.equal(prepared.placeholder, 'geometry/triangleArea');
  assert.equal(prepared.range.end.character - prepared.range.start.character, 'geometry/triangleArea'.length, 'the QID without its quotes');

  const edit = await client.rename(file(HW1), position, 'shapes/triangleArea');
  const texts = textEditsOf(edit);
  assert.deepEqual([...texts.keys()].sort(), [EXAM1, HW1]);
  for (const [rel, change] of texts) {
    const after = applyEdits(fs.readFileSync(file(rel), 'utf8'), change.edits);
    assert.match(after, /"shapes\/triangleArea"/);
    assert.doesNotMatch(after, /"geometry\/triangleArea"/);
  }
  const operations = edit!.documentChanges!.filter((c) => 'kind' in c) as (RenameFile | DeleteFile)[];
  assert.deepEqual(operations[0], { kind: 'rename', oldUri: uriOf(file('questions/geometry/triangleArea')), newUri: uriOf(file('questions/shapes/triangleArea')) });
  // questions/geometry would be left empty, which PrairieLearn reports: it goes too.
  assert.equal(operations[1].kind, 'delete');
  assert.equal((operations[1] as DeleteFile).uri, uriOf(file('questions/geometry')));

  // VS Code asks willRenameFiles for the edit's own folder move as it applies it, after the text
  // edits: no second set of edits then; a later move of the same folder gets its edits again.
  const move: [string, string] = [file('questions/geometry/triangleArea'), file('questions/shapes/triangleArea')];
  assert.equal(await client.willRename(move), null);
  assert.notEqual(await client.willRename(move), null);

  // From the question's own info.json: the same rename, and its folder only (nothing else empties).
  const fromInfo = await openAt(ADD, '"title"');
  assert.equal(((await client.prepareRename(file(ADD), fromInfo)) as { placeholder: string }).placeholder, 'addNumbers');
  const own = await client.rename(file(ADD), fromInfo, 'arithmetic/addNumbers');
  assert.deepEqual([...textEditsOf(own).keys()], [HW1]);
  assert.equal(own!.documentChanges!.filter((c) => 'kind' in c).length, 1);
  await client.close(file(HW1));
  await client.close(file(ADD));
});

test('a rename onto an existing QID, into or around another question, or to a bad QID is refused with a reason', async () => {
  const position = await openAt(HW1, '"addNumbers"', 2);
  const refusal = async (newName: string) => {
    try {
      await client.rename(file(HW1), position, newName);
    } catch (err) {
      return (err as Error).message;
    }
    assert.fail(`renaming to ${newName} was not refused`);
  };
  assert.match(await refusal('geometry/triangleArea'), /already exists/);
  assert.match(await refusal('geometry/triangleArea/addNumbers'), /inside the question "geometry\/triangleArea"/);
  assert.match(await refusal('geometry'), /already holds other questions/);
  assert.match(await refusal('@shared/addNumbers'), /cannot begin with "@"/);
  assert.match(await refusal('a//b'), /is not a QID/);
  await client.close(file(HW1));

  // Nothing to rename on an assessment's type, nor a QID that names no question.
  const onType = await openAt(HW1, '"Homework"', 2);
  await assert.rejects(client.prepareRename(file(HW1), onType), /can be renamed/);
  const { text, position: missing } = cursor(fs.readFileSync(file(HW1), 'utf8').replace('"addNumbers"', '"no|Such"'));
  await client.open(file(HW1), text);
  await assert.rejects(client.prepareRename(file(HW1), missing), /no question "noSuch"/);
  await client.close(file(HW1));

  const topic = await openAt(ADD, '"Arithmetic"', 2);
  await assert.rejects(client.rename(file(ADD), topic, 'Geometry'), /already declared/);
  await client.close(file(ADD));
});

test('a tag renamed everywhere: its declaration and every question using it', async () => {
  const position = await openAt('infoCourse.json', '"easy"', 2);
  const edit = await client.rename(file('infoCourse.json'), position, 'gentle');
  const texts = textEditsOf(edit);
  assert.deepEqual([...texts.keys()].sort(), ['infoCourse.json', ADD]);
  assert.match(applyEdits(fs.readFileSync(file(ADD), 'utf8'), texts.get(ADD)!.edits), /"tags": \["gentle"\]/);
  assert.match(applyEdits(fs.readFileSync(file('infoCourse.json'), 'utf8'), texts.get('infoCourse.json')!.edits), /"name": "gentle"/);
  await client.close(file('infoCourse.json'));
});

test('renaming or moving a question folder in the Explorer offers the assessment edits (willRenameFiles)', async () => {
  // A folder holding a question: everything under it moves.
  const folder = textEditsOf(await client.willRename([file('questions/geometry'), file('questions/shapes')]));
  assert.deepEqual([...folder.keys()].sort(), [EXAM1, HW1]);
  assert.match(applyEdits(fs.readFileSync(file(EXAM1), 'utf8'), folder.get(EXAM1)!.edits), /"id": "shapes\/triangleArea"/);

  const moved = textEditsOf(await client.willRename([file('questions/addNumbers'), file('questions/basics/addNumbers')]));
  assert.match(applyEdits(fs.readFileSync(file(HW1), 'utf8'), moved.get(HW1)!.edits), /"id": "basics\/addNumbers"/);

  // Out of questions/ or into another question: no QID to rewrite to.
  assert.equal(await client.willRename([file('questions/addNumbers'), file('attic/addNumbers')]), null);
  assert.equal(await client.willRename([file('questions/addNumbers'), file('questions/geometry/triangleArea/addNumbers')]), null);
  // A folder that holds no question.
  assert.equal(await client.willRename([file('questions/addNumbers/clientFilesQuestion'), file('questions/addNumbers/files')]), null);
});

test('a renamed folder on disk is followed: the references find the new QID', async () => {
  const edit = await client.willRename([file('questions/addNumbers'), file('questions/basics/addNumbers')]);
  const change = textEditsOf(edit).get(HW1)!;
  fs.writeFileSync(file(HW1), applyEdits(fs.readFileSync(file(HW1), 'utf8'), change.edits));
  fs.mkdirSync(file('questions/basics'));
  fs.renameSync(file('questions/addNumbers'), file('questions/basics/addNumbers'));
  await client.filesChanged([file(HW1), 2], [file('questions/addNumbers'), 3], [file('questions/basics/addNumbers/info.json'), 1]);
  const moved = file('questions/basics/addNumbers/info.json');
  await client.open(moved);
  const [lens] = await client.codeLenses(moved);
  assert.equal(lens.command?.title, 'used in 1 assessment');
  await client.close(moved);
  // Back as it was, for the other tests.
  fs.renameSync(file('questions/basics/addNumbers'), file('questions/addNumbers'));
  fs.rmdirSync(file('questions/basics'));
  fs.writeFileSync(file(HW1), fs.readFileSync(file(HW1), 'utf8').replace('"basics/addNumbers"', '"addNumbers"'));
  await client.filesChanged([file(HW1), 2], [file('questions/basics'), 3], [file(ADD), 1]);
});

test('document symbols: zones > questions (pools with alternatives) of an assessment, access rules of a course instance', async () => {
  await client.open(file(HW1));
  const symbols = await client.documentSymbols(file(HW1));
  assert.deepEqual(symbols.map((s) => s.name), ['First homework', 'zones']);
  const [zone] = symbols[1].children!;
  assert.equal(zone.name, 'Zone 1');
  assert.deepEqual(zone.children!.map((s) => s.name), ['addNumbers', 'alternatives']);
  assert.equal(zone.children![0].detail, 'points 1');
  assert.deepEqual(zone.children![1].children!.map((s) => s.name), ['geometry/triangleArea']);
  await client.close(file(HW1));

  const ci = file('courseInstances/Sp26/infoCourseInstance.json');
  const text = fs.readFileSync(ci, 'utf8').replace('"longName"', '"allowAccess": [{ "startDate": "2026-01-10T00:00:00", "endDate": "2026-05-15T23:59:59" }],\n  "longName"');
  await client.open(ci, text);
  const ciSymbols = await client.documentSymbols(ci);
  const rules = ciSymbols.find((s) => s.name === 'allowAccess')!;
  assert.equal(rules.children![0].detail, '2026-01-10T00:00:00 – 2026-05-15T23:59:59');
  await client.close(ci);
});

test('workspace symbols: QIDs, question titles, assessments and course instances', async () => {
  const byQid = await client.workspaceSymbols('triArea');
  assert.deepEqual(byQid.map((s) => [s.name, s.containerName]), [['geometry/triangleArea', 'Area of a triangle']]);
  assert.equal(byQid[0].location.uri, uriOf(file(TRIANGLE)));
  const byTitle = await client.workspaceSymbols('add two');
  assert.deepEqual(byTitle.map((s) => [s.name, s.containerName]), [['Add two numbers', 'addNumbers']]);
  const assessment = await client.workspaceSymbols('exam1');
  assert.deepEqual(assessment.map((s) => [s.name, s.containerName]), [['exam1', 'First exam — Sp26']]);
  const instance = await client.workspaceSymbols('spring');
  assert.deepEqual(instance.map((s) => s.name), ['Spring 2026']);
});
