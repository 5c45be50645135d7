// Fix all (source.fixAll.prairielearn), "did you mean" quick fixes, pull diagnostics for clients that
// declare them, and the course status notification, from the real server process over LSP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DocumentDiagnosticReportKind, type FullDocumentDiagnosticReport, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyEdits, copyFixtureCourse, type Diagnostic, LspClient, uriOf } from './lspClient';

let root: string;
let client: LspClient;
const file = (rel: string) => path.join(root, rel);
const HW1 = 'courseInstances/Sp26/assessments/hw1/infoAssessment.json';
const ADD = 'questions/addNumbers/info.json';
const hasCode = (code: string) => (d: Diagnostic[]) => d.some((x) => x.code === code);

before(async () => {
  root = copyFixtureCourse();
  client = await LspClient.start([root]);
  await client.waitUntilChecked();
});

after(async () => {
  await client.stop();
});

function editsFor(edit: WorkspaceEdit | undefined, rel: string): TextEdit[] {
  return edit?.changes?.[uriOf(file(rel))] ?? [];
}

test('fix all: the declarations of undeclared names, then a new UUID, each in one action usable on save', async () => {
  const text = fs.readFileSync(file(ADD), 'utf8').replace('["easy"]', '["easy", "medium", "tricky"]');
  await client.open(file(ADD), text);
  // The request comes straight after the edit, before the debounced check: fix all checks first.
  for (const only of [['source.fixAll'], ['source.fixAll.prairielearn'], ['source']]) {
    const [action] = await client.sourceActions(file(ADD), only);
    assert.equal(action?.kind, 'source.fixAll.prairielearn', `asked for ${only}`);
  }
  const [declare] = await client.sourceActions(file(ADD), ['source.fixAll']);
  assert.deepEqual(editsFor(declare.edit, ADD), [], 'the question itself is fine');
  const info = JSON.parse(applyEdits(fs.readFileSync(file('infoCourse.json'), 'utf8'), editsFor(declare.edit, 'infoCourse.json')));
  assert.deepEqual(info.tags.map((t: { name: string }) => t.name), ['easy', 'hard', 'medium', 'tricky']);
  assert.notEqual(info.tags[2].color, info.tags[3].color, 'each new tag gets its own color');
  assert.deepEqual(await client.sourceActions(file(ADD), ['source.organizeImports']), []);

  // Without a UUID PrairieLearn checks nothing else of the file: the UUID comes first.
  const noUuid = text.replace(/\s*"uuid": "[^"]*",/, '');
  await client.change(file(ADD), noUuid);
  const [uuid] = await client.sourceActions(file(ADD), ['source.fixAll']);
  const fixed = applyEdits(noUuid, editsFor(uuid.edit, ADD));
  assert.match(JSON.parse(fixed).uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await client.close(file(ADD));

  await client.open(file(ADD));
  assert.deepEqual(await client.sourceActions(file(ADD), ['source.fixAll']), [], 'nothing to fix: no action');
  await client.close(file(ADD));
});

test('fix all in question.html replaces deprecated elements and attributes with their successors', async () => {
  const html = file('questions/addNumbers/question.html');
  const text = '<pl-matrix-output digits="3"></pl-matrix-output>\n<pl-code style="x">a</pl-code>\n';
  await client.open(html, text);
  const [action] = await client.sourceActions(html, ['source.fixAll']);
  assert.equal(
    applyEdits(text, action.edit!.changes![uriOf(html)]),
    '<pl-variable-output digits="3"></pl-variable-output>\n<pl-code style-name="x">a</pl-code>\n',
  );
  await client.close(html);
});

test('did you mean: the nearest QID, topic or tag as a quick fix', async () => {
  const text = fs.readFileSync(file(HW1), 'utf8').replace('"addNumbers"', '"addNumbrs"');
  await client.open(file(HW1), text);
  const [missing] = (await client.waitForDiagnostics(file(HW1), hasCode('question-not-found'))).filter((d) => d.code === 'question-not-found');
  const [meant] = await client.codeActions(file(HW1), [missing]);
  assert.equal(meant.title, 'Change to "addNumbers"');
  assert.equal(applyEdits(text, editsFor(meant.edit, HW1)), fs.readFileSync(file(HW1), 'utf8'));
  await client.close(file(HW1));

  const question = fs.readFileSync(file(ADD), 'utf8').replace('"Arithmetic"', '"arithmetc"').replace('["easy"]', '["hrd"]');
  await client.open(file(ADD), question);
  const diagnostics = await client.waitForDiagnostics(file(ADD), (d) => hasCode('undeclared-topic')(d) && hasCode('undeclared-tag')(d));
  const topic = diagnostics.find((d) => d.code === 'undeclared-topic')!;
  const titles = (await client.codeActions(file(ADD), [topic])).map((a) => a.title);
  assert.deepEqual(titles, ['Declare "arithmetc" in topics of infoCourse.json', 'Change to "Arithmetic"']);
  const tag = diagnostics.find((d) => d.code === 'undeclared-tag')!;
  assert.ok((await client.codeActions(file(ADD), [tag])).some((a) => a.title === 'Change to "hard"'));
  await client.close(file(ADD));

  // Nothing near: no guess.
  await client.open(file(HW1), fs.readFileSync(file(HW1), 'utf8').replace('"addNumbers"', '"somethingElse"'));
  const [far] = (await client.waitForDiagnostics(file(HW1), hasCode('question-not-found'))).filter((d) => d.code === 'question-not-found');
  assert.deepEqual(await client.codeActions(file(HW1), [far]), []);
  await client.close(file(HW1));
});

test('the course status notification names the course and counts its problems, checking or not', async () => {
  const last = () => client.statuses[client.statuses.length - 1];
  assert.deepEqual(last().courses, [{ root, name: 'Language server test course' }]);
  // The fixture course as first checked (later tests' edits are closed again by then).
  const errorsBefore = client.statuses.find((s) => !s.checking && s.courses.length > 0)!.errors;
  const seen = client.statuses.length;
  await client.open(file(ADD), fs.readFileSync(file(ADD), 'utf8').replace(/\s*"uuid": "[^"]*",/, ''));
  await client.waitForDiagnostics(file(ADD), hasCode('uuid-missing'));
  await client.waitUntilChecked();
  const since = client.statuses.slice(seen);
  assert.ok(since.some((s) => s.checking), 'a check was announced');
  assert.equal(last().checking, false);
  assert.equal(last().errors, errorsBefore + 1);
  await client.close(file(ADD));
});

test('a client that pulls diagnostics gets them pulled, per document and for the workspace, and none pushed', async () => {
  // Broken before the server starts, so that its first check sees it.
  const broken = file('questions/geometry/triangleArea/info.json');
  fs.writeFileSync(broken, fs.readFileSync(broken, 'utf8').replace('["hard"]', '["hard", "undeclaredTag"]'));
  const puller = await LspClient.start([root], undefined, undefined, undefined, true);
  const within = <T>(what: string, promise: Promise<T>) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within 10 s`)), 10_000).unref())]);
  try {
    // The workspace pull answers once the first check has something to say about a closed file.
    const workspace = await within('workspace report', puller.pullWorkspaceDiagnostics());
    const report = workspace.items.find((i) => i.uri === uriOf(broken)) as FullDocumentDiagnosticReport & { uri: string };
    assert.ok(report?.items.some((d) => d.code === 'undeclared-tag'), 'the closed file is reported');
    // Asked again with the result ids it has, it waits for something new: a change to the file.
    const previous = workspace.items.map((i) => ({ uri: i.uri, value: i.resultId! }));
    const next = puller.pullWorkspaceDiagnostics(previous);
    fs.writeFileSync(broken, fs.readFileSync(broken, 'utf8').replace(', "undeclaredTag"', ''));
    await puller.filesChanged([broken, 2]);
    const cleared = (await within('report of the change', next)).items.find((i) => i.uri === uriOf(broken)) as FullDocumentDiagnosticReport | undefined;
    assert.deepEqual(cleared?.items, [], 'a file that became clean is reported empty');

    await puller.open(file(ADD), fs.readFileSync(file(ADD), 'utf8').replace(/\s*"uuid": "[^"]*",/, ''));
    let pulled = await puller.pullDocumentDiagnostics(file(ADD));
    for (let i = 0; i < 100 && !(pulled.kind === DocumentDiagnosticReportKind.Full && pulled.items.some((d) => d.code === 'uuid-missing')); i++) {
      await new Promise((r) => setTimeout(r, 50));
      pulled = await puller.pullDocumentDiagnostics(file(ADD));
    }
    assert.equal(pulled.kind, DocumentDiagnosticReportKind.Full);
    assert.ok((pulled as FullDocumentDiagnosticReport).items.some((d) => d.code === 'uuid-missing'));
    const again = await puller.pullDocumentDiagnostics(file(ADD), pulled.resultId);
    assert.equal(again.kind, DocumentDiagnosticReportKind.Unchanged, 'the same result id: unchanged');
    assert.equal(puller.published.length, 0, 'nothing pushed');
    await puller.close(file(ADD));
  } finally {
    await puller.stop();
  }
});
