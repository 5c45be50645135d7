import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, homework, lineOf, withCodes } from './assessmentFixtures';

const CODES = ['question-id-and-alternatives', 'alternative-pool-preferences', 'question-id-missing'];

test('a zone question with both or neither of "id" and "alternatives", or pool preferences, is an error', () => {
  const assessment = homework({
    zones: [
      {
        questions: [
          { id: 'q1', alternatives: [{ id: 'q2' }], points: 1 },
          { alternatives: [{ id: 'q3' }], preferences: { level: 'hard' }, points: 1 },
          { points: 1 },
        ],
      },
    ],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['question-id-and-alternatives', 'error', lineOf(assessment, '"id": "q1"'), '"id"'],
      ['alternative-pool-preferences', 'error', lineOf(assessment, '"preferences"'), '"preferences"'],
      ['question-id-missing', 'error', lineOf(assessment, '"points": 1', 3) - 1, '{'],
    ],
  );
  assert.match(found[0].message, /^Cannot specify both "alternatives" and "id" in one question/);
  assert.match(found[1].message, /^Cannot specify "preferences" on an alternative pool\. Set "preferences" on each alternative instead\./);
  assert.match(found[2].message, /^Zone question must specify either "alternatives" or "id"/);
});

test('single questions and pools with preferences on alternatives give nothing', () => {
  const assessment = homework({
    zones: [{ questions: [{ id: 'q1', points: 1 }, { alternatives: [{ id: 'q2', preferences: { level: 'hard' } }], points: 1 }] }],
  });
  assert.deepEqual(withCodes(checkAssessment(assessment), CODES), []);
});
