import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAccessibleInFuture, isCourseInstanceExpired } from '../../../../../server/lib/course/rules/support/courseInstanceAccess';

const NOW = new Date('2026-10-01T12:00:00Z');

test('with allowAccess, a course instance is expired only when every rule has ended', () => {
  assert.equal(isCourseInstanceExpired({ allowAccess: [] }, NOW), true);
  assert.equal(isCourseInstanceExpired({ allowAccess: [{ endDate: '2026-06-01T00:00:00' }] }, NOW), true);
  assert.equal(isCourseInstanceExpired({ allowAccess: [{ endDate: '2026-06-01T00:00:00' }, {}] }, NOW), false);
  assert.equal(isCourseInstanceExpired({ allowAccess: [{ endDate: 'never' }] }, NOW), false);
});

test('with publishing, a course instance is expired unless both dates are set and the end is ahead', () => {
  assert.equal(isCourseInstanceExpired(undefined, NOW), true);
  assert.equal(isCourseInstanceExpired({}, NOW), true);
  assert.equal(isCourseInstanceExpired({ publishing: { endDate: '2026-12-01T00:00:00' } }, NOW), true);
  assert.equal(isCourseInstanceExpired({ publishing: { startDate: '2026-08-01T00:00:00', endDate: '2026-12-01T00:00:00' } }, NOW), false);
  assert.equal(isCourseInstanceExpired({ publishing: { startDate: '2026-01-01T00:00:00', endDate: '2026-06-01T00:00:00' } }, NOW), true);
});

test('accessible in future: a future publishing end, or an allowAccess rule without a past end', () => {
  assert.equal(isAccessibleInFuture({ publishing: { endDate: '2026-12-01T00:00:00' } }, NOW), true);
  assert.equal(isAccessibleInFuture({ publishing: { endDate: '2026-06-01T00:00:00' } }, NOW), false);
  assert.equal(isAccessibleInFuture({}, NOW), false);
  assert.equal(isAccessibleInFuture({ allowAccess: [{ endDate: '2026-06-01T00:00:00' }] }, NOW), false);
  assert.equal(isAccessibleInFuture({ allowAccess: [{ endDate: '2026-06-01T00:00:00' }, { endDate: 'bad' }] }, NOW), true);
  // publishing is ignored when allowAccess is also present (that combination is itself an error)
  assert.equal(isAccessibleInFuture({ allowAccess: [], publishing: { endDate: '2026-12-01T00:00:00' } }, NOW), false);
});
