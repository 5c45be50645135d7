import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, expiredInstance, lineOf, withCodes } from './assessmentFixtures';

const CODES = ['allow-access-inactive-credit', 'assessment-allow-access-invalid-date', 'assessment-allow-access-start-after-end'];

test('invalid dates, reversed dates and credit on an inactive rule are errors, even in an expired course instance', () => {
  const assessment = exam({
    allowAccess: [
      { startDate: '2026-04-01T00:00', endDate: '2026-13-01T00:00:00' },
      { startDate: '2026-05-02T00:00:00', endDate: '2026-05-01T00:00:00' },
      { active: false, credit: 100 },
    ],
  });
  const found = withCodes(checkAssessment(assessment, { instance: expiredInstance() }), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['assessment-allow-access-invalid-date', 'error', lineOf(assessment, '"startDate"'), '"2026-04-01T00:00"'],
      ['assessment-allow-access-invalid-date', 'error', lineOf(assessment, '"endDate"'), '"2026-13-01T00:00:00"'],
      ['assessment-allow-access-start-after-end', 'error', lineOf(assessment, '"startDate"', 2), '"2026-05-02T00:00:00"'],
      ['allow-access-inactive-credit', 'error', lineOf(assessment, '"credit"'), '100'],
    ],
  );
  assert.match(found[0].message, /^Invalid allowAccess rule: startDate \(2026-04-01T00:00\) is not valid/);
  assert.match(found[1].message, /^Invalid allowAccess rule: endDate \(2026-13-01T00:00:00\) is not valid/);
  assert.match(found[2].message, /^Invalid allowAccess rule: startDate \(2026-05-02T00:00:00\) must not be after endDate \(2026-05-01T00:00:00\)/);
  assert.match(found[3].message, /^Invalid allowAccess rule: credit must be 0 if active is false/);
});

test('valid rules give nothing', () => {
  const assessment = exam({
    allowAccess: [
      { startDate: '2026-04-01 00:00:00', endDate: '2026-04-01T00:00:00' },
      { active: false, credit: 0 },
      { active: false },
    ],
  });
  assert.deepEqual(withCodes(checkAssessment(assessment), CODES), []);
});
