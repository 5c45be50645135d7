import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

// Lines of a question written by the helper: 1 "{", 2 uuid, 3 type, 4 title, 5 topic, 6 first extra key.
let count = 0;
const question = (type: string, extra: object) => ({
  uuid: `11111111-1111-4111-8111-${String(++count).padStart(12, '0')}`,
  type,
  title: 'Q',
  topic: 'Basics',
  ...extra,
});

test('options on a v3 question is an error on the "options" key', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question('v3', { options: {} }) }), 'options-on-v3-question');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].relPath, 'questions/q1/info.json');
  assert.equal(found[0].line, 6);
  assert.equal(found[0].text, '"options"');
  assert.match(found[0].message, /^"options" is not supported for v3 questions\./);
});

test('Checkbox options: missing, unknown, out-of-range and wrongly typed values', () => {
  const diagnostics = checkCourseFiles({
    'questions/q1/info.json': question('Checkbox', {
      options: { text: 'Pick', incorrectAnswers: ['a', 3], numberAnswers: 0, extra: true },
    }),
  });
  const found = withCode(diagnostics, 'invalid-question-options');
  assert.deepEqual(
    found.map((d) => [d.line, d.text, d.severity]),
    [
      [13, '"extra"', 'error'],
      [6, '"options"', 'error'],
      [10, '3', 'error'],
      [12, '0', 'error'],
    ],
  );
  assert.ok(found.every((d) => d.message.startsWith('Error validating question options: ')));
  assert.match(found[1].message, /"correctAnswers" is required/);
  assert.match(found[3].message, /"numberAnswers" must be at least 1/);
});

test('MultipleChoice needs at least one correct answer', () => {
  const found = withCode(
    checkCourseFiles({
      'questions/q1/info.json': question('MultipleChoice', { options: { text: 'Pick', correctAnswers: [], incorrectAnswers: ['b'] } }),
    }),
    'invalid-question-options',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].line, 8);
  assert.equal(found[0].text, '"correctAnswers"');
  assert.equal(found[0].message, 'Error validating question options: At least one correct answer is required.');
});

test('File and MultipleTrueFalse options are strict too', () => {
  const diagnostics = checkCourseFiles({
    'questions/f/info.json': question('File', { options: { fileName: 7 } }),
    'questions/t/info.json': question('MultipleTrueFalse', { options: { trueStatements: ['x'] } }),
  });
  const found = withCode(diagnostics, 'invalid-question-options');
  assert.deepEqual(
    found.map((d) => [d.relPath, d.text]).sort(),
    [
      ['questions/f/info.json', '7'],
      ['questions/t/info.json', '"options"'],
    ],
  );
});

test('valid legacy options and Calculation options with any keys give nothing', () => {
  const diagnostics = checkCourseFiles({
    'questions/c/info.json': question('Checkbox', {
      options: { comment: ['why'], text: 'Pick', correctAnswers: ['a'], incorrectAnswers: ['b'], numberAnswers: 2, minCorrectAnswers: 0, maxCorrectAnswers: 1 },
    }),
    'questions/m/info.json': question('MultipleChoice', { options: { text: 'Pick', correctAnswers: ['a'], incorrectAnswers: [], numberAnswers: 3 } }),
    'questions/f/info.json': question('File', { options: { fileName: 'data.csv' } }),
    'questions/t/info.json': question('MultipleTrueFalse', { options: { text: 'Say', trueStatements: ['x'], falseStatements: [] } }),
    'questions/k/info.json': question('Calculation', { options: { anything: { goes: 1 } } }),
    'questions/v/info.json': question('v3', {}),
  });
  assert.deepEqual(diagnostics, []);
});
