import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

const course = (devModeFeatures: unknown) => ({
  'infoCourse.json': {
    name: 'TST 101',
    title: 'Test',
    topics: [{ name: 'Basics', color: 'blue1' }],
    options: { devModeFeatures },
  },
});

test('an unknown feature name is a warning on its key', () => {
  const found = withCode(checkCourseFiles(course({ 'question-sharing': true, 'ai-grader': true })), 'unknown-dev-mode-feature');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'warning');
  assert.equal(found[0].line, 13);
  assert.equal(found[0].text, '"ai-grader"');
  assert.match(found[0].message, /^Feature "ai-grader" does not exist\. Known features: .*ai-grading/);
  assert.deepEqual(found[0].data, { feature: 'ai-grader' });
});

test('the legacy list form is checked too', () => {
  const found = withCode(checkCourseFiles(course(['lti11', 'lti13'])), 'unknown-dev-mode-feature');
  assert.deepEqual(
    found.map((d) => [d.line, d.text]),
    [[13, '"lti13"']],
  );
});

test('known features give nothing', () => {
  assert.deepEqual(checkCourseFiles(course({ 'question-sharing': true, 'ai-grading': false })), []);
  assert.deepEqual(checkCourseFiles(course(['rich-text-editor'])), []);
});
