import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseInstance, courseInstance, lineOf } from './accessControlCourse';

const NOW = new Date('2026-10-01T12:00:00Z');
const CODES = ['ci-user-roles-deprecated', 'ci-short-name-unused', 'ci-hide-in-enroll-page-deprecated'];
const deprecated = (ci: object, now = NOW) => checkCourseInstance(ci, { now }).filter((d) => CODES.includes(d.code));
const OLD_PROPERTIES = { shortName: 'Fa26', userRoles: {}, hideInEnrollPage: false };

test('userRoles, shortName and hideInEnrollPage are warnings while publishing has not ended', () => {
  const ci = courseInstance({ ...OLD_PROPERTIES, publishing: { startDate: '2026-08-20T00:00:00', endDate: '2026-12-20T00:00:00' } });
  assert.deepEqual(
    deprecated(ci).map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['ci-user-roles-deprecated', 'warning', lineOf(ci, '"userRoles"'), '"userRoles"'],
      ['ci-short-name-unused', 'warning', lineOf(ci, '"shortName"'), '"shortName"'],
      ['ci-hide-in-enroll-page-deprecated', 'warning', lineOf(ci, '"hideInEnrollPage"'), '"hideInEnrollPage"'],
    ],
  );
  assert.match(deprecated(ci)[1].message, /^The property "shortName" is not used and should be deleted\./);
});

test('an allowAccess rule without an end date keeps the course instance accessible', () => {
  const ci = courseInstance({ shortName: 'Fa26', allowAccess: [{ startDate: '2020-01-01T00:00:00' }] });
  assert.deepEqual(deprecated(ci).map((d) => d.code), ['ci-short-name-unused']);
});

test('past course instances, and an empty shortName, give nothing', () => {
  const past = courseInstance({ ...OLD_PROPERTIES, publishing: { startDate: '2026-01-10T00:00:00', endDate: '2026-05-20T00:00:00' } });
  assert.deepEqual(deprecated(past), []);
  const noDates = courseInstance(OLD_PROPERTIES);
  assert.deepEqual(deprecated(noDates), []);
  const emptyName = courseInstance({ shortName: '', allowAccess: [{}] });
  assert.deepEqual(deprecated(emptyName), []);
});
