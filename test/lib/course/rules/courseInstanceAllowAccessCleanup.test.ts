import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { checkCourseInstance, courseInstance, lineOf } from './accessControlCourse';

const NOW = new Date('2026-10-01T12:00:00Z');
const cleanupCodes = (ci: object) =>
  checkCourseInstance(ci, { now: NOW }).filter((d) => d.code === 'ci-allow-access-staff-role' || d.code === 'ci-allow-access-uid-format');

test('a staff role rule in a course instance still accessible is a warning', () => {
  const ci = courseInstance({ allowAccess: [{ role: 'TA', endDate: '2026-12-20T00:00:00' }] });
  const [d] = withCode(checkCourseInstance(ci, { now: NOW }), 'ci-allow-access-staff-role');
  assert.equal(d.severity, 'warning');
  assert.equal(d.text, '"TA"');
  assert.equal(d.line, lineOf(ci, '"role"'));
  assert.match(d.message, /^The entire "allowAccess" rule with "role: TA" should be deleted\./);
});

test('UIDs with whitespace or commas are warnings at the first such UID', () => {
  const ci = courseInstance({ allowAccess: [{ uids: ['a@x.edu', 'b@x.edu, c@x.edu', 'd@x.edu e@x.edu'] }] });
  const found = withCode(checkCourseInstance(ci, { now: NOW }), 'ci-allow-access-uid-format');
  assert.deepEqual(
    found.map((d) => [d.severity, d.text]),
    [
      ['warning', '"b@x.edu, c@x.edu"'],
      ['warning', '"b@x.edu, c@x.edu"'],
    ],
  );
  assert.match(found[0].message, /^The following access rule UIDs contain unexpected whitespace: "b@x.edu, c@x.edu", "d@x.edu e@x.edu"/);
  assert.equal(found[0].related?.length, 1);
  assert.match(found[1].message, /^The following access rule UIDs contain unexpected commas: "b@x.edu, c@x.edu"/);
});

test('a course instance whose access ended before now gets no cleanup warnings', () => {
  const ci = courseInstance({ allowAccess: [{ role: 'TA', uids: ['a@x.edu, b@x.edu'], endDate: '2026-06-01T00:00:00' }] });
  assert.deepEqual(cleanupCodes(ci), []);
  // The same file, checked before its end date, does get them.
  assert.equal(checkCourseInstance(ci, { now: new Date('2026-05-01T00:00:00Z') }).filter((d) => d.code.startsWith('ci-allow-access-')).length, 3);
});

test('student rules with clean UIDs give nothing', () => {
  assert.deepEqual(cleanupCodes(courseInstance({ allowAccess: [{ role: 'Student', uids: ['a@x.edu', 'b@x.edu'] }] })), []);
});
