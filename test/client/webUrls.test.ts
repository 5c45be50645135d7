import { test } from 'node:test';
import assert from 'node:assert/strict';
import { webUrl } from '../../client/src/views/webUrls';

// The shapes are the routes PrairieLearn's web server mounts (apps/prairielearn/src/server.ts of the
// PrairieLearn repository at a1a146529bfcba3c9fbb1adc43deace6bfd75c7e), e.g.
// '/pl/course_instance/:course_instance_id(\\d+)/instructor/assessment_instance/:assessment_instance_id(\\d+)'.
const S = 'https://us.prairielearn.com';

test("PrairieLearn's instructor pages, from the server URL and ids", () => {
  const ci = `${S}/pl/course_instance/3/instructor`;
  assert.equal(webUrl(S, { kind: 'course', course: '2' }), `${S}/pl/course/2/course_admin/instances`);
  assert.equal(webUrl(S, { kind: 'courseInstance', ci: '3' }), `${ci}/instance_admin/assessments`);
  assert.equal(webUrl(S, { kind: 'gradebook', ci: '3' }), `${ci}/instance_admin/gradebook`);
  assert.equal(webUrl(S, { kind: 'courseInstanceAccess', ci: '3' }), `${ci}/instance_admin/access`);
  assert.equal(webUrl(S, { kind: 'assessment', ci: '3', a: '10' }), `${ci}/assessment/10/questions`);
  assert.equal(webUrl(S, { kind: 'assessmentAccess', ci: '3', a: '10' }), `${ci}/assessment/10/access`);
  assert.equal(webUrl(S, { kind: 'assessmentInstance', ci: '3', ai: '50' }), `${ci}/assessment_instance/50`);
  assert.equal(webUrl(S, { kind: 'instanceQuestion', ci: '3', a: '10', iq: '77' }), `${ci}/assessment/10/manual_grading/instance_question/77`);
});

test('a server under a path prefix keeps it; a trailing slash is not doubled', () => {
  assert.equal(webUrl('https://example.edu/prairie', { kind: 'gradebook', ci: '3' }), 'https://example.edu/prairie/pl/course_instance/3/instructor/instance_admin/gradebook');
  assert.equal(webUrl(`${S}/`, { kind: 'courseInstance', ci: '3' }), `${S}/pl/course_instance/3/instructor/instance_admin/assessments`);
});

test('an id that is not one gives no link rather than a wrong one', () => {
  assert.equal(webUrl(S, { kind: 'assessmentInstance', ci: '3', ai: undefined as unknown as string }), undefined);
  assert.equal(webUrl(S, { kind: 'assessment', ci: '3', a: '../../admin' }), undefined);
});
