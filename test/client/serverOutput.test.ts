import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServerOutputParser } from '../../client/src/localServer/serverOutput';

const OUTPUT = [
  'PrairieLearn reference server (pglite), data in /tmp/d',
  'first sync: Success',
  'base URL: http://127.0.0.1:41234/pl/api/v1',
  'token: 1b2c3d4e-aaaa-4bbb-accc-123456789abc',
  'course id: 1',
  'course instance id: 1 (Fa26)',
  'course instance id: 2 (Sp27)',
  '',
].join('\n');

test('the ready announcement is read across arbitrary chunk boundaries', () => {
  const parser = new ServerOutputParser();
  let ready;
  for (let i = 0; i < OUTPUT.length; i += 7) ready = parser.push(OUTPUT.slice(i, i + 7)) ?? ready;
  assert.deepEqual(ready, {
    serverUrl: 'http://127.0.0.1:41234',
    token: '1b2c3d4e-aaaa-4bbb-accc-123456789abc',
    courseId: '1',
    courseInstanceIds: ['1', '2'],
  });
});

test('nothing is ready before the course instances; finish() settles a course without any', () => {
  const parser = new ServerOutputParser();
  assert.equal(parser.push(OUTPUT.split('course instance')[0]), undefined);
  assert.deepEqual(parser.finish()?.courseInstanceIds, []);
  assert.equal(new ServerOutputParser().finish(), undefined);
});
