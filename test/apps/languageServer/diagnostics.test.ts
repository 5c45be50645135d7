import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { copyFixtureCourse, type Diagnostic, LspClient, temporaryFolder, uriOf } from './lspClient';

const codes = (d: Diagnostic[]) => d.map((x) => x.code);
const hasCode = (code: string) => (d: Diagnostic[]) => codes(d).includes(code);
const isEmpty = (d: Diagnostic[]) => d.length === 0;

let root: string;
let client: LspClient;
let brokenTag: string;

before(async () => {
  root = copyFixtureCourse();
  // A problem on disk before the server starts: the workspace scan must report it unopened.
  brokenTag = path.join(root, 'questions/geometry/triangleArea/info.json');
  fs.writeFileSync(brokenTag, fs.readFileSync(brokenTag, 'utf8').replace('"hard"', '"hard", "typo"'));
  client = await LspClient.start([root]);
});

after(async () => {
  await client.stop();
});

test('the workspace scan publishes problems of files that are not open, in PrairieLearn terms', async () => {
  const [d] = await client.waitForDiagnostics(brokenTag, hasCode('undeclared-tag'));
  assert.equal(d.source, 'PrairieLearn');
  assert.equal(d.severity, 4, 'each use of an undeclared name is a hint, as PrairieLearn accepts them silently (issue 12)');
  assert.deepEqual(d.data, { kind: 'tag', name: 'typo' });
  assert.equal(d.relatedInformation?.[0].location.uri, uriOf(path.join(root, 'infoCourse.json')));
  assert.equal(client.diagnostics.get(uriOf(path.join(root, 'questions/addNumbers/info.json'))), undefined, 'clean files are never published');
});

test('typing re-checks the open file and clears the problem once fixed', async () => {
  const file = path.join(root, 'questions/addNumbers/info.json');
  const text = fs.readFileSync(file, 'utf8');
  await client.open(file);
  await client.change(file, text.replace('"type": "v3"', '"type": "v4"'));
  const [d] = await client.waitForDiagnostics(file, hasCode('schema-violation'));
  assert.equal(d.severity, 1, 'schema violations are errors, as in PrairieLearn');
  assert.equal(d.range.start.line, text.split('\n').findIndex((l) => l.includes('"type"')));
  await client.change(file, text);
  await client.nextDiagnostics(file, isEmpty);
  await client.close(file);
});

test('an unsaved edit of infoCourse.json re-checks the closed files that use it', async () => {
  const info = path.join(root, 'infoCourse.json');
  const question = path.join(root, 'questions/addNumbers/info.json');
  const text = fs.readFileSync(info, 'utf8');
  await client.open(info);
  await client.change(info, text.replace('"Arithmetic"', '"Algebra"'));
  const [d] = await client.waitForDiagnostics(question, hasCode('undeclared-topic'));
  assert.deepEqual(d.data, { kind: 'topic', name: 'Arithmetic' });
  await client.change(info, text);
  await client.nextDiagnostics(question, isEmpty);
  await client.close(info);
});

test('JSON syntax errors of an open file are left to the editor; a closed broken file gets them', async () => {
  const file = path.join(root, 'courseInstances/Sp26/infoCourseInstance.json');
  const broken = '{\n  "longName": "Spring 2026",\n}\n';
  await client.open(file, broken);
  const open = await client.waitForDiagnostics(file, hasCode('uuid-missing'));
  assert.deepEqual(codes(open), ['uuid-missing']);
  fs.writeFileSync(file, broken);
  await client.close(file);
  const closed = await client.waitForDiagnostics(file, hasCode('json-syntax'));
  assert.equal(closed.find((d) => d.code === 'json-syntax')!.severity, 1);
});

test('only files whose diagnostics changed are published again', async () => {
  const before = client.published.length;
  const file = path.join(root, 'questions/addNumbers/info.json');
  await client.open(file);
  await client.change(file, fs.readFileSync(file, 'utf8').replace('"easy"', '"easy", "brandNew"'));
  await client.waitForDiagnostics(file, hasCode('undeclared-tag'));
  assert.deepEqual(
    client.published.slice(before).map((p) => p.uri),
    [uriOf(file)],
    'files whose problems did not change are not sent again',
  );
  await client.close(file);
  await client.nextDiagnostics(file, isEmpty);
});

test('severities follow the user settings, and "off" hides a code', async () => {
  const other = copyFixtureCourse();
  const file = path.join(other, 'questions/addNumbers/info.json');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"easy"', '"easy", "typo"').replace('"Arithmetic"', '"Nowhere"'));
  const tuned = await LspClient.start([other], {
    validation: { debounceMs: 0 },
    diagnostics: { severity: { 'undeclared-tag': 'warning', 'undeclared-topic': 'off' } },
  });
  try {
    const d = await tuned.waitForDiagnostics(file, hasCode('undeclared-tag'));
    assert.deepEqual(codes(d), ['undeclared-tag']);
    assert.equal(d[0].severity, 2);
  } finally {
    await tuned.stop();
  }
});

test('with workspace checking off, only open files get diagnostics', async () => {
  const other = copyFixtureCourse();
  const closedFile = path.join(other, 'questions/addNumbers/info.json');
  const openFile = path.join(other, 'questions/geometry/triangleArea/info.json');
  for (const f of [closedFile, openFile]) fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace(/"(easy|hard)"/, '"$1", "typo"'));
  const narrow = await LspClient.start([other], { validation: { debounceMs: 0, workspace: false } });
  try {
    await narrow.open(openFile);
    await narrow.waitForDiagnostics(openFile, hasCode('undeclared-tag'));
    assert.equal(narrow.diagnostics.get(uriOf(closedFile)), undefined);
    await narrow.close(openFile);
    await narrow.nextDiagnostics(openFile, isEmpty);
  } finally {
    await narrow.stop();
  }
});

test('several courses in one workspace folder are each checked', async () => {
  const parent = temporaryFolder();
  for (const name of ['courseA', 'courseB']) copyFixtureCourse(path.join(parent, name));
  const files = ['courseA', 'courseB'].map((name) => path.join(parent, name, 'questions/addNumbers/info.json'));
  for (const f of files) fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('"easy"', '"easy", "typo"'));
  const multi = await LspClient.start([parent]);
  try {
    for (const f of files) await multi.waitForDiagnostics(f, hasCode('undeclared-tag'));
  } finally {
    await multi.stop();
  }
});

test('a course outside the workspace folders is found from the file opened in it', async () => {
  const other = copyFixtureCourse();
  const file = path.join(other, 'questions/addNumbers/info.json');
  const lone = await LspClient.start([]);
  try {
    await lone.open(file, fs.readFileSync(file, 'utf8').replace('"easy"', '"easy", "typo"'));
    await lone.waitForDiagnostics(file, hasCode('undeclared-tag'));
  } finally {
    await lone.stop();
  }
});

test('deprecated and unused properties carry the matching diagnostic tags', async () => {
  const file = path.join(root, 'courseInstances/Sp26/infoCourseInstance.json');
  const publishing = { startDate: '2026-01-10T00:00:00', endDate: '2099-05-15T00:00:00' };
  const data = { uuid: '3e9d6c5b-4f7a-4b8c-8d1e-2f3a4b5c6d7e', longName: 'Spring 2026', shortName: 'Sp26', userRoles: {}, publishing };
  await client.open(file, JSON.stringify(data, null, 2));
  const d = await client.waitForDiagnostics(file, hasCode('ci-user-roles-deprecated'));
  assert.deepEqual(d.find((x) => x.code === 'ci-user-roles-deprecated')!.tags, [2]);
  assert.deepEqual(d.find((x) => x.code === 'ci-short-name-unused')!.tags, [1]);
  await client.close(file);
});

test('question.html is checked with the course, live from the editor, with ranges in its own text', async () => {
  const file = path.join(root, 'questions/addNumbers/question.html');
  const text = '<pl-question-panel>\r\n  <p>1 + 2</p>\r\n</pl-question-panel>\r\n<pl-integer-input answers-name="x"></pl-integer-input>\r\n<pl-integer-input answers-name="x"></pl-integer-input>\r\n';
  await client.open(file, text);
  const d = await client.waitForDiagnostics(file, hasCode('duplicate-answers-name'));
  const dup = d.find((x) => x.code === 'duplicate-answers-name')!;
  const line = text.split('\r\n')[dup.range.start.line];
  assert.match(line.slice(dup.range.start.character), /^"?x"?/);
  await client.change(file, text.replace(/<pl-integer-input answers-name="x"><\/pl-integer-input>\r\n$/, ''));
  await client.nextDiagnostics(file, (x) => !hasCode('duplicate-answers-name')(x));
  await client.close(file);
});

test('changed settings re-check at once: a code switched off disappears, and comes back', async () => {
  await client.waitForDiagnostics(brokenTag, hasCode('undeclared-tag'));
  await client.configure({ validation: { debounceMs: 0 }, diagnostics: { severity: { 'undeclared-tag': 'off' } } });
  await client.nextDiagnostics(brokenTag, isEmpty);
  await client.configure({ validation: { debounceMs: 0 }, diagnostics: { severity: {} } });
  await client.nextDiagnostics(brokenTag, hasCode('undeclared-tag'));
});

test('settings pulled from the client (as VS Code answers) win over initializationOptions', async () => {
  const other = copyFixtureCourse();
  const file = path.join(other, 'questions/addNumbers/info.json');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"easy"', '"easy", "typo"'));
  const pulled = await LspClient.start([other], { validation: { debounceMs: 0 } }, {
    validation: { debounceMs: 0 },
    diagnostics: { severity: { 'undeclared-tag': 'error' } },
  });
  try {
    const [d] = await pulled.waitForDiagnostics(file, hasCode('undeclared-tag'));
    assert.equal(d.severity, 1);
    assert.equal(pulled.configurationRequests, 1);
  } finally {
    await pulled.stop();
  }
});

test('quick edits are checked once, after the typing pauses for the debounce time', async () => {
  // A debounce far longer than the gaps between the edits below, so that timing cannot split them.
  const course = copyFixtureCourse();
  const debounced = await LspClient.start([course], { validation: { debounceMs: 1500, workspace: false } });
  try {
    const file = path.join(course, 'questions/addNumbers/info.json');
    const text = fs.readFileSync(file, 'utf8');
    const uuid = (JSON.parse(text) as { uuid: string }).uuid;
    await debounced.open(file);
    const before = debounced.published.length;
    // Five edits, each a different invalid UUID, which the message quotes.
    for (let i = 1; i <= 5; i++) await debounced.change(file, text.replace(uuid, `not-a-uuid-${i}`));
    await debounced.waitForDiagnostics(file, hasCode('uuid-invalid'));
    // A further debounce period: nothing more may come.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const published = debounced.published.slice(before).filter((p) => p.uri === uriOf(file));
    assert.deepEqual(
      published.map((p) => p.diagnostics.map((d) => d.message)),
      [['UUID "not-a-uuid-5" is not a valid UUID. Replace it with a new UUID.']],
    );
  } finally {
    await debounced.stop();
  }
});
