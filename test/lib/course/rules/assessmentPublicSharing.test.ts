import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, exam, lineOf, question, withCode } from './assessmentFixtures';

const CODE = 'public-assessment-private-question';

test('a publicly shared assessment using an unshared question is an error on its "id"', () => {
  const assessment = exam({ shareSourcePublicly: true, zones: [{ questions: [{ id: 'shared', points: 1 }, { id: 'private', points: 1 }] }] });
  const found = withCode(
    checkAssessment(assessment, { questions: { shared: question({ sharePublicly: true }), private: question() } }),
    CODE,
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, lineOf(assessment, '"private"'));
  assert.equal(found[0].text, '"private"');
  assert.match(found[0].message, /^Assessment is publicly shared but contains questions which are not publicly shared/);
  assert.ok(found[0].related?.[0].file.endsWith('questions/private/info.json'));
});

test('shared questions, or an assessment that is not shared, give nothing', () => {
  const questions = { a: question({ sharePublicly: true }), b: question({ shareSourcePublicly: true }), c: question() };
  const shared = exam({ shareSourcePublicly: true, zones: [{ questions: [{ id: 'a', points: 1 }, { id: 'b', points: 1 }] }] });
  assert.deepEqual(withCode(checkAssessment(shared, { questions }), CODE), []);
  const notShared = exam({ zones: [{ questions: [{ id: 'c', points: 1 }] }] });
  assert.deepEqual(withCode(checkAssessment(notShared, { questions }), CODE), []);
});
