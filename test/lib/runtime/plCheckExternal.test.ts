// pl-check --test on externally graded questions (the built CLI; `node build.mjs` first): the Python
// autograder's reference solution tests/ans.py must grade to 100% and the file editor's starter code
// must not; a grader that fails is an error with its output; --external chooses how they grade.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { assertNoStackTrace, REPO, runCli } from '../../apps/plCheck/runCli';

const COURSE = path.join(__dirname, 'fixtures/autograder');

interface JsonRun {
  problems: Array<{ file: string; line: number; code: string; severity: string; message: string }>;
  variants: Array<{ qid: string; referenceScore: number | null; error: string | null }>;
}

function runJson(args: string[]): { status: number | null; run: JsonRun } {
  const r = runCli(['--test', '--format', 'json', '--variants', '1', ...args]);
  assertNoStackTrace(r.stderr);
  return { status: r.status, run: JSON.parse(r.stdout) as JsonRun };
}

test('reference solutions grade to 100%; a starter with full credit warns; a wrong reference, a broken test file and a timeout are errors', () => {
  const { status, run } = runJson(['points', 'setup', 'starter-full', 'broken-import', 'other-image', 'wrong-reference', 'slow-reference', COURSE]);
  assert.equal(status, 1);
  const rel = (f: string) => path.relative(REPO, path.join(COURSE, 'questions', f));
  const byQid = Object.fromEntries(run.variants.map((v) => [v.qid, v]));
  assert.equal(byQid.points.referenceScore, 1);
  assert.equal(byQid.setup.referenceScore, 1);
  assert.equal(byQid.points.error, null);
  const starter = run.problems.find((p) => p.code === 'starter-full-credit');
  assert.deepEqual([starter?.file, starter?.line, starter?.severity], [rel('starter-full/question.html'), 5, 'warning']);
  assert.match(starter?.message ?? '', /^the starter code already earns full credit/);
  const crash = run.problems.find((p) => p.code === 'grader-failed');
  assert.equal(crash?.file, rel('broken-import/tests/test.py'));
  assert.match(crash?.message ?? '', /ModuleNotFoundError: No module named 'no_such_module_here'/);
  assert.match(byQid['broken-import'].error ?? '', /grader failed/);
  const other = run.problems.find((p) => p.code === 'grading-not-run');
  assert.match(other?.message ?? '', /"prairielearn\/grader-c" has no reference solution to try/);
  const wrong = run.problems.find((p) => p.code === 'reference-not-full-score');
  assert.equal(wrong?.file, rel('wrong-reference/tests/ans.py'));
  assert.match(wrong?.message ?? '', /graded to 66%, not 100% \(failed: compute\(x\) 0\/1\)/);
  // A warning: PrairieLearn never submits ans.py, and some courses write it only for the expected values.
  assert.equal(wrong?.severity, 'warning');
  const slow = run.problems.find((p) => p.code === 'grader-failed' && p.file.includes('slow-reference'));
  assert.match(slow?.message ?? '', /did not complete within the time limit of 2 seconds/);
  // No starter of the good questions earns full credit, and nothing else is reported for them.
  assert.deepEqual(run.problems.filter((p) => p.file.includes('/points/') || p.file.includes('/setup/')), []);
});

test('a notebook student file gets ans.py as a graded cell; an ans.py of only pass is no reference solution', () => {
  const { status, run } = runJson(['notebook', 'placeholder-reference', COURSE]);
  const byQid = Object.fromEntries(run.variants.map((v) => [v.qid, v]));
  // Both tests of the notebook question pass: double(x) from the "#grade" cell, and the cell read back.
  assert.equal(byQid.notebook.referenceScore, 1);
  assert.deepEqual(run.problems.filter((p) => p.file.includes('/notebook/')), []);
  const placeholder = run.problems.find((p) => p.file.includes('placeholder-reference'));
  assert.equal(placeholder?.code, 'grading-not-run');
  assert.match(placeholder?.message ?? '', /holds no code \(only blank lines, comments or pass\)/);
  assert.equal(status, 0);
});

test('--external off skips external grading with a note; a bad --external is a usage error', () => {
  const off = runJson(['--external', 'off', 'points', COURSE]);
  assert.equal(off.status, 0);
  assert.match(off.run.problems[0]?.message ?? '', /External grading is turned off here/);
  assert.equal(off.run.problems[0]?.code, 'grading-not-run');
  const bad = runCli(['--test', '--external', 'docker', COURSE]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--external: "docker" is not builtin, container or off/);
});
