import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

let count = 0;
const question = (preferences: object) => ({
  uuid: `44444444-4444-4444-8444-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
  preferences,
});

test('a default of another type than the preference is an error on the default', () => {
  const found = withCode(
    checkCourseFiles({ 'questions/q1/info.json': question({ size: { type: 'number', default: 'big' } }) }),
    'preference-default-type',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, 9);
  assert.equal(found[0].text, '"big"');
  assert.equal(found[0].message, 'preferences.size: default value must be of type "number", got string.');
});

test('non-finite numbers (1e999 parses to Infinity) are errors in defaults and enums', () => {
  const text = `{
  "uuid": "44444444-4444-4444-8444-999999999999",
  "type": "v3",
  "title": "Q",
  "topic": "Basics",
  "preferences": {
    "n": { "type": "number", "default": 1e999, "enum": [1, 1e999] }
  }
}`;
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': text }), 'preference-not-finite');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text, d.message]),
    [
      ['error', 7, '1e999', 'preferences.n: default value must be a finite number.'],
      ['error', 7, '1e999', 'preferences.n.enum[1]: enum values must be finite numbers.'],
    ],
  );
});

test('a boolean preference with an enum is an error on "enum"', () => {
  const found = withCode(
    checkCourseFiles({ 'questions/q1/info.json': question({ flag: { type: 'boolean', default: true, enum: [] } }) }),
    'preference-boolean-enum',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].text, '"enum"');
  assert.match(found[0].message, /^preferences\.flag: boolean preferences cannot have enum values/);
});

test('enum values of the wrong type, and a default missing from the enum, are errors', () => {
  const diagnostics = checkCourseFiles({
    'questions/q1/info.json': question({ color: { type: 'string', default: 'red', enum: ['blue', 3] } }),
  });
  const enumType = withCode(diagnostics, 'preference-enum-type');
  assert.equal(enumType.length, 1);
  assert.equal(enumType[0].text, '3');
  assert.equal(enumType[0].message, 'preferences.color.enum[1]: enum values must be of type "string", got number.');
  const notInEnum = withCode(diagnostics, 'preference-default-not-in-enum');
  assert.equal(notInEnum.length, 1);
  assert.equal(notInEnum[0].text, '"red"');
  assert.equal(notInEnum[0].message, 'preferences.color: default value must be present in the enum options.');
});

test('consistent preferences give nothing', () => {
  const diagnostics = checkCourseFiles({
    'questions/q1/info.json': question({
      color: { type: 'string', default: 'red', enum: ['red', 'blue'] },
      size: { type: 'number', default: 2, enum: [1, 2, 3] },
      n: { type: 'number', default: 0.5 },
      flag: { type: 'boolean', default: false },
    }),
  });
  assert.deepEqual(diagnostics, []);
});
