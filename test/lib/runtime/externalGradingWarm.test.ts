// The warm grader (server/python/pythongrader/warm.py, externalGrading/warmGrader.ts): each Save &
// Grade of a Python autograder question runs in a child forked from one warm process, and keeps the
// bounds of a fresh process (as PrairieLearn's grader-python runs each job in a new container):
// its own process, the time and memory limits, no writes outside the job's folder, nothing left
// running, and nothing seen of an earlier job. Fixture course: test/lib/runtime/fixtures/autograder.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { QuestionRuntime, type Submission } from '../../../server/lib/runtime';

const COURSE = path.join(__dirname, 'fixtures/autograder');
const runtime = new QuestionRuntime({ poolSize: 1, timeoutMs: 20000 });
after(() => runtime.dispose());

type Test = { name: string; points: number; message?: string };
const tests = (s: Submission) => ((s.feedback.results ?? {}) as { tests?: Test[] }).tests ?? [];
/** What the student's code said by raising (the grader shows its exception on a failed test). */
const raised = (s: Submission) => tests(s).find((t) => t.name === 'Your code raised an Exception')?.message ?? '';

async function grade(qid: string, code: string): Promise<Submission> {
  const variant = await runtime.createVariant(COURSE, qid, '1');
  assert.equal(variant.broken, false, JSON.stringify(variant.issues));
  const field = `_file_editor_${createHash('sha1').update('user_code.py').digest('hex')}`;
  return runtime.submit(variant, { [field]: Buffer.from(code).toString('base64') }, 'grade');
}

const commandOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

/** The processes whose command line holds `marker`. */
const running = (marker: string) =>
  fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid && commandOf(Number(p)).includes(marker));

// Reports, by raising, its parent process, what an earlier job left in modules the warm grader had
// imported (numpy, the grader's own state, the test API, builtins), and a first random draw; then
// leaves its own marks there.
const PROBE = [
  'import builtins, os, random, sys',
  'import numpy, code_feedback',
  'from pythongrader import state',
  'seen = [getattr(numpy, "_left_by_job", None), getattr(state, "left_by_job", None), getattr(code_feedback, "left_by_job", None), getattr(builtins, "left_by_job", None)]',
  'numpy._left_by_job = state.left_by_job = code_feedback.left_by_job = builtins.left_by_job = "earlier job"',
  'raise RuntimeError(f"parent={os.getppid()} seen={seen} draw={numpy.random.randint(1 << 30)} fresh={sys.flags.hash_randomization}")',
].join('\n');

function probe(s: Submission) {
  const m = /parent=(\d+) seen=(\[.*?\]) draw=(\d+) fresh=(\d)/.exec(raised(s));
  assert.ok(m, `no probe line in ${JSON.stringify(tests(s))} / ${s.graderFailure ?? ''}`);
  return { parent: Number(m[1]), seen: m[2], draw: m[3], hashRandomization: m[4] };
}

test('each job is a child of one warm grader and sees nothing an earlier job left in a module', async () => {
  const first = probe(await grade('setup', PROBE));
  const second = probe(await grade('setup', PROBE));
  assert.equal(first.parent, second.parent);
  assert.match(commandOf(first.parent), /pythongrader\.warm/);
  assert.equal(second.seen, '[None, None, None, None]');
  assert.equal(first.seen, '[None, None, None, None]');
  // Each job seeds its random generators afresh, as a new process does (the forked state would repeat).
  assert.notEqual(first.draw, second.draw);
});

test('an infinite loop in the warm path ends at the timeout, and the next job is graded', async () => {
  const looped = await grade('loop', 'while True:\n    pass\n');
  assert.equal(looped.gradable, false);
  assert.match(looped.graderFailure ?? '', /time limit of 3 seconds/);
  const next = await grade('loop', 'def compute(x):\n    return math.sqrt(x)\n\n\nseen = [random.random() for _ in range(2)]\n');
  assert.deepEqual([next.gradable, next.score], [true, 1], next.graderFailure);
});

test('processes a job starts are gone afterwards, even in a new session; writes outside its folder fail', async () => {
  const marker = `warm-${process.pid}-${Date.now() % 100000}`;
  const outside = path.join('/tmp', `${marker}.txt`);
  const code = [
    'import os, subprocess, time',
    `subprocess.Popen(["sh", "-c", "sleep 1000; : ${marker}"], start_new_session=True)`,
    'if os.fork() == 0:',
    '    os.setsid()',
    '    if os.fork() == 0:',
    `        os.execvp("sh", ["sh", "-c", "sleep 1001; : ${marker}"])`,
    '    os._exit(0)',
    'time.sleep(0.5)',
    'errors = []',
    `for attempt in (lambda: open("${outside}", "w"), lambda: os.open("${outside}", os.O_WRONLY | os.O_CREAT), lambda: os.rename("/etc/hostname", "${outside}")):`,
    '    try:',
    '        attempt()',
    '    except Exception as e:',
    '        errors.append(type(e).__name__)',
    `alive = subprocess.run(["sh", "-c", "ps -eo args | grep -c '^sh -c sleep 100[0-9]; : ${marker}'"], capture_output=True, text=True).stdout.strip()`,
    'raise RuntimeError("errors=" + ",".join(errors) + " still running=" + alive)',
  ].join('\n');
  const submission = await grade('setup', code);
  assert.match(raised(submission), /errors=PermissionError,PermissionError,PermissionError/);
  assert.equal(raised(submission).includes('still running=2'), true, raised(submission));
  assert.equal(fs.existsSync(outside), false);
  assert.deepEqual(running(marker), []);
});

test('the memory limit holds in a forked job', async () => {
  const submission = await grade('setup', 'hog = bytearray(3 * 1024 ** 3)\n');
  assert.match(raised(submission), /MemoryError/);
});

test('a job whose environment sets PYTHON* variables gets a fresh Python that reads them', async () => {
  const { hashRandomization, seen } = probe(await grade('fresh-python', PROBE));
  assert.equal(hashRandomization, '0');
  assert.equal(seen, '[None, None, None, None]');
});
