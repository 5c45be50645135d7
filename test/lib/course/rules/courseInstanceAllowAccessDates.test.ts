import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { checkCourseInstance, courseInstance, lineOf } from './accessControlCourse';

test('invalid allowAccess dates are errors at the date', () => {
  const ci = courseInstance({ allowAccess: [{ startDate: '2026-01-01', endDate: '2026-13-01T00:00:00' }] });
  const found = withCode(checkCourseInstance(ci), 'ci-allow-access-invalid-date');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text]),
    [
      ['error', lineOf(ci, '"startDate"'), '"2026-01-01"'],
      ['error', lineOf(ci, '"endDate"'), '"2026-13-01T00:00:00"'],
    ],
  );
  assert.match(found[0].message, /^Invalid allowAccess rule: startDate \(2026-01-01\) is not valid/);
  assert.match(found[1].message, /^Invalid allowAccess rule: endDate \(2026-13-01T00:00:00\) is not valid/);
});

test('a rule that starts after it ends is an error', () => {
  const ci = courseInstance({ allowAccess: [{}, { startDate: '2026-12-02T00:00:00', endDate: '2026-12-01T00:00:00' }] });
  const [d] = withCode(checkCourseInstance(ci), 'ci-allow-access-start-after-end');
  assert.equal(d.severity, 'error');
  assert.equal(d.line, lineOf(ci, '"startDate"'));
  assert.equal(d.message, 'Invalid allowAccess rule: startDate (2026-12-02T00:00:00) must not be after endDate (2026-12-01T00:00:00)');
});

test('valid, ordered allowAccess dates give nothing', () => {
  const ci = courseInstance({ allowAccess: [{ startDate: '2026-08-01 00:00:00', endDate: '2026-12-01T00:00:00' }, { endDate: '2027-01-01T00:00:00Z' }] });
  assert.deepEqual(checkCourseInstance(ci).filter((d) => d.code.startsWith('ci-allow-access-invalid') || d.code === 'ci-allow-access-start-after-end'), []);
});
