import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, expiredInstance, lineOf, withCodes } from './assessmentFixtures';

const CODES = [
  'pool-number-choose-too-large',
  'zone-best-questions-above-number-choose',
  'zone-number-choose-too-large',
  'zone-best-questions-too-large',
  'zone-number-choose-zero',
  'zone-best-questions-zero',
];

const assessment = exam({
  zones: [
    {
      title: 'Warm-up',
      numberChoose: 4,
      bestQuestions: 5,
      questions: [{ id: 'q1', points: 1 }, { numberChoose: 3, alternatives: [{ id: 'q2' }, { id: 'q3' }], points: 1 }],
    },
    { numberChoose: 0, bestQuestions: 0, questions: [{ id: 'q4', points: 1 }] },
  ],
});

test('selection counts that cannot be met, or that empty a zone, are warnings while the course instance is not expired', () => {
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['pool-number-choose-too-large', 'warning', lineOf(assessment, '"numberChoose": 3'), '3'],
      ['zone-best-questions-above-number-choose', 'warning', lineOf(assessment, '"bestQuestions": 5'), '5'],
      ['zone-number-choose-too-large', 'warning', lineOf(assessment, '"numberChoose": 4'), '4'],
      ['zone-best-questions-too-large', 'warning', lineOf(assessment, '"bestQuestions": 5'), '5'],
      ['zone-number-choose-zero', 'warning', lineOf(assessment, '"numberChoose": 0'), '0'],
      ['zone-best-questions-zero', 'warning', lineOf(assessment, '"bestQuestions": 0'), '0'],
    ],
  );
  assert.deepEqual(
    found.map((d) => d.message),
    [
      'Zone "Warm-up", alternative group 2: "numberChoose" (3) exceeds the number of alternatives (2).',
      'Zone "Warm-up": "bestQuestions" (5) should not exceed "numberChoose" (4).',
      'Zone "Warm-up": "numberChoose" (4) exceeds the number of questions in the zone (3).',
      'Zone "Warm-up": "bestQuestions" (5) exceeds the number of questions in the zone (3).',
      'Zone "zone 2": "numberChoose" is 0, so no questions will be presented from this zone.',
      'Zone "zone 2": "bestQuestions" is 0, so no questions from this zone will count toward the total points.',
    ],
  );
});

test('nothing in an expired course instance, for a lockpoint zone choosing 0, or for counts that fit', () => {
  assert.deepEqual(withCodes(checkAssessment(assessment, { instance: expiredInstance() }), CODES), []);
  const fitting = exam({
    zones: [
      { numberChoose: 2, bestQuestions: 1, questions: [{ id: 'q1', points: 1 }, { numberChoose: 1, alternatives: [{ id: 'q2' }, { id: 'q3' }], points: 1 }] },
      { lockpoint: true, numberChoose: 0, questions: [{ id: 'q4', points: 1 }] },
    ],
  });
  assert.deepEqual(withCodes(checkAssessment(fitting), CODES), []);
});
