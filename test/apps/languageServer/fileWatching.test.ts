import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { copyFixtureCourse, type Diagnostic, FileChangeType, LspClient, temporaryFolder } from './lspClient';

const hasCode = (code: string) => (d: Diagnostic[]) => d.some((x) => x.code === code);
const isEmpty = (d: Diagnostic[]) => d.length === 0;

let root: string;
let client: LspClient;

before(async () => {
  root = copyFixtureCourse();
  client = await LspClient.start([root]);
});

after(async () => {
  await client.stop();
});

test('deleting a question folder flags the assessment that uses it; restoring it clears that', async () => {
  const assessment = path.join(root, 'courseInstances/Sp26/assessments/hw1/infoAssessment.json');
  const folder = path.join(root, 'questions/addNumbers');
  const saved = `${folder}.saved`;
  fs.renameSync(folder, saved);
  await client.filesChanged([folder, FileChangeType.Deleted]);
  const d = await client.waitForDiagnostics(assessment, hasCode('question-not-found'));
  assert.match(String(d.find((x) => x.code === 'question-not-found')!.message), /addNumbers/);

  fs.renameSync(saved, folder);
  await client.filesChanged([folder, FileChangeType.Created], [path.join(folder, 'info.json'), FileChangeType.Created]);
  await client.nextDiagnostics(assessment, isEmpty);
});

test('declaring a sharing set in infoCourse.json on disk clears the questions that use it', async () => {
  const question = path.join(root, 'questions/geometry/triangleArea/info.json');
  const info = path.join(root, 'infoCourse.json');
  fs.writeFileSync(question, fs.readFileSync(question, 'utf8').replace('"v3"', '"v3",\n  "sharingSets": ["python-exercises"]'));
  await client.filesChanged([question, FileChangeType.Changed]);
  await client.waitForDiagnostics(question, hasCode('undeclared-sharing-set'));

  fs.writeFileSync(info, fs.readFileSync(info, 'utf8').replace('"tags"', '"sharingSets": [{ "name": "python-exercises" }],\n  "tags"'));
  await client.filesChanged([info, FileChangeType.Changed]);
  await client.nextDiagnostics(question, isEmpty);
});

test('a new empty question folder is reported, and giving it an info.json clears that', async () => {
  const folder = path.join(root, 'questions/newOne');
  fs.mkdirSync(folder);
  await client.filesChanged([folder, FileChangeType.Created]);
  const [d] = await client.waitForDiagnostics(folder, hasCode('missing-info-file'));
  assert.equal(d.severity, 1);

  const info = path.join(folder, 'info.json');
  fs.writeFileSync(info, JSON.stringify({ uuid: 'a8f3e1d2-7b6c-4d5e-9f0a-1b2c3d4e5f60', title: 'New', topic: 'Geometry', type: 'v3' }));
  await client.filesChanged([info, FileChangeType.Created]);
  await client.nextDiagnostics(folder, isEmpty);
  assert.equal(client.diagnostics.get(info), undefined);
});

test('a changed dependency file on disk re-checks the question that loads it', async () => {
  const question = path.join(root, 'questions/addNumbers/info.json');
  const helper = path.join(root, 'questions/addNumbers/clientFilesQuestion/helper.js');
  fs.rmSync(helper);
  await client.filesChanged([helper, FileChangeType.Deleted]);
  await client.waitForDiagnostics(question, hasCode('missing-dependency-file'));
  fs.writeFileSync(helper, '// back\n');
  await client.filesChanged([helper, FileChangeType.Created]);
  await client.nextDiagnostics(question, isEmpty);
});

test('closing a file with unsaved edits falls back to its text on disk', async () => {
  const question = path.join(root, 'questions/addNumbers/info.json');
  const text = fs.readFileSync(question, 'utf8');
  const tagNames = (d: Diagnostic[]) => d.map((x) => (x.data as { name?: string } | undefined)?.name);
  await client.open(question, text.replace('"easy"', '"easy", "unsaved"'));
  await client.waitForDiagnostics(question, (d) => tagNames(d).includes('unsaved'));
  fs.writeFileSync(question, text.replace('"easy"', '"easy", "onDisk"'));
  await client.filesChanged([question, FileChangeType.Changed]);
  await client.close(question);
  const d = await client.waitForDiagnostics(question, (x) => tagNames(x).includes('onDisk'));
  assert.deepEqual(tagNames(d), ['onDisk']);
});

test('deleting a whole course clears every diagnostic it had', async () => {
  const parent = temporaryFolder();
  const other = copyFixtureCourse(path.join(parent, 'course'));
  const question = path.join(other, 'questions/addNumbers/info.json');
  fs.writeFileSync(question, fs.readFileSync(question, 'utf8').replace('"easy"', '"easy", "typo"'));
  const own = await LspClient.start([parent]);
  try {
    await own.waitForDiagnostics(question, hasCode('undeclared-tag'));
    fs.rmSync(other, { recursive: true });
    await own.filesChanged([other, FileChangeType.Deleted]);
    await own.nextDiagnostics(question, isEmpty);
  } finally {
    await own.stop();
  }
});
