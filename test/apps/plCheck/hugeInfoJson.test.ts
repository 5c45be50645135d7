// pl-check on course input of extreme size gets its report, never an internal error: 300,000 tags
// (once undeclared, once declared) and arrays nested 100,000 deep. A list that long used to overflow
// the stack where it was spread into push(...).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { assertNoStackTrace, runCli } from './runCli';

const TAGS = 300_000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'huge-info-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

const tags = Array.from({ length: TAGS }, (_, i) => `t${i}`);
write('infoCourse.json', JSON.stringify({ uuid: '5e0b8f3e-5a55-4d6e-9a1e-8d5b1f6e2a99', name: 'HUGE 1', title: 'Huge', topics: [{ name: 'T', color: 'red1' }], tags: tags.map((name) => ({ name, color: 'red1' })) }));
write('questions/declared/info.json', JSON.stringify({ uuid: '5e0b8f3e-5a55-4d6e-9a1e-8d5b1f6e2a01', title: 'declared', topic: 'T', type: 'v3', tags }));
write('questions/declared/question.html', '<p>x</p>\n');
write('questions/undeclared/info.json', JSON.stringify({ uuid: '5e0b8f3e-5a55-4d6e-9a1e-8d5b1f6e2a02', title: 'undeclared', topic: 'T', type: 'v3', tags: tags.map((t) => `u${t}`) }));
write('questions/undeclared/question.html', '<p>x</p>\n');
write('questions/deep/info.json', `{"uuid": "5e0b8f3e-5a55-4d6e-9a1e-8d5b1f6e2a03", "title": "deep", "topic": "T", "type": "v3", "deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
write('questions/deep/question.html', '<p>x</p>\n');
test('300,000 tags and 100,000-deep arrays: pl-check reports, with no internal error', () => {
  const run = runCli(['--format', 'json', root]);
  assert.notEqual(run.status, 2, run.stderr);
  assert.doesNotMatch(run.stderr, /internal error/);
  assertNoStackTrace(run.stderr);
  const report = JSON.parse(run.stdout) as unknown;
  const text = JSON.stringify(report);
  assert.match(text, /json-too-deep/);
  assert.match(text, /ut0\b/);
});
