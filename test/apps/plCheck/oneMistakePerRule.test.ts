import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { allCodes } from '../../../server/lib/questionHtml/courseChecks';
import { runCli } from './runCli';

// A course with one mistake per diagnostic code; the expectations list every diagnostic it must
// give (file, 1-based line, code) and nothing else. A new rule adds its mistake and expectation here.
const COURSE = path.join(__dirname, 'fixtures/one-mistake-per-rule');
const EXPECTED: { file: string; line: number; code: string }[] = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'fixtures/one-mistake-per-rule.expected.json'), 'utf8'),
);
// Date-dependent rules see the course instances as open, reproducibly.
const NOW = '2026-06-01T12:00:00Z';

const key = (d: { file: string; line: number; code: string }) => `${d.file}:${d.line} ${d.code}`;

test('pl-check finds each mistake of the fixture course at its line, with its code, and nothing else', () => {
  const r = runCli(['--format', 'json', '--now', NOW, '.'], COURSE);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 1);
  const found: { file: string; line: number; code: string }[] = JSON.parse(r.stdout);
  assert.deepEqual(found.map(key).sort(), EXPECTED.map(key).sort());
});

test('every registered diagnostic code has a mistake in the fixture course', () => {
  const covered = new Set(EXPECTED.map((e) => e.code));
  const uncovered = [...allCodes().keys()].filter((code) => !covered.has(code));
  assert.deepEqual(uncovered, [], 'add a mistake for each of these codes to test/apps/plCheck/fixtures/one-mistake-per-rule/ and its .expected.json');
});
