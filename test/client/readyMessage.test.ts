import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fork, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readyMessage } from '../../client/src/localServer/readyMessage';

const ROOT = path.resolve(__dirname, '..', '..');
const BUNDLE = path.join(ROOT, 'dist', 'referenceServer.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-ready-'));

before(() => {
  // `npm test` builds first; a lone run of this file builds the bundle it starts.
  if (!fs.existsSync(BUNDLE)) assert.equal(spawnSync(process.execPath, ['build.mjs'], { cwd: ROOT }).status, 0);
});
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const READY = {
  type: 'prairielearn.referenceServer.ready',
  serverUrl: 'http://127.0.0.1:41234',
  token: '1b2c3d4e-aaaa-4bbb-accc-123456789abc',
  courseId: '1',
  courseInstances: [{ id: '1', shortName: 'Fa26' }],
};

test('a well-formed ready message is taken as it is; a revoked token arrives as null', () => {
  assert.deepEqual(readyMessage(READY), READY);
  assert.deepEqual(readyMessage({ ...READY, token: null, courseInstances: [] })?.token, null);
});

test('anything else the child sends is not a ready message', () => {
  for (const bad of [
    undefined, null, 'ready', 42, [],
    { ...READY, type: 'ready' },
    { ...READY, serverUrl: 'ftp://127.0.0.1:1' },
    { ...READY, serverUrl: undefined },
    { ...READY, token: 7 },
    { ...READY, courseId: 1 },
    { ...READY, courseInstances: [{ id: 1, shortName: 'Fa26' }] },
    { ...READY, courseInstances: [null] },
    { ...READY, courseInstances: 'Fa26' },
  ]) {
    assert.equal(readyMessage(bad), undefined, JSON.stringify(bad));
  }
});

test('forked as the extension forks it, the server sends what it prints, and the token signs in', { timeout: 120_000 }, async () => {
  const child = fork(BUNDLE, ['--data-dir', dataDir, '--port', '0', '--students', '3'], { cwd: ROOT, silent: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const message = await new Promise<unknown>((resolve, reject) => {
      child.on('message', resolve);
      child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready: ${out}`)));
    });
    const ready = readyMessage(message);
    assert.ok(ready, `a ready message: ${JSON.stringify(message)}`);
    // The human lines are still printed, and say the same (stdout may lag the message a little).
    while (!/course instance id: .*\n/.test(out)) await new Promise((r) => setTimeout(r, 20));
    assert.match(out, new RegExp(`^base URL: ${ready.serverUrl}/pl/api/v1$`, 'm'));
    assert.match(out, new RegExp(`^token: ${ready.token}$`, 'm'));
    assert.match(out, new RegExp(`^course id: ${ready.courseId}$`, 'm'));
    const printed = [...out.matchAll(/^course instance id: (\d+) \((.*)\)$/gm)].map((m) => ({ id: m[1], shortName: m[2] }));
    assert.ok(printed.length > 0);
    assert.deepEqual(ready.courseInstances, printed);
    const ci = ready.courseInstances[0];
    const res = await fetch(`${ready.serverUrl}/pl/api/v1/course_instances/${ci.id}`, { headers: { 'Private-Token': ready.token! } });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { course_instance_short_name: string }).course_instance_short_name, ci.shortName);
  } finally {
    child.disconnect();
    assert.equal(await exited, 0);
  }
});
