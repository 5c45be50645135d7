import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiBaseUrl, normalizeServerUrl, parseCourseInstanceInput } from '../../client/src/api/serverUrl';

test('server URLs are reduced to scheme, host and any prefix before /pl', () => {
  assert.equal(normalizeServerUrl('us.prairielearn.com'), 'https://us.prairielearn.com');
  assert.equal(normalizeServerUrl(' https://us.prairielearn.com/ '), 'https://us.prairielearn.com');
  assert.equal(normalizeServerUrl('https://us.prairielearn.com/pl/api/v1'), 'https://us.prairielearn.com');
  assert.equal(normalizeServerUrl('http://localhost:3000/pl/course_instance/1/instructor'), 'http://localhost:3000');
  assert.equal(normalizeServerUrl('https://example.edu/prairielearn/pl'), 'https://example.edu/prairielearn');
  assert.equal(apiBaseUrl('https://us.prairielearn.com'), 'https://us.prairielearn.com/pl/api/v1');
});

test('unusable server URLs are refused with a readable reason', () => {
  assert.throws(() => normalizeServerUrl(''), /Enter the address/);
  assert.throws(() => normalizeServerUrl('ftp://example.edu'), /not an http\(s\) address/);
  assert.throws(() => normalizeServerUrl('https://user:pw@example.edu'), /token/);
  assert.throws(() => normalizeServerUrl('http://exa mple'), /not a URL/);
});

test('course instance ids come from an id or a pasted browser or API URL', () => {
  assert.deepEqual(parseCourseInstanceInput(' 12345 '), { id: '12345' });
  assert.deepEqual(parseCourseInstanceInput('https://us.prairielearn.com/pl/course_instance/12345/instructor/instance_admin/assessments'), {
    id: '12345',
    serverUrl: 'https://us.prairielearn.com',
  });
  assert.deepEqual(parseCourseInstanceInput('http://127.0.0.1:3000/pl/api/v1/course_instances/7'), {
    id: '7',
    serverUrl: 'http://127.0.0.1:3000',
  });
  assert.equal(parseCourseInstanceInput('https://us.prairielearn.com/pl/course/5/course_admin'), undefined);
  assert.equal(parseCourseInstanceInput('0'), undefined);
  assert.equal(parseCourseInstanceInput('HW1'), undefined);
});
