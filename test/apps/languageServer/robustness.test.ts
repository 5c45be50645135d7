import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { copyFixtureCourse, cursor, type Diagnostic, FileChangeType, LspClient, temporaryFolder } from './lspClient';

const hasCode = (code: string) => (d: Diagnostic[]) => d.some((x) => x.code === code);

let root: string;
let client: LspClient;
const question = () => path.join(root, 'questions/addNumbers/info.json');

before(async () => {
  root = copyFixtureCourse();
  client = await LspClient.start([root]);
});

after(async () => {
  await client.stop();
});

/** The server is still up and answering requests after whatever the test threw at it. */
async function assertAlive(file = question()) {
  assert.ok(client.alive, `server exited; log:\n${client.log.join('\n')}`);
  const failures = client.log.filter((line) => /failed:|uncaught|unhandled/.test(line));
  assert.deepEqual(failures, [], 'no handler threw');
  await client.open(file);
  const items = await client.completion(file, { line: 1, character: 2 });
  assert.ok(Array.isArray(items));
  await client.close(file);
}

/** Opens `text` as the question's info.json and exercises every request on it. */
async function throwAt(text: string) {
  await client.open(question(), text);
  const everywhere = [0, Math.floor(text.length / 2), text.length].map((offset) => {
    const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
    return { line: lines.length - 1, character: lines[lines.length - 1].length };
  });
  for (const position of everywhere) {
    await client.completion(question(), position);
    await client.hover(question(), position);
    await client.definition(question(), position);
  }
  await client.links(question());
  await client.close(question());
}

test('malformed JSON yields a diagnostic, and every request still answers', async () => {
  const text = '{\n  "uuid": "0b6a3f2e-1c4d-4e5f-9a8b-7c6d5e4f3a2b",\n  "title": "Broken\n  "topic": [\n';
  fs.writeFileSync(question(), text);
  await client.filesChanged([question(), FileChangeType.Changed]);
  await client.waitForDiagnostics(question(), hasCode('json-syntax'));
  await throwAt(text);
  await assertAlive();
});

test('an empty file is missing its UUID, and the quick fix writes a whole object', async () => {
  await client.open(question(), '');
  const d = await client.waitForDiagnostics(question(), hasCode('uuid-missing'));
  const [fix] = await client.codeActions(question(), d.filter((x) => x.code === 'uuid-missing'));
  const newText = Object.values(fix.edit!.changes!)[0][0].newText;
  assert.match(JSON.parse(newText).uuid, /^[0-9a-f-]{36}$/);
  await client.close(question());
  await throwAt('');
  await assertAlive();
});

test('a byte order mark on disk is reported; CRLF line ends are handled: ranges land on the right line', async () => {
  const original = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures/course/questions/addNumbers/info.json'), 'utf8'));
  const text = JSON.stringify({ ...original, type: 'v9' }, null, 2).replace(/\n/g, '\r\n');
  fs.writeFileSync(question(), '\uFEFF' + text);
  await client.filesChanged([question(), FileChangeType.Changed]);
  const isBom = (x: Diagnostic) => x.code === 'json-syntax' && /byte order mark/i.test(String(x.message));
  const bom = (await client.waitForDiagnostics(question(), (list) => list.some(isBom))).find(isBom)!;
  assert.deepEqual(bom.range.start, { line: 0, character: 0 });
  fs.writeFileSync(question(), text);
  await client.filesChanged([question(), FileChangeType.Changed]);
  const [d] = await client.waitForDiagnostics(question(), hasCode('schema-violation'));
  const line = text.split('\r\n')[d.range.start.line];
  assert.equal(line.slice(d.range.start.character, d.range.end.character), '"v9"');
  const { position } = cursor(text.replace('"Arithmetic"', '"Arith|metic"'));
  await client.open(question(), text);
  assert.ok((await client.completion(question(), position)).some((i) => i.label === 'Geometry'));
  await client.close(question());
  await assertAlive();
});

test('binary bytes in an info file give diagnostics, not a crash', async () => {
  fs.writeFileSync(question(), Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x22, 0x80, 0x00, 0x0a, 0xc3, 0x28]));
  await client.filesChanged([question(), FileChangeType.Changed]);
  await client.waitForDiagnostics(question(), hasCode('json-syntax'));
  await throwAt(fs.readFileSync(question(), 'utf8'));
  await assertAlive();
});

test('a 5 MB info file is checked and answered', async () => {
  const original = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures/course/questions/addNumbers/info.json'), 'utf8'));
  const big = JSON.stringify({ ...original, comment: 'x'.repeat(5 * 1024 * 1024), nope: 1 }, null, 2);
  fs.writeFileSync(question(), big);
  await client.filesChanged([question(), FileChangeType.Changed]);
  await client.waitForDiagnostics(question(), hasCode('schema-violation'), 30_000);
  await client.open(question(), big);
  const started = Date.now();
  await client.hover(question(), { line: 1, character: 4 });
  assert.ok(Date.now() - started < 5000, 'hover on a 5 MB file answers in seconds');
  await client.close(question());
  fs.writeFileSync(question(), JSON.stringify(original, null, 2));
  await client.filesChanged([question(), FileChangeType.Changed]);
  await client.nextDiagnostics(question(), (d) => d.length === 0, 30_000);
  await assertAlive();
});

test('a folder named info.json is a read error for that question', async () => {
  const folder = path.join(root, 'questions/odd/info.json');
  fs.mkdirSync(folder, { recursive: true });
  await client.filesChanged([folder, FileChangeType.Created]);
  const [d] = await client.waitForDiagnostics(folder, hasCode('read-error'));
  assert.match(String(d.message), /EISDIR/);
  await assertAlive();
});

test('requests for files outside any course, or not yet open, get empty answers', async () => {
  const stray = path.join(temporaryFolder(), 'info.json');
  fs.writeFileSync(stray, '{}');
  await client.open(stray);
  assert.deepEqual(await client.completion(stray, { line: 0, character: 1 }), []);
  assert.equal(await client.hover(stray, { line: 0, character: 1 }), '');
  await client.close(stray);
  assert.deepEqual(await client.links(path.join(root, 'questions/addNumbers/info.json')), []);
  await assertAlive();
});
