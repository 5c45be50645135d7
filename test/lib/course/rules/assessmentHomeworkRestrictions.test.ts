import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, homework, lineOf, withCodes } from './assessmentFixtures';

const CODES = ['homework-real-time-grading-disabled', 'homework-multiple-instance', 'homework-require-honor-code', 'homework-honor-code'];

test('Homework settings PrairieLearn refuses are errors where they are set', () => {
  const assessment = homework({
    multipleInstance: true,
    requireHonorCode: true,
    honorCode: 'I will not cheat.',
    zones: [
      {
        allowRealTimeGrading: false,
        questions: [{ alternatives: [{ id: 'q1', allowRealTimeGrading: false }], points: 1 }],
      },
    ],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['homework-real-time-grading-disabled', 'error', lineOf(assessment, '"allowRealTimeGrading"'), 'false'],
      ['homework-real-time-grading-disabled', 'error', lineOf(assessment, '"allowRealTimeGrading"', 2), 'false'],
      ['homework-multiple-instance', 'error', lineOf(assessment, '"multipleInstance"'), 'true'],
      ['homework-require-honor-code', 'error', lineOf(assessment, '"requireHonorCode"'), 'true'],
      ['homework-honor-code', 'error', lineOf(assessment, '"honorCode"'), '"honorCode"'],
    ],
  );
  assert.match(found[0].message, /^Real-time grading cannot be disabled for Homework-type assessments/);
  assert.match(found[2].message, /^"multipleInstance" cannot be true for Homework-type assessments/);
  assert.match(found[3].message, /^"requireHonorCode" cannot be true for Homework-type assessments/);
  assert.match(found[4].message, /^"honorCode" cannot be used for Homework-type assessments/);
});

test('the same settings on an Exam, and a plain Homework, give nothing', () => {
  const settings = { multipleInstance: true, requireHonorCode: true, honorCode: 'x', allowRealTimeGrading: false };
  assert.deepEqual(withCodes(checkAssessment(exam(settings)), CODES), []);
  assert.deepEqual(withCodes(checkAssessment(homework({ multipleInstance: false, allowRealTimeGrading: true })), CODES), []);
});
