import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, lineOf, withCodes } from './assessmentFixtures';

const CODES = ['first-zone-lockpoint', 'empty-lockpoint-zone'];

test('a lockpoint on the first zone, and a lockpoint zone choosing nothing, are errors', () => {
  const assessment = exam({
    zones: [
      { lockpoint: true, questions: [{ id: 'q1', points: 1 }] },
      { lockpoint: true, numberChoose: 0, questions: [{ id: 'q2', points: 1 }] },
    ],
  });
  const found = withCodes(checkAssessment(assessment), CODES);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.line, d.text]),
    [
      ['first-zone-lockpoint', 'error', lineOf(assessment, '"lockpoint"'), 'true'],
      ['empty-lockpoint-zone', 'error', lineOf(assessment, '"numberChoose"'), '0'],
    ],
  );
  assert.match(found[0].message, /^The first zone cannot have lockpoint: true/);
  assert.match(found[1].message, /^A lockpoint zone must include at least one selectable question/);
});

test('a lockpoint on a later zone that presents questions gives nothing', () => {
  const assessment = exam({
    zones: [
      { questions: [{ id: 'q1', points: 1 }] },
      { lockpoint: true, numberChoose: 1, questions: [{ id: 'q2', points: 1 }] },
    ],
  });
  assert.deepEqual(withCodes(checkAssessment(assessment), CODES), []);
});
