import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { checkCourseInstance, courseInstance, lineOf } from './accessControlCourse';

test('disabling self-enrollment or giving a deadline is refused with allowAccess', () => {
  const ci = courseInstance({ allowAccess: [], selfEnrollment: { enabled: false, beforeDate: '2026-09-01T00:00:00' } });
  const found = withCode(checkCourseInstance(ci), 'ci-self-enrollment-with-allow-access');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text, d.message]),
    [
      ['error', lineOf(ci, '"enabled"'), '"enabled"', '"selfEnrollment.enabled" is not configurable when you have access control rules ("allowAccess" is set).'],
      ['error', lineOf(ci, '"beforeDate"'), '"beforeDate"', '"selfEnrollment.beforeDate" is not configurable when you have access control rules ("allowAccess" is set).'],
    ],
  );
  assert.equal(found[0].related?.length, 1);
});

test('a beforeDate without seconds is not a valid date', () => {
  const ci = courseInstance({ selfEnrollment: { beforeDate: '2026-09-01T00:00' } });
  const [d] = withCode(checkCourseInstance(ci), 'ci-self-enrollment-invalid-date');
  assert.equal(d.severity, 'error');
  assert.equal(d.text, '"2026-09-01T00:00"');
  assert.equal(d.line, lineOf(ci, '"beforeDate"'));
  assert.match(d.message, /^"selfEnrollment.beforeDate" is not a valid date\./);
});

test('self-enrollment settings with publishing give nothing', () => {
  const ci = courseInstance({
    publishing: { startDate: '2026-08-20T00:00:00', endDate: '2026-12-20T00:00:00' },
    selfEnrollment: { enabled: false, beforeDate: '2026-09-01 00:00:00' },
  });
  assert.deepEqual(checkCourseInstance(ci).filter((d) => d.code.startsWith('ci-self-enrollment')), []);
});
