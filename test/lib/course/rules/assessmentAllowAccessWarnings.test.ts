import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeInstance, checkAssessment, exam, expiredInstance, lineOf, withCodes } from './assessmentFixtures';

const CODES = [
  'assessment-allow-access-role',
  'assessment-allow-access-uid-whitespace',
  'assessment-allow-access-uid-comma',
  'allow-access-exam-uuid-public',
  'allow-access-exam-uuid-missing',
];
const EXAM_UUID = '3c3a6bbe-0f1c-4a67-9b1f-0d4c2f7e6a11';

const assessment = exam({
  allowAccess: [
    { role: 'TA', uids: ['a@x.edu b@x.edu', 'c@x.edu,d@x.edu', 'e@x.edu'] },
    { mode: 'Public', examUuid: EXAM_UUID },
    { mode: 'Exam' },
  ],
});

test('legacy allowAccess warnings while the course instance is not expired', () => {
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['assessment-allow-access-role', 'warning', lineOf(assessment, '"role"'), '"TA"'],
      ['assessment-allow-access-uid-whitespace', 'warning', lineOf(assessment, '"a@x.edu b@x.edu"'), '"a@x.edu b@x.edu"'],
      ['assessment-allow-access-uid-comma', 'warning', lineOf(assessment, '"c@x.edu,d@x.edu"'), '"c@x.edu,d@x.edu"'],
      ['allow-access-exam-uuid-public', 'warning', lineOf(assessment, '"examUuid"'), '"examUuid"'],
      ['allow-access-exam-uuid-missing', 'warning', lineOf(assessment, '"mode": "Exam"'), '"Exam"'],
    ],
  );
  assert.match(found[0].message, /^The entire "allowAccess" rule with "role: TA" should be deleted\./);
  assert.match(found[1].message, /^The following access rule UIDs contain unexpected whitespace: "a@x.edu b@x.edu"/);
  assert.match(found[2].message, /^The following access rule UIDs contain unexpected commas: "c@x.edu,d@x.edu"/);
  assert.equal(found[3].message, 'Invalid allowAccess rule: examUuid cannot be used with "mode": "Public".');
  assert.equal(found[4].message, 'Invalid allowAccess rule: examUuid is required with "mode": "Exam".');
});

test('no warnings in an expired course instance, or in one whose allowAccess rules all ended', () => {
  assert.deepEqual(withCodes(checkAssessment(assessment, { instance: expiredInstance() }), CODES), []);
  const ended = activeInstance({ publishing: undefined, allowAccess: [{ endDate: '2026-05-01T00:00:00' }] });
  assert.deepEqual(withCodes(checkAssessment(assessment, { instance: ended }), CODES), []);
});

test('Student rules with clean UIDs give nothing', () => {
  const clean = exam({ allowAccess: [{ role: 'Student', uids: ['a@x.edu'] }, { mode: 'Exam', examUuid: EXAM_UUID }] });
  assert.deepEqual(withCodes(checkAssessment(clean), CODES), []);
});
