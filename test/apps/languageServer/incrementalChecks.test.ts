import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { copyFixtureCourse, type Diagnostic, FileChangeType, LspClient, uriOf } from './lspClient';

const codes = (d: Diagnostic[]) => d.map((x) => String(x.code)).sort();
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

test('question.html diagnostics follow server.py and figure files changing on disk, though its own text did not change', async () => {
  const dir = path.join(root, 'questions/addNumbers');
  const html = path.join(dir, 'question.html');
  const serverPy = path.join(dir, 'server.py');
  const figure = path.join(dir, 'clientFilesQuestion/plot.png');
  fs.mkdirSync(path.dirname(figure), { recursive: true });
  fs.writeFileSync(figure, 'png');
  fs.writeFileSync(serverPy, 'def generate(data):\n    data["params"]["a"] = 1\n');
  fs.writeFileSync(html, '<pl-question-panel>{{params.a}}</pl-question-panel>\n<pl-figure file-name="plot.png"></pl-figure>\n');
  await client.filesChanged([html, FileChangeType.Changed], [serverPy, FileChangeType.Created], [figure, FileChangeType.Created]);

  fs.writeFileSync(serverPy, 'def generate(data):\n    data["params"]["b"] = 1\n');
  await client.filesChanged([serverPy, FileChangeType.Changed]);
  assert.deepEqual(codes(await client.waitForDiagnostics(html, (d) => d.length > 0)), ['unknown-template-param']);

  fs.rmSync(figure);
  await client.filesChanged([figure, FileChangeType.Deleted]);
  assert.deepEqual(codes(await client.nextDiagnostics(html, (d) => d.length === 2)), ['missing-element-file', 'unknown-template-param']);
});

test('an edit that leaves the diagnostics as they were publishes nothing; a fix clears the file, and only it', async () => {
  const file = path.join(root, 'questions/addNumbers/info.json');
  const text = fs.readFileSync(file, 'utf8');
  const broken = text.replace('"type": "v3"', '"type": "v4"');
  await client.open(file);
  await client.change(file, broken);
  await client.waitForDiagnostics(file, (d) => codes(d).includes('schema-violation'));
  const before = client.published.length;
  // The same problem at the same place: nothing new to publish.
  await client.change(file, broken + '\n');
  await client.change(file, text);
  await client.nextDiagnostics(file, isEmpty);
  assert.deepEqual(
    client.published.slice(before).map((p) => [p.uri, p.diagnostics.length]),
    [[uriOf(file), 0]],
  );
  await client.close(file);
});

test('an edit that changes the problems of other, closed files publishes them, and only the files that changed', async () => {
  const file = path.join(root, 'questions/addNumbers/info.json');
  const other = path.join(root, 'questions/geometry/triangleArea/info.json');
  const text = fs.readFileSync(file, 'utf8');
  const otherUuid = JSON.parse(fs.readFileSync(other, 'utf8')).uuid;
  await client.open(file);
  await client.change(file, text.replace(/"uuid": "[^"]*"/, `"uuid": "${otherUuid}"`));
  const [d] = await client.waitForDiagnostics(other, (x) => codes(x).includes('duplicate-uuid'));
  assert.equal(d.relatedInformation?.[0].location.uri, uriOf(file));
  await client.waitForDiagnostics(file, (x) => codes(x).includes('duplicate-uuid'));
  const before = client.published.length;
  // A change above the UUID moves it: the other file's related location follows.
  await client.change(file, '\n' + text.replace(/"uuid": "[^"]*"/, `"uuid": "${otherUuid}"`));
  const [moved] = await client.nextDiagnostics(other, (x) => codes(x).includes('duplicate-uuid'));
  assert.equal(moved.relatedInformation?.[0].location.range.start.line, d.relatedInformation![0].location.range.start.line + 1);
  await client.change(file, text);
  await client.nextDiagnostics(other, isEmpty);
  assert.deepEqual(
    client.published.slice(before).map((p) => [p.uri, p.diagnostics.length]),
    [
      [uriOf(file), 1],
      [uriOf(other), 1],
      [uriOf(file), 0],
      [uriOf(other), 0],
    ],
  );
  await client.close(file);
});
