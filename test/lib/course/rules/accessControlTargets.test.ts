import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

const LABELS = { studentLabels: [{ uuid: uuid(500), name: 'A', color: 'blue1' }, { uuid: uuid(501), name: 'B', color: 'red1' }] };

test('a first rule with labels means there are no defaults', () => {
  const rules = [{ labels: ['A'] }];
  const [d] = withCode(checkAccessControl(rules, LABELS), 'access-control-no-defaults');
  assert.equal(d.severity, 'error');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"labels"'));
  assert.equal(d.text, '"labels"');
  assert.equal(d.message, 'No defaults found. The first element of accessControl must apply to everyone.');
});

test('a student-label override after a student-specific one is out of order', () => {
  const rules = [{}, { uuid: uuid(1) }, { uuid: uuid(2), labels: ['A'] }];
  const found = withCode(checkAccessControl(rules, LABELS), 'access-control-override-order');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].line, lineOf(accessControlFile(rules), '"labels"'));
  assert.match(found[0].message, /^Student-label access control rules must appear before student-specific/);
});

test('a label listed twice in one rule is reported once per message, at the repeat', () => {
  const rules = [{}, { uuid: uuid(1), labels: ['A', 'B', 'A'] }, { uuid: uuid(2), labels: ['A', 'A'] }];
  const found = withCode(checkAccessControl(rules, LABELS), 'access-control-duplicate-label');
  // Both rules give the same message, which PrairieLearn reports once.
  assert.equal(found.length, 1);
  assert.equal(found[0].message, 'Found duplicate student labels in this access control rule: "A".');
  assert.equal(found[0].text, '"A"');
  assert.equal(found[0].line, lineOf(accessControlFile(rules), '"A"', 2));
  assert.equal(found[0].related?.length, 1);
});

test('more than 100 student-label overrides is an error', () => {
  const rules = [{}, ...Array.from({ length: 101 }, (_, i) => ({ uuid: uuid(i + 1), labels: ['A'] }))];
  const found = withCode(checkAccessControl(rules, LABELS), 'access-control-too-many-overrides');
  assert.equal(found.length, 1);
  assert.equal(found[0].message, 'An assessment can have at most 100 student-label access control overrides.');
  assert.equal(found[0].text, '{');
});

test('100 student-specific overrides are allowed, 101 are not', () => {
  const overrides = (n: number) => Array.from({ length: n }, (_, i) => ({ uuid: uuid(i + 1) }));
  assert.deepEqual(withCode(checkAccessControl([{}, ...overrides(100)]), 'access-control-too-many-overrides'), []);
  const [d] = withCode(checkAccessControl([{}, ...overrides(101)]), 'access-control-too-many-overrides');
  assert.equal(d.message, 'An assessment can have at most 100 student-specific access control overrides.');
});

test('defaults, then label overrides, then student overrides give nothing', () => {
  const rules = [{}, { uuid: uuid(1), labels: ['A', 'B'] }, { uuid: uuid(2) }];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules, LABELS), 'access-control-'), []);
});
