import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { runAdmin } from '../../../server/apps/referenceServer/admin';
import { listen, openApp } from '../../../server/apps/referenceServer/app';
import { makeCourseRepo, smallCourse } from './helpers/courseRepo';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-admin-'));
const repo = makeCourseRepo(smallCourse());
after(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(repo, { recursive: true, force: true });
});

/** Runs one admin command in-process and returns its exit code and printed lines. */
async function admin(...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (...a: unknown[]) => void lines.push(a.join(' '));
  console.error = (...a: unknown[]) => void lines.push(a.join(' '));
  try {
    const code = await runAdmin([...args, '--data-dir', dataDir]);
    return { code, out: lines.join('\n') };
  } finally {
    console.log = log;
    console.error = error;
  }
}

test('admin: add a course, a user, roles and a token that then works against the API', async () => {
  const course = await admin('add-course', repo, '--branch', 'master');
  assert.equal(course.code, 0, course.out);
  assert.match(course.out, /course id: 1 \(sync Success\)/);
  assert.match(course.out, /✓ Course sync successful/);
  assert.equal((await admin('add-user', 'prof@example.com', '--name', 'Prof')).code, 0);
  assert.equal((await admin('grant-course', 'prof@example.com', '1', 'Viewer')).code, 0);
  assert.equal((await admin('grant-instance', 'prof@example.com', '1', 'Student Data Viewer')).code, 0);
  const created = await admin('create-token', 'prof@example.com', '--name', 'laptop');
  const token = /token: (\S+)/.exec(created.out)?.[1];
  assert.match(token ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const tokenId = /token id: (\d+)/.exec(created.out)?.[1];

  const listed = await admin('list-tokens', 'prof@example.com');
  assert.match(listed.out, new RegExp(`^${tokenId}\\tprof@example.com\\tlaptop\\tcreated .*\\tlast used never$`, 'm'));
  assert.ok(!listed.out.includes(token!), 'the token itself is never shown again');

  const app = await openApp({ dataDir });
  const server = await listen(app, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/pl/api/v1`;
  try {
    const get = (p: string) => fetch(base + p, { headers: { 'Private-Token': token! } });
    assert.equal((await get('/course_instances/1/gradebook')).status, 200, 'student data viewer');
    assert.equal((await get('/course/1/sync/1')).status, 403, 'a viewer is no course editor');
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await app.close();
  }

  assert.equal((await admin('revoke-token', tokenId!)).code, 0);
  assert.doesNotMatch((await admin('list-tokens')).out, new RegExp(`^${tokenId}\\t`, 'm'));
  assert.equal((await admin('revoke-token', tokenId!)).code, 1, 'unknown token');
});

test('admin: bad usage prints the usage and exits 2; a missing user is an error', async () => {
  const none = await admin();
  assert.equal(none.code, 2);
  assert.match(none.out, /Usage: node dist\/referenceServer.js admin/);
  assert.equal((await admin('grant-course', 'only-one-arg')).code, 2);
  const missing = await admin('create-token', 'ghost@example.com');
  assert.equal(missing.code, 1);
  assert.match(missing.out, /no user ghost@example.com/);
  const badRole = await admin('grant-course', 'prof@example.com', '1', 'Boss');
  assert.equal(badRole.code, 1, 'the role is checked by the database');
});

test('admin: a command leaves a sync that is running (in a server beside it) alone', async () => {
  const app = await openApp({ dataDir });
  const [seq] = await app.db.query(`INSERT INTO job_sequences (course_id, number, type) VALUES (1, 1000, 'sync') RETURNING id`);
  await app.db.query(`INSERT INTO jobs (job_sequence_id, course_id, type) VALUES ($1, 1, 'sync')`, [seq.id]);
  await app.close();
  assert.equal((await admin('list-tokens')).code, 0);
  const again = await openApp({ dataDir });
  try {
    const [row] = await again.db.query('SELECT status FROM job_sequences WHERE id = $1', [seq.id]);
    assert.equal(row.status, 'Running');
    await again.db.query('DELETE FROM jobs WHERE job_sequence_id = $1', [seq.id]);
    await again.db.query('DELETE FROM job_sequences WHERE id = $1', [seq.id]);
  } finally {
    await again.close();
  }
});
