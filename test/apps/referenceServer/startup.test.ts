import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { makeCourseRepo, smallCourse } from './helpers/courseRepo';
import { openApp } from '../../../server/apps/referenceServer/app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BUNDLE = path.join(ROOT, 'dist', 'referenceServer.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-start-'));
const repo = makeCourseRepo(smallCourse());

before(() => {
  // `npm test` builds first; a lone run of this file builds the bundle it tests.
  if (!fs.existsSync(BUNDLE)) assert.equal(spawnSync(process.execPath, ['build.mjs'], { cwd: ROOT }).status, 0);
});
after(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(repo, { recursive: true, force: true });
});

/** Starts the bundled server and resolves with its start-up lines once it prints the instance ids. */
function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, [BUNDLE, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (/course instance id: .*\n/.test(out)) resolve({ child, out });
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('--help lists every option with its environment variable', () => {
  const res = spawnSync(process.execPath, [BUNDLE, '--help'], { encoding: 'utf8' });
  assert.equal(res.status, 0);
  for (const flag of ['--port', '--host', '--data-dir', '--database-url', '--course-repo', '--branch', '--students', '--seed']) {
    assert.ok(res.stdout.includes(flag), flag);
  }
  assert.match(res.stdout, /\[DATABASE_URL\]/);
});

test('first start syncs and seeds and prints base URL, token and ids; a second start reuses the data', async () => {
  const first = await start(['--data-dir', dataDir, '--course-repo', repo, '--students', '3'], { PORT: '0' });
  let token: string;
  let base: string;
  try {
    assert.match(first.out, /first sync: Success/);
    base = /base URL: (\S+)/.exec(first.out)![1];
    token = /^token: (\S+)$/m.exec(first.out)![1];
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+\/pl\/api\/v1$/);
    assert.match(first.out, /^course id: 1$/m);
    assert.match(first.out, /^course instance id: 1 \(Fa25\)$/m);
    const res = await fetch(`${base}/course_instances/1/gradebook`, { headers: { 'Private-Token': token } });
    assert.equal(res.status, 200);
    // The students come after the first request, in the background; their last progress line says they are in.
    await new Promise<void>((resolve) => {
      let out = first.out;
      const done = () => /demo submissions: (\d+)\/\1 assessments/.test(out);
      if (done()) return resolve();
      first.child.stdout!.on('data', (d) => (out += d) && done() && resolve());
    });
    const after = await fetch(`${base}/course_instances/1/gradebook`, { headers: { 'Private-Token': token } });
    assert.equal((await after.json()).length, 3);
  } finally {
    await stop(first.child);
  }
  // A sync left running by a server that died: the next start marks it failed.
  const app = await openApp({ dataDir });
  const [seq] = await app.db.query(`INSERT INTO job_sequences (course_id, number, type) VALUES (1, 1000, 'sync') RETURNING id`);
  // The output it had saved while running is kept, and says why it ended (it was null before the output was saved as the job ran).
  await app.db.query(`INSERT INTO jobs (job_sequence_id, course_id, type, output) VALUES ($1, 1, 'sync', 'Pull from remote git repository\n')`, [seq.id]);
  await app.close();
  const second = await start(['--data-dir', dataDir, '--port', '0', '--students', '3']);
  try {
    assert.doesNotMatch(second.out, /first sync/);
    const base2 = /base URL: (\S+)/.exec(second.out)![1];
    const abandoned = await fetch(`${base2}/course/1/sync/${seq.id}`, { headers: { 'Private-Token': token } });
    const job = await abandoned.json();
    assert.equal(job.status, 'Error', 'a job left running by the previous server');
    assert.match(job.output, /^Pull from remote git repository\n.*the server stopped while this job ran \(it was killed or crashed\)/s);
    assert.equal(/^token: (\S+)$/m.exec(second.out)![1], token);
    const res = await fetch(`${base2}/course_instances/1/gradebook`, { headers: { 'Private-Token': token } });
    assert.equal((await res.json()).length, 3, 'same students, not seeded twice');
  } finally {
    await stop(second.child);
  }
});

test('started with an IPC channel (as the extension forks it), the server stops when the channel closes', async () => {
  const child = fork(BUNDLE, ['--data-dir', dataDir, '--port', '0', '--students', '3'], { cwd: ROOT, silent: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => /course instance id: .*\n/.test(out) && resolve());
    child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // What a parent that goes away does to the channel.
  child.disconnect();
  assert.equal(await exited, 0);
});

/** Runs the bundled server until it exits, for starts that must be refused; kills it if it starts instead. */
function refused(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [BUNDLE, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (/course instance id: /.test(out)) child.kill();
  });
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

test('a second server on the same data folder is refused with a clear message; a port in use too', async () => {
  const first = await start(['--data-dir', dataDir, '--port', '0', '--students', '3']);
  try {
    const second = await refused(['--data-dir', dataDir, '--port', '0', '--students', '3']);
    assert.equal(second.code, 1);
    assert.match(second.out, /the data folder .* is in use by another reference server .*process \d+.*another --data-dir/);
    assert.doesNotMatch(second.out, /base URL/);
    const port = /base URL: http:\/\/127\.0\.0\.1:(\d+)\//.exec(first.out)![1];
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-port-'));
    try {
      const busy = await refused(['--data-dir', other, '--course-repo', repo, '--port', port, '--students', '3']);
      assert.equal(busy.code, 1);
      assert.match(busy.out, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use .*--port`));
      assert.doesNotMatch(busy.out, /EADDRINUSE|\n\s+at /);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  } finally {
    await stop(first.child);
  }
  // The lock of a server that was killed outright is taken over.
  fs.writeFileSync(path.join(dataDir, 'server.lock'), '999999999\n');
  const after = await start(['--data-dir', dataDir, '--port', '0', '--students', '3']);
  await stop(after.child);
  const lock = path.join(dataDir, 'server.lock');
  assert.ok(!fs.existsSync(lock), `released when the server stops (held by ${fs.existsSync(lock) && fs.readFileSync(lock, 'utf8').trim()}, the server was ${after.child.pid})`);
});

test('beyond loopback, the demo tokens keep the server from starting unless --allow-demo-tokens says so', async () => {
  const open = await refused(['--data-dir', dataDir, '--port', '0', '--host', '0.0.0.0']);
  assert.equal(open.code, 1);
  assert.match(open.out, /refusing to listen on 0\.0\.0\.0: the demo tokens still work.*revoke-token.*--allow-demo-tokens/s);
  const allowed = await start(['--data-dir', dataDir, '--port', '0', '--host', '0.0.0.0', '--allow-demo-tokens']);
  await stop(allowed.child);
  assert.match(allowed.out, /base URL: http:\/\/0\.0\.0\.0:\d+/);
});
