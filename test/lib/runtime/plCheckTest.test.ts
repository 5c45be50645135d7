// pl-check --test, the built CLI against the fixture course (one broken question per failure kind)
// and the demo course (every question must pass). Needs `node build.mjs` first, as test/apps/plCheck does.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { assertNoStackTrace, REPO, runCli } from '../../apps/plCheck/runCli';

const COURSE = path.join(__dirname, 'fixtures/course');

interface JsonRun {
  problems: Array<{ file: string; line: number; code: string; severity: string; message: string }>;
  variants: Array<{ qid: string; seed: string; rendered: boolean; unsupportedElements: string[]; correctAnswerScore: number | null; error: string | null }>;
}

function runJson(args: string[]): { status: number | null; run: JsonRun } {
  const r = runCli(['--test', '--format', 'json', ...args]);
  assertNoStackTrace(r.stderr);
  return { status: r.status, run: JSON.parse(r.stdout) as JsonRun };
}

test('one broken question per failure kind: each reported with its code, at the file and line at fault', () => {
  const qids = ['crash', 'element-crash', 'wrong-answer', 'blank-credit', 'mismatch', 'illegal', 'seeded', 'custom'];
  const { status, run } = runJson(['--variants', '2', ...qids, COURSE]);
  assert.equal(status, 1);
  const found = (code: string, file: string) => run.problems.find((p) => p.code === code && p.file === path.relative(REPO, path.join(COURSE, file)));
  assert.equal(found('server-py-error', 'questions/crash/server.py')?.line, 2);
  assert.equal(found('element-error', 'elements/fx-broken/fx-broken.py')?.line, 2);
  assert.ok(found('correct-answer-not-full-score', 'questions/wrong-answer/question.html'));
  assert.ok(found('blank-submission-graded', 'questions/blank-credit/question.html'));
  const mismatches = run.problems.filter((p) => p.code === 'test-mismatch' && p.file.endsWith('mismatch/question.html')).map((p) => p.message);
  assert.ok(mismatches.some((m) => m.startsWith('"score" mismatch: expected "0.5" but got "1"')), mismatches.join('\n'));
  assert.ok(found('question-error', 'questions/illegal/server.py'));
  // One entry per question and variant; the good questions pass with full marks.
  assert.equal(run.variants.length, qids.length * 2);
  for (const v of run.variants.filter((v) => v.qid === 'seeded' || v.qid === 'custom')) {
    assert.deepEqual({ rendered: v.rendered, score: v.correctAnswerScore, error: v.error }, { rendered: true, score: 1, error: null }, v.qid);
    assert.match(v.seed, /^[0-9a-z]+$/);
  }
  assert.equal(run.variants.find((v) => v.qid === 'crash')?.rendered, false);
  assert.match(run.variants.find((v) => v.qid === 'crash')?.error ?? '', /ZeroDivisionError/);
});

test('a pl-* tag PrairieLearn does not know is not counted as not run; human output ends with a summary', () => {
  const r = runCli(['--test', '--variants', '1', 'unknown', COURSE]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout, /element-not-previewed/);
  assert.match(r.stdout, /Ran 1 question, 1 variant: all passed\./);
});

test('SARIF output lists the --test codes as rules', () => {
  const r = runCli(['--test', '--variants', '1', '--format', 'sarif', 'crash', COURSE]);
  const sarif = JSON.parse(r.stdout);
  const rules = sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
  assert.ok(rules.includes('server-py-error'));
  assert.equal(sarif.runs[0].results[0].ruleId, 'server-py-error');
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.region.startLine, 2);
});

test('usage errors: an unknown QID, a bad --variants', () => {
  const unknown = runCli(['--test', 'no-such-question', COURSE]);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /no question "no-such-question"/);
  const bad = runCli(['--test', '--variants', '0', COURSE]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--variants: "0"/);
});

test('the demo course: every question passes its Test and a blank submission', () => {
  const { status, run } = runJson(['--variants', '1', path.join(REPO, 'server/demo-course')]);
  const errors = run.problems.filter((p) => p.severity === 'error');
  assert.deepEqual(errors, []);
  assert.equal(status, 0);
  assert.ok(run.variants.length >= 16);
  for (const v of run.variants) assert.equal(v.error, null, v.qid);
});

test('legacy v2 questions: the true answer scores 100%, no blank submission is tried; a throwing server.js is at its line', () => {
  const legacy = path.join(__dirname, 'fixtures/legacyCourse');
  const good = ['addVectors', 'defaultGrade', 'checkbox', 'multipleChoice', 'trueFalse', 'courseLib'];
  const { status, run } = runJson(['--variants', '2', ...good, 'throws', legacy]);
  assert.equal(status, 1);
  for (const v of run.variants.filter((v) => good.includes(v.qid))) {
    assert.deepEqual({ rendered: v.rendered, score: v.correctAnswerScore, error: v.error }, { rendered: true, score: 1, error: null }, v.qid);
  }
  assert.ok(!run.problems.some((p) => p.code === 'blank-submission-graded'), 'a v2 client never submits a blank form');
  const thrown = run.problems.find((p) => p.code === 'question-error');
  assert.equal(thrown?.file, path.relative(REPO, path.join(legacy, 'questions/throws/server.js')));
  assert.equal(thrown?.line, 3);
  assert.match(thrown?.message ?? '', /PrairieGeom\.solveFourBar is not provided/);
});
