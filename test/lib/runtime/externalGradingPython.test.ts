// Save & Grade of externally graded questions through QuestionRuntime.submit (the call the preview
// makes) with the built-in Python autograder (server/python/pythongrader), on the fixture course
// test/lib/runtime/fixtures/autograder. Expected behaviour: PrairieLearn's
// docs/python-grader/index.md and graders/python/python_autograder/ (pl_main.py, pl_result.py,
// pl_execute.py, code_feedback.py), commit 88fb8556a7a1768e2082736be9095241b11238d7.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { findPython, QuestionRuntime, type Submission } from '../../../server/lib/runtime';

const COURSE = path.join(__dirname, 'fixtures/autograder');
const runtime = new QuestionRuntime({ poolSize: 1, timeoutMs: 20000 });
after(() => runtime.dispose());

type Test = { name: string; points: number; max_points: number; message?: string };
const results = (s: Submission) => (s.feedback.results ?? {}) as { tests: Test[]; images: string[]; output?: string; score: number };

async function grade(qid: string, code: string, file = 'user_code.py') {
  const variant = await runtime.createVariant(COURSE, qid, '1');
  assert.equal(variant.broken, false, JSON.stringify(variant.issues));
  const field = `_file_editor_${createHash('sha1').update(file).digest('hex')}`;
  const submission = await runtime.submit(variant, { [field]: Buffer.from(code).toString('base64') }, 'grade');
  return { variant, submission };
}

const answer = (qid: string) => fs.readFileSync(path.join(COURSE, 'questions', qid, 'tests/ans.py'), 'utf8');

test('the reference solution earns every point; the submission panel shows the score and each test', async () => {
  const { variant, submission } = await grade('points', answer('points'));
  assert.deepEqual([submission.graded, submission.gradable, submission.score, submission.externalGrader], [true, true, 1, 'builtin']);
  assert.deepEqual(results(submission).tests.map((t) => [t.name, t.points, t.max_points]), [
    ['square(x)', 2, 2], ['values', 1, 1], ['total', 1, 1], ['table', 1, 1], ['pair', 1, 1], ['arr', 1, 1],
  ]);
  assert.equal(variant.numTries, 1);
  const page = await runtime.render(variant, [submission]);
  assert.match(page.submissionHtmls[0], /Score: 100%/);
  assert.match(page.submissionHtmls[0], /Test points: 7\/7/);
  assert.match(page.questionHtml, /<code>square<\/code><\/td><td>function<\/td>/);
});

test('partial points: set_score shares, and the feedback helpers say what is wrong', async () => {
  const code = 'import numpy as np\ndef square(x):\n    return x * x if x == 2 else 0\nvalues = [1, 4, 9, 15]\ntotal = 29.0\n' +
    'table = {1: 1, 2: 4, 3: 9, 4: 16}\npair = (4, 29.0)\n';
  const { submission } = await grade('points', code);
  const byName = Object.fromEntries(results(submission).tests.map((t) => [t.name, t]));
  assert.deepEqual(Object.values(byName).map((t) => t.points), [1, 0.5, 0, 1, 0, 0]);
  assert.equal(submission.score, 2.5 / 7);
  assert.match(byName.total.message ?? '', /'total' is inaccurate/);
  assert.match(byName.pair.message ?? '', /'pair' is inaccurate/);
  assert.match(byName.arr.message ?? '', /'arr' is None or not defined/);
  assert.match(byName.table.message ?? '', /'table' looks good/);
});

test('plots: the curve compared with check_plot, labels scored, the figure in the results images', async () => {
  const full = await grade('plot', answer('plot'));
  assert.equal(full.submission.score, 1);
  assert.match(results(full.submission).images[0], /^data:image\/png;base64,/);
  const unlabeled = await grade('plot', 'import matplotlib.pyplot as plt\nplt.plot(xs, xs**2)\n');
  // The labels' feedback goes under the helper's own name, so it shows on no test (as in the image's grader).
  assert.deepEqual(results(unlabeled.submission).tests.map((t) => t.points), [2, 0]);
  assert.equal(unlabeled.submission.score, 0.4);
});

test('setup code, repeated_setup, names_for_user, leading and trailing code, one random seed for both', async () => {
  const { submission } = await grade('setup', 'def compute(x):\n    return math.sqrt(x)\n\n\nseen = [random.random() for _ in range(2)]\n');
  assert.deepEqual(results(submission).tests.map((t) => t.points), [1, 1, 1], JSON.stringify(results(submission).tests));
  assert.match(results(submission).tests[2].message ?? '', /calls=\[1, 1\]/);
});

test('a syntax error makes the submission ungradable with the format error and the traceback', async () => {
  const { variant, submission } = await grade('setup', 'def compute(x) return x\n');
  assert.deepEqual([submission.gradable, submission.graded, submission.score], [false, false, null]);
  assert.deepEqual(submission.formatErrors._external_grader, ['Your code has a syntax error.']);
  assert.match(results(submission).output ?? '', /SyntaxError/);
  assert.equal(variant.numTries, 0);
  const page = await runtime.render(variant, [submission]);
  assert.match(page.submissionHtmls[0], /Your code has a syntax error\./);
});

test("an exception in the student's code is a failed test with the student's traceback; printed output is kept", async () => {
  const { submission } = await grade('setup', 'print("hello from the student")\nraise ValueError("boom")\n');
  const tests = results(submission).tests;
  assert.equal(submission.score, 0);
  const failed = tests.find((t) => t.name === 'Your code raised an Exception');
  assert.match(failed?.message ?? '', /ValueError: boom/);
  assert.doesNotMatch(failed?.message ?? '', /pythongrader/);
  assert.match(results(submission).output ?? '', /hello from the student/);
});

test('an infinite loop ends at the question timeout: ungradable, with the time limit said', async () => {
  const { submission } = await grade('loop', 'while True:\n    pass\n');
  assert.equal(submission.gradable, false);
  assert.match(submission.graderFailure ?? '', /time limit of 3 seconds/);
});

test('a test file that fails to import: the grader reports no success and the traceback', async () => {
  const { submission } = await grade('broken-import', answer('setup'));
  assert.equal(submission.score, 0);
  assert.match(submission.graderFailure ?? '', /did not succeed/);
  assert.match(results(submission).output ?? '', /ModuleNotFoundError: No module named 'no_such_module_here'/);
});

test('bounds: no network, no writes outside the working folder, no process left behind', async () => {
  const marker = `${process.pid}${Date.now() % 1000}`;
  const code = [
    'import os, socket, subprocess',
    `subprocess.Popen(["sleep", "${marker}"])`,
    'errors = []',
    'for attempt in (lambda: socket.create_connection(("127.0.0.1", 9)), lambda: open("/tmp/pythongrader-escape.txt", "w"), lambda: os.remove("/etc/hostname")):',
    '    try:',
    '        attempt()',
    '    except Exception as e:',
    '        errors.append(str(e))',
    'open("mine.txt", "w").write("fine")',
    'raise RuntimeError(" || ".join(errors))',
  ].join('\n');
  const { submission } = await grade('setup', code);
  const message = results(submission).tests.find((t) => t.name === 'Your code raised an Exception')?.message ?? '';
  assert.match(message, /network access is disabled/);
  assert.match(message, /writing '\/tmp\/pythongrader-escape.txt' is not allowed/);
  assert.match(message, /changing '\/etc\/hostname' is not allowed/);
  assert.equal(fs.existsSync('/tmp/pythongrader-escape.txt'), false);
  const left = execFileSync('ps', ['-eo', 'args']).toString().split('\n').filter((l) => l.trim() === `sleep ${marker}`);
  assert.deepEqual(left, []);
});

test('dataframes: check_dataframe with the student input shown', async (t) => {
  const found = await findPython();
  try {
    execFileSync(found.ok ? found.python : 'python3', ['-c', 'import pandas'], { stdio: 'ignore' });
  } catch {
    return t.skip('pandas is not installed for the Python that runs questions');
  }
  const { submission } = await grade('frames', 'import pandas as pd\ndf = pd.DataFrame({"x": [1, 2, 3], "y": [1, 4, 8]})\n');
  assert.equal(submission.score, 0);
  assert.match(results(submission).tests[0].message ?? '', /df is inaccurate[\s\S]*----------/);
  assert.equal((await grade('frames', answer('frames'))).submission.score, 1);
});

test('a grader image other than grader-python: not graded, with what it needs; off turns grading off', async () => {
  const { submission } = await grade('other-image', 'int main() { return 0; }', 'main.c');
  assert.equal(submission.graded, false);
  assert.match(submission.note ?? '', /"prairielearn\/grader-c" image, which needs Docker or Podman: .*Install Docker/);
  const builtinOnly = new QuestionRuntime({ poolSize: 1, externalGrading: 'builtin' });
  const off = new QuestionRuntime({ poolSize: 1, externalGrading: 'off' });
  try {
    const v = await builtinOnly.createVariant(COURSE, 'other-image', '1');
    const field = `_file_editor_${createHash('sha1').update('main.c').digest('hex')}`;
    assert.match((await builtinOnly.submit(v, { [field]: 'eA==' }, 'grade')).note ?? '', /runs only in a container/);
    const w = await off.createVariant(COURSE, 'points', '1');
    const s = await off.gradeFiles(w, { 'user_code.py': answer('points') });
    assert.deepEqual([s.graded, s.note], [false, 'External grading is turned off here, so this submission is not graded.']);
  } finally {
    await builtinOnly.dispose();
    await off.dispose();
  }
});
