import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLegacyDate } from '../../../../../server/lib/course/rules/support/legacyDate';

test('accepts YYYY-MM-DD[ T]HH:MM:SS, with an optional fraction or offset', () => {
  assert.equal(parseLegacyDate('2024-04-01T13:05:09')?.getTime(), new Date(2024, 3, 1, 13, 5, 9).getTime());
  assert.equal(parseLegacyDate('2024-04-01 13:05:09')?.getTime(), new Date(2024, 3, 1, 13, 5, 9).getTime());
  assert.equal(parseLegacyDate('2024-04-01T13:05:09Z')?.toISOString(), '2024-04-01T13:05:09.000Z');
  assert.equal(parseLegacyDate('2024-04-01T13:05:09-05:00')?.toISOString(), '2024-04-01T18:05:09.000Z');
  assert.equal(parseLegacyDate('2024-04-01T13:05:09.250')?.getMilliseconds(), 250);
  assert.ok(parseLegacyDate('2024-02-29T00:00:00'));
  assert.ok(parseLegacyDate('2024-04-01T24:00:00'));
});

test('rejects missing seconds, impossible dates and extra text', () => {
  for (const text of [
    '2024-04-01T00:00',
    '2024-04-01',
    '2024-13-01T00:00:00',
    '2023-02-29T00:00:00',
    '2024-04-31T00:00:00',
    '2024-04-01T24:00:01',
    '2024-04-01T12:60:00',
    'x2024-04-01T00:00:00',
    '2024-04-01T00:00:00 tomorrow',
  ]) {
    assert.equal(parseLegacyDate(text), undefined, text);
  }
});
