import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, expiredInstance, homework, lineOf, withCodes } from './assessmentFixtures';

const CODES = [
  'homework-zero-points-with-max-points',
  'homework-zero-auto-points-with-max-auto-points',
  'homework-auto-points-above-max',
  'homework-points-above-max',
];

const assessment = homework({
  zones: [
    {
      questions: [
        { id: 'q1', points: 0, maxPoints: 5 },
        { id: 'q2', autoPoints: 0, maxAutoPoints: 3 },
        { id: 'q3', autoPoints: 4, maxAutoPoints: 2 },
        { id: 'q4', points: 6, maxPoints: 5 },
      ],
    },
  ],
});

test('Homework points that do not fit their maximum, while the course instance is not expired', () => {
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['homework-zero-points-with-max-points', 'error', lineOf(assessment, '"points": 0'), '0'],
      ['homework-zero-auto-points-with-max-auto-points', 'error', lineOf(assessment, '"autoPoints": 0'), '0'],
      ['homework-auto-points-above-max', 'warning', lineOf(assessment, '"autoPoints": 4'), '4'],
      ['homework-points-above-max', 'warning', lineOf(assessment, '"points": 6'), '6'],
    ],
  );
  assert.equal(found[0].message, 'Question "q1": Cannot specify "points": 0 when "maxPoints" > 0.');
  assert.equal(found[1].message, 'Question "q2": Cannot specify "autoPoints": 0 when "maxAutoPoints" > 0.');
  assert.equal(found[2].message, 'Question "q3": "autoPoints" (4) should not exceed "maxAutoPoints" (2).');
  assert.equal(found[3].message, 'Question "q4": "points" (6) should not exceed "maxPoints" (5).');
});

test('nothing in an expired course instance, for an Exam, or for fitting points', () => {
  assert.deepEqual(withCodes(checkAssessment(assessment, { instance: expiredInstance() }), CODES), []);
  const fitting = homework({ zones: [{ questions: [{ id: 'q1', points: 1, maxPoints: 5 }, { id: 'q2', autoPoints: 2, maxAutoPoints: 2 }] }] });
  assert.deepEqual(withCodes(checkAssessment(fitting), CODES), []);
  assert.deepEqual(withCodes(checkAssessment(exam({ zones: [{ questions: [{ id: 'q1', points: 0 }] }] })), CODES), []);
});
