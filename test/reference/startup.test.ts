import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { makeCourseRepo, smallCourse } from './helpers/courseRepo';
import { openApp } from '../../server/src/reference/app';

const ROOT = path.resolve(__dirname, '..', '..');
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
    assert.equal((await res.json()).length, 3);
  } finally {
    await stop(first.child);
  }
  // A sync left running by a server that died: the next start marks it failed.
  const app = await openApp({ dataDir });
  const [seq] = await app.db.query(`INSERT INTO job_sequences (course_id, number, type) VALUES (1, 1000, 'sync') RETURNING id`);
  await app.db.query(`INSERT INTO jobs (job_sequence_id, course_id, type) VALUES ($1, 1, 'sync')`, [seq.id]);
  await app.close();
  const second = await start(['--data-dir', dataDir, '--port', '0', '--students', '3']);
  try {
    assert.doesNotMatch(second.out, /first sync/);
    const base2 = /base URL: (\S+)/.exec(second.out)![1];
    const abandoned = await fetch(`${base2}/course/1/sync/${seq.id}`, { headers: { 'Private-Token': token } });
    const job = await abandoned.json();
    assert.equal(job.status, 'Error', 'a job left running by the previous server');
    assert.equal(job.output, null);
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
