import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAssessment, homework, lineOf, withCode } from './assessmentFixtures';

const CODE = 'allow-access-with-access-control';

test('"allowAccess" with "accessControl" is an error on "allowAccess"', () => {
  const assessment = homework({ allowAccess: [], accessControl: [{}] });
  const found = withCode(checkAssessment(assessment), CODE);
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, lineOf(assessment, '"allowAccess"'));
  assert.equal(found[0].text, '"allowAccess"');
  assert.equal(found[0].message, 'Cannot use both "allowAccess" and "accessControl". Use "accessControl" for new assessments.');
});

test('either list alone gives nothing', () => {
  assert.deepEqual(withCode(checkAssessment(homework({ allowAccess: [] })), CODE), []);
  assert.deepEqual(withCode(checkAssessment(homework({ accessControl: [{}] })), CODE), []);
});
