import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, lineOf, question, withCodes } from './assessmentFixtures';

const CODES = ['question-used-more-than-once', 'question-not-found', 'draft-question-in-assessment'];

test('duplicate, unknown and draft QIDs are errors on the "id" value', () => {
  const assessment = exam({
    zones: [
      { questions: [{ id: 'q1', points: 1 }, { id: 'Q2', points: 1 }, { id: '__drafts__/d1', points: 1 }] },
      { questions: [{ alternatives: [{ id: 'q1' }, { id: '@other-course/q9' }], points: 1 }] },
    ],
  });
  const found = withCodes(checkAssessment(assessment, { questions: ['q1', 'q2', '__drafts__/d1'] }), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['question-used-more-than-once', 'error', lineOf(assessment, '"id": "q1"', 2), '"q1"'],
      ['question-not-found', 'error', lineOf(assessment, '"Q2"'), '"Q2"'],
      ['draft-question-in-assessment', 'error', lineOf(assessment, '"__drafts__/d1"'), '"__drafts__/d1"'],
    ],
  );
  assert.match(found[0].message, /^The following questions are used more than once: "q1"/);
  assert.deepEqual(found[0].related?.map((r) => r.message), ['First use of "q1"', 'Question q1 (questions/q1/info.json)']);
  assert.match(found[1].message, /^The following questions do not exist in this course: "Q2"/);
  assert.deepEqual(found[1].data, { qid: 'Q2' });
  assert.equal(found[1].related, undefined);
  assert.match(found[2].message, /^The following questions are marked as draft and therefore cannot be used in assessments: "__drafts__\/d1"/);
  assert.ok(found[2].related?.[0].file.endsWith('info.json'));
});

test('a question that exists counts even when its info.json has errors', () => {
  const assessment = exam({ zones: [{ questions: [{ id: 'broken', points: 1 }] }] });
  const found = withCodes(checkAssessment(assessment, { questions: { broken: question({ title: 3 }) } }), CODES);
  assert.deepEqual(found, []);
});

test('distinct existing QIDs give nothing', () => {
  const assessment = exam({ zones: [{ questions: [{ id: 'q1', points: 1 }, { alternatives: [{ id: 'q2' }, { id: 'q3' }], points: 1 }] }] });
  assert.deepEqual(withCodes(checkAssessment(assessment), CODES), []);
});
