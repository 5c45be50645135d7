import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { checkCourseInstance, courseInstance, lineOf } from './accessControlCourse';

const publishingCodes = (ci: object) => checkCourseInstance(ci).filter((d) => d.code.startsWith('ci-publishing'));

test('publishing together with allowAccess is an error, and publishing is not checked further', () => {
  const ci = courseInstance({ allowAccess: [], publishing: { startDate: 'soon' } });
  const found = publishingCodes(ci);
  assert.deepEqual(found.map((d) => d.code), ['ci-publishing-with-allow-access']);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].text, '"publishing"');
  assert.equal(found[0].line, lineOf(ci, '"publishing"'));
  assert.match(found[0].message, /^Cannot use both "allowAccess" and "publishing" in the same course instance\./);
});

test('a start date without an end date, and an invalid start date, are errors', () => {
  const ci = courseInstance({ publishing: { startDate: '2026-02-30T00:00:00' } });
  const found = publishingCodes(ci);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['ci-publishing-date-missing', 'error', lineOf(ci, '"startDate"'), '"startDate"'],
      ['ci-publishing-invalid-date', 'error', lineOf(ci, '"startDate"'), '"2026-02-30T00:00:00"'],
    ],
  );
  assert.equal(found[0].message, '"publishing.endDate" is required if "publishing.startDate" is specified.');
  assert.match(found[1].message, /^"publishing.startDate" is not a valid date\./);
});

test('an end date alone needs a start date', () => {
  const [d] = withCode(checkCourseInstance(courseInstance({ publishing: { endDate: '2026-12-20T00:00:00' } })), 'ci-publishing-date-missing');
  assert.equal(d.message, '"publishing.startDate" is required if "publishing.endDate" is specified.');
});

test('a start after the end is an error; equal dates are fine', () => {
  const ci = courseInstance({ publishing: { startDate: '2026-12-21T00:00:00', endDate: '2026-12-20T00:00:00' } });
  const [d] = withCode(checkCourseInstance(ci), 'ci-publishing-start-after-end');
  assert.equal(d.severity, 'error');
  assert.equal(d.text, '"2026-12-21T00:00:00"');
  assert.equal(d.message, '"publishing.startDate" must be before "publishing.endDate".');
  const same = courseInstance({ publishing: { startDate: '2026-12-20T00:00:00', endDate: '2026-12-20T00:00:00' } });
  assert.deepEqual(publishingCodes(same), []);
});

test('valid, ordered publishing dates give nothing', () => {
  assert.deepEqual(publishingCodes(courseInstance({ publishing: { startDate: '2026-08-20T00:00:00', endDate: '2026-12-20T23:59:59' } })), []);
});
