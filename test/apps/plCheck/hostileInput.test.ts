// Hostile and odd input through pl-check: each class gives at most a diagnostic on the file it
// touches, never an aborted or stalled check, and the rest of the course is still checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { temporaryFolder } from '../../helpers/course';
import { MAX_FINDINGS_PER_CODE } from '../../../server/lib/course/diagnostic';
import { MAX_FILE_BYTES } from '../../../server/lib/course/courseReader';
import { assertNoStackTrace, PL_CHECK, REPO } from './runCli';

const DEMO = path.join(REPO, 'server/demo-course');
const QUESTION = 'questions/algebra/factorQuadratic';
const posix = process.platform !== 'win32';

interface Found {
  file: string;
  line: number;
  code: string;
  message: string;
}

/** A copy of the demo course (which has no findings) with one known mistake elsewhere, to show the rest is still checked. */
function demoCopy(): string {
  const root = temporaryFolder('pl-hostile-');
  fs.cpSync(DEMO, root, { recursive: true });
  const other = path.join(root, 'questions/algebra/linearEquation/info.json');
  fs.writeFileSync(other, fs.readFileSync(other, 'utf8').replace(/"title": "[^"]*"/, '"title": 42'));
  return root;
}

/** pl-check on `root`, bounded in time: a hang fails the test instead of stalling the suite. */
function check(root: string, format: 'json' | 'human' = 'json'): { status: number | null; found: Found[]; stdout: string } {
  const r = spawnSync(process.execPath, [PL_CHECK, '--format', format, '.'], { cwd: root, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(r.error, undefined, `pl-check did not finish: ${r.error}`);
  assert.equal(r.stderr, '');
  assertNoStackTrace(r.stdout);
  assert.ok(r.status === 0 || r.status === 1, `exit status ${r.status}`);
  return { status: r.status, found: format === 'json' ? JSON.parse(r.stdout) : [], stdout: r.stdout };
}

function assertRestChecked(found: Found[]): void {
  assert.ok(found.some((f) => f.file === 'questions/algebra/linearEquation/info.json' && f.code === 'schema-violation'), 'the other files are still checked');
}

test('JSON nested 5,000 deep: one warning on that file (PrairieLearn reads it), the course checked', () => {
  const root = demoCopy();
  fs.writeFileSync(path.join(root, QUESTION, 'info.json'), `{"uuid": "f06a567d-f896-4cb5-ad14-5e7adc9134c8", "x": ${'['.repeat(5000)}${']'.repeat(5000)}}`);
  const { found } = check(root);
  const mine = found.filter((f) => f.file === `${QUESTION}/info.json`);
  assert.deepEqual(mine.map((f) => f.code), ['json-too-deep']);
  assertRestChecked(found);
});

test('an info.json that is a named pipe is reported, not waited on', { skip: !posix }, () => {
  const root = demoCopy();
  const info = path.join(root, QUESTION, 'info.json');
  fs.rmSync(info);
  assert.equal(spawnSync('mkfifo', [info]).status, 0);
  const { found } = check(root);
  const mine = found.filter((f) => f.file === `${QUESTION}/info.json`);
  assert.equal(mine.length, 1);
  assert.equal(mine[0].code, 'read-error');
  assert.match(mine[0].message, /not a regular file but a named pipe/);
  assertRestChecked(found);
});

test('a question.html that links to /dev/zero, or is over the size cap, is skipped with a note of why', { skip: !posix }, () => {
  const root = demoCopy();
  fs.rmSync(path.join(root, QUESTION, 'question.html'));
  fs.symlinkSync('/dev/zero', path.join(root, QUESTION, 'question.html'));
  const big = path.join(root, 'questions/algebra/modularArithmetic/question.html');
  fs.writeFileSync(big, '<p>' + 'x'.repeat(MAX_FILE_BYTES) + '</p>');
  const { found } = check(root);
  const zero = found.find((f) => f.file === `${QUESTION}/question.html`);
  assert.equal(zero?.code, 'question-html-skipped');
  assert.match(zero!.message, /it is not a regular file but a device/);
  const large = found.find((f) => f.file === 'questions/algebra/modularArithmetic/question.html');
  assert.equal(large?.code, 'question-html-skipped');
  assert.match(large!.message, /larger than the checker reads \(over 10 MB; the limit is 10 MB\)/);
  assertRestChecked(found);
});

test('a folder link back to a folder above it is reported once and not walked', { skip: !posix }, () => {
  const root = demoCopy();
  fs.symlinkSync('..', path.join(root, 'questions/loop'));
  fs.symlinkSync('../..', path.join(root, 'questions/algebra/loop2'));
  // A link to a folder elsewhere is followed as before.
  const elsewhere = temporaryFolder('pl-linked-');
  fs.cpSync(path.join(DEMO, QUESTION), path.join(elsewhere, 'linked'), { recursive: true });
  fs.writeFileSync(path.join(elsewhere, 'linked/info.json'), fs.readFileSync(path.join(elsewhere, 'linked/info.json'), 'utf8').replace(/"uuid": "[^"]*"/, '"uuid": "0e4c2a55-3a2c-4b8e-9d0f-8f6b1c2d3e4f"'));
  fs.symlinkSync(path.join(elsewhere, 'linked'), path.join(root, 'questions/linked'));
  const { found, stdout } = check(root);
  const loops = found.filter((f) => /is a link to a folder that holds it/.test(f.message));
  assert.deepEqual(loops.map((f) => f.file).sort(), ['questions/algebra/loop2', 'questions/loop']);
  assert.ok(!found.some((f) => f.file.startsWith('questions/loop/')), stdout.slice(0, 2000));
  assert.ok(!found.some((f) => f.file.startsWith('questions/linked')), 'the linked question is read and valid');
  assertRestChecked(found);
});

test('names from the disk are printed with their control characters escaped', () => {
  const root = demoCopy();
  const bad = path.join(root, 'questions/algebra', 'bad\u001b[31mred\u0007');
  fs.renameSync(path.join(root, QUESTION), bad);
  fs.writeFileSync(path.join(bad, 'info.json'), '{');
  const { stdout } = check(root, 'human');
  assert.ok(!stdout.includes('\u001b') && !stdout.includes('\u0007'), 'no raw escape reaches the terminal');
  assert.match(stdout, /bad\\x1b\[31mred\\x07\/info\.json:1:2 error/);
});

test('repeated findings are capped per code and file; 50,000 unknown keys and 200,000 open sections finish', () => {
  const root = demoCopy();
  const info = JSON.parse(fs.readFileSync(path.join(root, QUESTION, 'info.json'), 'utf8'));
  info.tags = Array.from({ length: 5000 }, (_, i) => `undeclared${i}`);
  fs.writeFileSync(path.join(root, QUESTION, 'info.json'), JSON.stringify(info));
  const keys = path.join(root, 'questions/algebra/modularArithmetic/info.json');
  const withKeys = JSON.parse(fs.readFileSync(keys, 'utf8'));
  for (let i = 0; i < 50_000; i++) withKeys[`unknown${i}`] = i;
  fs.writeFileSync(keys, JSON.stringify(withKeys));
  fs.writeFileSync(path.join(root, QUESTION, 'question.html'), '{{#a}}'.repeat(200_000));
  const { found } = check(root);
  const count = (file: string, code: string) => found.filter((f) => f.file === file && f.code === code);
  const tags = count(`${QUESTION}/info.json`, 'undeclared-tag');
  assert.equal(tags.length, MAX_FINDINGS_PER_CODE + 1);
  assert.match(tags[tags.length - 1].message, /^4900 more undeclared-tag findings in this file, not listed/);
  const schema = count('questions/algebra/modularArithmetic/info.json', 'schema-violation');
  assert.ok(schema.length >= 1 && schema.length <= MAX_FINDINGS_PER_CODE + 1, String(schema.length));
  const byCode = new Map<string, number>();
  for (const f of found.filter((f) => f.file === `${QUESTION}/question.html`)) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
  for (const [code, n] of byCode) assert.ok(n <= MAX_FINDINGS_PER_CODE + 1, `${code}: ${n}`);
  assertRestChecked(found);
});
