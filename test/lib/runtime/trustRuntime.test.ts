// The runtime's trust boundaries against course code that tries them (real Python, real processes):
// a forged reply, a fork, a subprocess, a huge print, a huge parameter or file each affect only
// their own question and leave no process; runaway recursion, sys.exit() and data that is not JSON
// get messages that say what happened and where.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { QuestionRuntime, type Variant } from '../../../server/lib/runtime';

const COURSE = path.join(__dirname, 'fixtures/hostile');
const REPO = path.join(__dirname, '../../..');
const pidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-runtime-'));
process.env.TRUST_TEST_DIR = pidDir;

/** A process that is neither gone nor a zombie. */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Every process below `root` (from /proc: children of children). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const todo = [root];
  while (todo.length) {
    const parent = todo.pop()!;
    for (const [pid, ppid] of parents) if (ppid === parent && !found.includes(pid)) found.push(pid), todo.push(pid);
  }
  return found.filter(running);
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`still waiting: ${what}`);
}

const messages = (v: Variant) => v.issues.map((i) => i.message).join('\n');
let runtime: QuestionRuntime;

before(() => {
  runtime = new QuestionRuntime({ poolSize: 1, timeoutMs: 8000 });
});
after(async () => {
  await runtime.dispose();
  fs.rmSync(pidDir, { recursive: true, force: true });
});

/** Runs `qid`, then checks that the same (only) helper still serves a plain question, and that below the helper there is at most its warm worker. */
async function isolated(qid: string): Promise<Variant> {
  const variant = await runtime.createVariant(COURSE, qid, '1');
  const ok = await runtime.createVariant(COURSE, 'ok', '1');
  assert.equal(ok.broken, false, messages(ok));
  assert.deepEqual(ok.params, { fine: true });
  const [helper] = await runtime.helperPids();
  assert.ok(descendants(helper).length <= 1, `processes below the helper: ${descendants(helper)}`);
  return variant;
}

test('a reply forged by server.py on every descriptor it holds fails that question alone, with a clear message', async () => {
  const v = await isolated('forge');
  assert.equal(v.broken, true);
  assert.match(messages(v), /wrote to the question runtime's private channel/);
});

for (const qid of ['fork', 'popen', 'daemon']) {
  test(`a process that server.py leaves running (${qid}) is stopped, with a warning on that question`, async () => {
    const v = await isolated(qid);
    assert.equal(v.broken, false, messages(v));
    const child = v.params.child as number;
    assert.ok(Number.isInteger(child));
    assert.equal(running(child), false, `process ${child} still runs`);
    const warning = v.issues.find((i) => /left 1 process running after generate\(\)/.test(i.message));
    assert.ok(warning, messages(v));
    assert.equal(warning.fatal, false);
    assert.equal(warning.file, path.join(COURSE, 'questions', qid, 'server.py'));
  });
}

test('a timeout kills the worker and the process it started in a session of its own', async () => {
  const v = await isolated('hangchild');
  assert.match(messages(v), /timeout exceeded \(8 s for generate\(\)\)/);
  const child = Number(fs.readFileSync(path.join(pidDir, 'hangchild.pid'), 'utf8'));
  assert.equal(running(child), false, `process ${child} still runs`);
});

test('console output is kept up to 1,000,000 characters per call; the rest is counted', async () => {
  const v = await isolated('bigprint');
  assert.equal(v.broken, false);
  const printed = v.issues.find((i) => i.message.includes('output logged on console'));
  assert.ok(printed);
  assert.ok(printed.message.length < 1_001_000 + 1000);
  assert.match(printed.message, /console output cut at 1,000,000 characters: 2,000,001 more characters were not kept/);
});

test('a parameter over the data limit breaks that variant, naming the bound and the key', async () => {
  const v = await isolated('bigparam');
  assert.equal(v.broken, true);
  assert.match(messages(v), /data is 11\.0 MB of JSON, over the limit of 10\.0 MB; the largest part is params\["big"\] \(11\.0 MB\)/);
});

test('a submission over the data limit breaks that submission alone, naming the bound', async () => {
  const v = await runtime.createVariant(COURSE, 'ok', '1');
  const s = await runtime.submit(v, { x: 'x'.repeat(11_000_000) }, 'grade');
  assert.equal(s.broken, true);
  assert.match(s.issues.map((i) => i.message).join('\n'), /the data for parse\(\) is 22\.0 MB of JSON, over the limit of 10\.0 MB; the largest part is (raw_)?submitted_answers \(11\.0 MB\)/);
  assert.equal((await runtime.submit(v, { x: '1' }, 'grade')).broken, false);
});

test('a generated file over the file limit is an error naming the bound', async () => {
  const v = await runtime.createVariant(COURSE, 'bigfile', '1');
  assert.equal(v.broken, false);
  await assert.rejects(runtime.file(v, 'x.txt'), (err: Error & { issues?: Array<{ message: string }> }) => {
    assert.match(err.issues?.map((i) => i.message).join('\n') ?? '', /file\(\) produced 11\.0 MB for x\.txt, over the limit of 10\.0 MB/);
    return true;
  });
  assert.equal((await runtime.createVariant(COURSE, 'ok', '1')).broken, false);
});

test('a recursion with a raised limit is reported as a recursion error where it recurses, not as a timeout', async () => {
  const v = await isolated('recursion');
  assert.equal(v.broken, true);
  const text = messages(v);
  assert.match(text, /RecursionError: time ran out in a recursion more than 5,000 calls deep at .*recursion\/server\.py:7 in down\(\)/);
  assert.doesNotMatch(text, /timeout exceeded/);
});

test('sys.exit() in server.py says so, with the file and line', async () => {
  const v = await isolated('sysexit');
  assert.equal(v.broken, true);
  const file = path.join(COURSE, 'questions/sysexit/server.py');
  const issue = v.issues.find((i) => i.message.includes('sys.exit'));
  assert.equal(issue?.message, `server.py called sys.exit(2) at ${file}:5`);
  assert.equal(issue?.file, file);
  assert.equal(issue?.line, 5);
});

test('data that is not JSON names the key path: a circular structure, an object, nesting 100,000 deep', async () => {
  assert.match(messages(await isolated('circular')), /Invalid data after generate\(\): params\["a"\]\["b"\]\[3\] contains itself \(it is params\["a"\]\)/);
  assert.match(messages(await isolated('notjson')), /params\["a"\]\["b"\]\[3\]: Object of type object is not JSON serializable \(<object object at 0x[0-9a-f]+>\)/);
  assert.match(messages(await isolated('deep')), /params\["deep"\](\[0\])+ \.\.\. (\[0\])+ is nested more than 500 levels deep/);
});

test('when the program using the runtime exits, the question it was running and its processes end too', async () => {
  const pidFile = path.join(pidDir, 'hangchild.pid');
  fs.rmSync(pidFile, { force: true });
  const script = `
    const { QuestionRuntime } = require(${JSON.stringify(path.join(REPO, 'server/lib/runtime'))});
    const fs = require('node:fs');
    const runtime = new QuestionRuntime({ poolSize: 1, timeoutMs: 600000 });
    void runtime.createVariant(${JSON.stringify(COURSE)}, 'hangchild', '1');
    const timer = setInterval(() => { if (fs.existsSync(${JSON.stringify(pidFile)})) { clearInterval(timer); runtime.helperPids().then((p) => { console.log(p[0]); process.exit(0); }); } }, 50);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const helper = Number(out.trim());
  assert.ok(helper > 0, out);
  const sleeper = Number(fs.readFileSync(pidFile, 'utf8'));
  await waitFor(() => !running(sleeper) && !running(helper), `helper ${helper} and its sleep ${sleeper} end`);
});
