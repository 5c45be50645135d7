import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, lineOf, question, withCodes } from './assessmentFixtures';

const CODES = ['preference-override-without-schema', 'preference-override-unknown', 'preference-override-type', 'preference-override-not-allowed'];

const questions = {
  tuned: question({
    preferences: {
      level: { type: 'string', default: 'easy', enum: ['easy', 'hard'] },
      count: { type: 'number', default: 3 },
    },
  }),
  plain: question(),
};

test('overrides that do not fit the question\'s preferences are errors where they are set', () => {
  const assessment = exam({
    zones: [
      {
        questions: [
          { id: 'tuned', points: 1, preferences: { level: 'expert', count: 'three', colour: 'red' } },
          { alternatives: [{ id: 'plain', preferences: { level: 'hard' } }], points: 1 },
        ],
      },
    ],
  });
  const found = withCodes(checkAssessment(assessment, { questions }), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['preference-override-not-allowed', 'error', lineOf(assessment, '"expert"'), '"expert"'],
      ['preference-override-type', 'error', lineOf(assessment, '"three"'), '"three"'],
      ['preference-override-unknown', 'error', lineOf(assessment, '"colour"'), '"colour"'],
      ['preference-override-without-schema', 'error', lineOf(assessment, '"preferences"', 2), '"preferences"'],
    ],
  );
  assert.equal(found[0].message, 'Question "tuned": preferences/level must be equal to one of the allowed values: easy, hard.');
  assert.equal(found[1].message, 'Question "tuned": preferences/count must be number.');
  assert.match(found[2].message, /^Question "tuned": preferences must NOT have additional properties: "colour"\./);
  assert.match(found[3].message, /^Question "plain" does not define a preferences schema, but preferences were provided in the assessment\./);
  assert.ok(found[0].related?.[0].file.endsWith('questions/tuned/info.json'));
});

test('an assessment with earlier errors is not checked for overrides', () => {
  const assessment = exam({
    zones: [{ questions: [{ id: 'tuned', points: 1, preferences: { level: 'expert' } }, { id: 'missing', points: 1 }] }],
  });
  assert.deepEqual(withCodes(checkAssessment(assessment, { questions }), CODES), []);
});

test('fitting overrides give nothing', () => {
  const assessment = exam({ zones: [{ questions: [{ id: 'tuned', points: 1, preferences: { level: 'hard', count: 5 } }, { id: 'plain', points: 1 }] }] });
  assert.deepEqual(withCodes(checkAssessment(assessment, { questions }), CODES), []);
});
