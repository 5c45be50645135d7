import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, homework, lineOf, withCode, withCodes } from './assessmentFixtures';

const CODES = [
  'points-list-without-real-time-grading',
  'question-points-missing',
  'points-with-split-points',
  'exam-max-points',
  'exam-points-increasing',
  'homework-max-points-with-split-points',
  'homework-points-list',
];

test('several point values with real-time grading disabled are an error on the list', () => {
  const assessment = exam({
    zones: [{ allowRealTimeGrading: false, questions: [{ id: 'q1', points: [3, 2] }, { id: 'q2', points: [3] }] }],
  });
  const found = withCode(checkAssessment(assessment), 'points-list-without-real-time-grading');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, lineOf(assessment, '"points": ['));
  // A list value is marked by its key.
  assert.equal(found[0].text, '"points"');
  assert.match(found[0].message, /^Question "q1": Cannot specify an array of multiple point values if real-time grading is disabled/);
});

test('an alternative can turn real-time grading back on', () => {
  const assessment = exam({
    allowRealTimeGrading: false,
    zones: [{ questions: [{ alternatives: [{ id: 'q1', allowRealTimeGrading: true }], points: [3, 2] }] }],
  });
  assert.deepEqual(withCode(checkAssessment(assessment), 'points-list-without-real-time-grading'), []);
});

test('missing points, and points mixed with split points, are errors', () => {
  const assessment = homework({
    zones: [{ questions: [{ id: 'q1' }, { id: 'q2', points: 2, autoPoints: 1 }] }],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line]),
    [
      ['question-points-missing', 'error', lineOf(assessment, '"id": "q1"')],
      ['points-with-split-points', 'error', lineOf(assessment, '"points": 2')],
    ],
  );
  assert.equal(found[0].text, '"q1"');
  assert.equal(found[0].message, 'Question "q1": Must specify "points", "autoPoints" or "manualPoints" for a question.');
  assert.equal(found[1].text, '"points"');
  assert.match(found[1].message, /^Question "q2": Cannot specify "points" for a question if "autoPoints", "manualPoints" or "maxAutoPoints" are specified/);
});

test('alternatives inherit pool points; a pool problem is reported once, naming every alternative', () => {
  const assessment = exam({ zones: [{ questions: [{ alternatives: [{ id: 'q1' }, { id: 'q2' }], points: [1, 2] }] }] });
  const found = withCode(checkAssessment(assessment), 'exam-points-increasing');
  assert.equal(found.length, 1);
  assert.equal(found[0].line, lineOf(assessment, '"points"'));
  assert.equal(found[0].message, 'Question "q1", Question "q2": Points for a question must be non-increasing.');
});

test('Exam questions cannot have maxPoints or increasing points', () => {
  const assessment = exam({
    zones: [{ questions: [{ id: 'q1', points: 5, maxPoints: 10 }, { id: 'q2', autoPoints: [1, 3], manualPoints: 1 }] }],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['exam-max-points', 'error', lineOf(assessment, '"maxPoints"'), '"maxPoints"'],
      ['exam-points-increasing', 'error', lineOf(assessment, '"autoPoints"'), '"autoPoints"'],
    ],
  );
  assert.match(found[0].message, /^Question "q1": Cannot specify "maxPoints" or "maxAutoPoints" for a question in an "Exam" assessment/);
  assert.equal(found[1].message, 'Question "q2": Points for a question must be non-increasing.');
});

test('Homework questions cannot list points or mix maxPoints with split points', () => {
  const assessment = homework({
    zones: [{ questions: [{ id: 'q1', points: [2, 1] }, { id: 'q2', autoPoints: 1, maxPoints: 4 }] }],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line]),
    [
      ['homework-points-list', 'error', lineOf(assessment, '"points"')],
      ['homework-max-points-with-split-points', 'error', lineOf(assessment, '"maxPoints"')],
    ],
  );
  assert.match(found[0].message, /^Question "q1": Cannot specify "points" or "autoPoints" as a list for a question in a "Homework" assessment/);
  assert.equal(found[1].text, '"maxPoints"');
  assert.match(found[1].message, /^Question "q2": Cannot specify "maxPoints" for a question if "autoPoints"/);
});

test('well-formed Exam and Homework points give nothing', () => {
  const examOk = exam({ zones: [{ questions: [{ id: 'q1', points: [5, 3, 1] }, { id: 'q2', autoPoints: 4, manualPoints: 2 }] }] });
  const homeworkOk = homework({ zones: [{ questions: [{ id: 'q1', points: 1, maxPoints: 5 }, { id: 'q2', autoPoints: 1, maxAutoPoints: 3, manualPoints: 2 }] }] });
  assert.deepEqual(withCodes(checkAssessment(examOk), CODES), []);
  assert.deepEqual(withCodes(checkAssessment(homeworkOk), CODES), []);
});
