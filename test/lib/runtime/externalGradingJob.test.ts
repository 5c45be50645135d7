// The grading job of an externally graded question without running a grader: the options read from
// info.json, the /grade folder, the container command line and the results read back. PrairieLearn's
// behaviour: apps/prairielearn/src/lib/externalGraderCommon.ts (buildDirectory, makeGradingResult),
// externalGraderLocal.ts (timeout message, 1 MB cap, container limits) and externalGrader.ts
// (processGradingResult), commit 88fb8556a7a1768e2082736be9095241b11238d7.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { containerArgs, findEngine } from '../../../server/lib/runtime/externalGrading/containerRunner';
import { readGradingOptions, splitCommandLine, usesPythonGrader, type GradingOptions } from '../../../server/lib/runtime/externalGrading/gradingOptions';
import { gradeFromReport, hostReport, type JobRun } from '../../../server/lib/runtime/externalGrading/gradingResult';
import { buildJobFolder, jobData } from '../../../server/lib/runtime/externalGrading/jobFolder';
import { referenceFileNames, studentFiles } from '../../../server/lib/runtime/externalGrading/submissionFiles';

const COURSE = path.join(__dirname, 'fixtures/autograder');

function options(raw: unknown): GradingOptions {
  const o = readGradingOptions(raw);
  assert.ok(!('problem' in o), JSON.stringify(o));
  return o;
}

test('externalGradingOptions: defaults, the 600 s cap, entrypoints as a shell splits them, environment', () => {
  assert.deepEqual(readGradingOptions({}), { problem: '"externalGradingOptions" names no grader "image"' });
  const o = options({ image: 'prairielearn/grader-python' });
  assert.deepEqual([o.timeoutSeconds, o.enableNetworking, o.entrypoint, o.serverFilesCourse], [30, false, undefined, []]);
  assert.equal(options({ image: 'x', timeout: 9000 }).timeoutSeconds, 600);
  assert.deepEqual(options({ image: 'x', entrypoint: '/grade/tests/run.sh -v "a b"' }).entrypoint, ['/grade/tests/run.sh', '-v', 'a b']);
  assert.deepEqual(options({ image: 'x', entrypoint: ['/bin/run', '-h'] }).entrypoint, ['/bin/run', '-h']);
  assert.deepEqual(options({ image: 'x', environment: { A: 'b', C: null } }).environment, { A: 'b', C: null });
  assert.deepEqual(splitCommandLine(`a 'b c' d\\ e "f\\"g"`), ['a', 'b c', 'd e', 'f"g']);
});

test('the built-in runner takes grader-python with its own entrypoint only', () => {
  for (const image of ['prairielearn/grader-python', 'prairielearn/grader-python:latest', 'docker.io/prairielearn/grader-python']) {
    assert.equal(usesPythonGrader(options({ image })), true, image);
  }
  assert.equal(usesPythonGrader(options({ image: 'prairielearn/grader-python', entrypoint: '/python_autograder/run.sh' })), true);
  assert.equal(usesPythonGrader(options({ image: 'prairielearn/grader-python', entrypoint: '/grade/serverFilesCourse/run.sh' })), false);
  assert.equal(usesPythonGrader(options({ image: 'prairielearn/grader-c' })), false);
});

test('the job folder: serverFilesCourse entries (and shared/), tests/, student files, data.json as grade() gets it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-test-'));
  try {
    const q = path.join(COURSE, 'questions/points');
    const data = jobData({
      params: { n: 4 }, correctAnswers: {}, rawSubmittedAnswers: {}, formatErrors: {}, seed: 'z', gradable: true,
      submittedAnswers: { _files: [{ name: 'user_code.py', contents: Buffer.from('x = 1\n').toString('base64') }, { name: 'sub/more.txt', contents: '' }] },
    });
    buildJobFolder(dir, COURSE, q, options({ image: 'x', serverFilesCourse: ['aglib/'] }), data);
    assert.equal(fs.readFileSync(path.join(dir, 'student/user_code.py'), 'utf8'), 'x = 1\n');
    assert.ok(fs.existsSync(path.join(dir, 'student/sub/more.txt')));
    assert.ok(fs.existsSync(path.join(dir, 'serverFilesCourse/aglib/helpers.py')));
    assert.ok(fs.existsSync(path.join(dir, 'shared/aglib/helpers.py')));
    assert.ok(fs.existsSync(path.join(dir, 'tests/ans.py')));
    assert.equal(fs.existsSync(path.join(dir, 'results')), false);
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'data/data.json'), 'utf8'));
    assert.deepEqual(Object.keys(written).sort(), ['correct_answers', 'feedback', 'format_errors', 'gradable', 'options', 'params', 'partial_scores', 'raw_submitted_answers', 'score', 'submitted_answers', 'variant_seed']);
    assert.equal(written.variant_seed, 35);
    const outside = jobData({ params: {}, correctAnswers: {}, rawSubmittedAnswers: {}, formatErrors: {}, seed: '1', gradable: true, submittedAnswers: { _files: [{ name: '../evil.py', contents: '' }] } });
    assert.throws(() => buildJobFolder(dir, COURSE, q, options({ image: 'x' }), outside), /leaves the student folder/);
    assert.throws(() => buildJobFolder(dir, COURSE, q, options({ image: 'x', serverFilesCourse: ['nope'] }), data), /does not exist/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const run = (over: Partial<JobRun>): JobRun => ({ exitedCleanly: true, timedOut: false, timeoutSeconds: 5, output: 'log', ...over });
const results = (value: unknown) => Buffer.from(JSON.stringify(value));

test('results read back: score, gradable, format errors; failures ungradable with the reason', () => {
  const ok = gradeFromReport(hostReport(run({ results: results({ score: 0.25, tests: [] }) })));
  assert.deepEqual([ok.score, ok.gradable, ok.failure], [0.25, true, undefined]);
  assert.equal((ok.feedback.results as { score: number }).score, 0.25);
  const noScore = gradeFromReport(hostReport(run({ results: results({ gradable: true }) })));
  assert.deepEqual([noScore.score, noScore.gradable], [0, true]);
  const invalid = gradeFromReport(hostReport(run({ results: results({ gradable: false, format_errors: 'bad input' }) })));
  assert.deepEqual([invalid.gradable, invalid.formatErrors], [false, { _external_grader: ['bad input'] }]);
  const crashed = gradeFromReport(hostReport(run({ results: results({ succeeded: false, score: 0.9, message: 'boom' }) })));
  assert.deepEqual([crashed.score, crashed.gradable, crashed.failure], [0, true, 'boom']);
  const missing = gradeFromReport(hostReport(run({ results: undefined })));
  assert.deepEqual([missing.gradable, missing.failure], [false, 'The grader wrote no results/results.json.']);
  assert.equal(gradeFromReport(hostReport(run({ results: Buffer.from('{nope') }))).failure, 'Could not parse the grading results.');
  assert.match(gradeFromReport(hostReport(run({ results: Buffer.alloc(1024 * 1024 + 1, 32) }))).failure ?? '', /larger than 1MB/);
  const late = gradeFromReport(hostReport(run({ exitedCleanly: false, timedOut: true })));
  assert.equal(late.gradable, false);
  assert.match(late.failure ?? '', /did not complete within the time limit of 5 seconds/);
  assert.equal((late.feedback as { output: string }).output, 'log');
  assert.equal(gradeFromReport(hostReport(run({ exitedCleanly: false }))).gradable, false);
  const range = gradeFromReport(hostReport(run({ results: results({ score: 1.5 }) })));
  assert.deepEqual([range.gradable, range.failure], [false, 'Error parsing external grading results: score is out of range.']);
  assert.match(gradeFromReport(hostReport(run({ results: results({ score: 'high' }) }))).failure ?? '', /was not a number/);
});

test('the container command line: /grade mounted, no network unless enabled, PrairieLearn limits, entrypoint', () => {
  const args = containerArgs('/tmp/job', options({ image: 'prairielearn/grader-c', entrypoint: '/grade/tests/run.sh -x', environment: { A: '1', B: null } }), 'pl-grade-1');
  assert.deepEqual(args.slice(0, 6), ['run', '--rm', '--name', 'pl-grade-1', '--volume', '/tmp/job:/grade']);
  assert.deepEqual(args.slice(args.indexOf('--network'), args.indexOf('--network') + 2), ['--network', 'none']);
  assert.deepEqual(args.slice(args.indexOf('--memory'), args.indexOf('--memory') + 4), ['--memory', '2g', '--memory-swap', '2g']);
  assert.ok(args.includes('A=1') && args.includes('B'));
  assert.deepEqual(args.slice(-4), ['--entrypoint', '/grade/tests/run.sh', 'prairielearn/grader-c', '-x']);
  const open = containerArgs('/tmp/job', options({ image: 'img', enableNetworking: true }), 'n');
  assert.equal(open.includes('--network'), false);
  assert.equal(open.at(-1), 'img');
});

test('container engine: off is a clear answer without probing', async () => {
  assert.match(((await findEngine('off')) as { problem: string }).problem, /turned off/);
});

test('student files: editor starter text as the browser shows it, source-file-name, upload names', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-test-'));
  try {
    fs.writeFileSync(path.join(dir, 'start.py'), 'x = 0\n');
    const html = '<p>a</p>\n<pl-file-editor file-name="a.py">\nif x &lt; 1:\n    pass\n</pl-file-editor>\n<pl-file-editor file-name="b.py" source-file-name="start.py"></pl-file-editor>\n' +
      '<pl-file-editor file-name="c.txt">   </pl-file-editor><pl-file-upload file-names="d.py, e.csv"></pl-file-upload>';
    const files = studentFiles(dir, dir, html);
    assert.deepEqual(files.map((f) => [f.name, f.element, f.starter, f.line]), [
      ['a.py', 'pl-file-editor', 'if x < 1:\n    pass\n', 2],
      ['b.py', 'pl-file-editor', 'x = 0\n', 6],
      ['c.txt', 'pl-file-editor', undefined, 7],
      ['d.py', 'pl-file-upload', undefined, 7],
      ['e.csv', 'pl-file-upload', undefined, 7],
    ]);
    assert.deepEqual(referenceFileNames(files), ['a.py', 'b.py', 'd.py']);
    assert.deepEqual(referenceFileNames([]), ['user_code.py']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
