import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

let count = 0;
const question = (extra: object) => ({
  uuid: `22222222-2222-4222-8222-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
  ...extra,
});

test('"gradingMethod": "External" without externalGradingOptions is an error on the grading method', () => {
  const found = withCode(
    checkCourseFiles({ 'questions/q1/info.json': question({ gradingMethod: 'External' }) }),
    'external-grading-options-missing',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, 6);
  assert.equal(found[0].text, '"External"');
  assert.match(found[0].message, /^"externalGradingOptions" is required when "gradingMethod" is "External"/);
});

test('external grading with options, and other grading methods without them, give nothing', () => {
  const diagnostics = checkCourseFiles({
    'questions/ext/info.json': question({ gradingMethod: 'External', externalGradingOptions: { image: 'prairielearn/grader-python' } }),
    'questions/manual/info.json': question({ gradingMethod: 'Manual' }),
    'questions/plain/info.json': question({}),
  });
  assert.deepEqual(diagnostics, []);
});
