import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { checkCourseInstance, courseInstance, lineOf, uuid } from './accessControlCourse';

const label = (n: number, name: string) => ({ uuid: uuid(n), name, color: 'green1' });

test('a repeated label name is a warning at its first use', () => {
  const ci = courseInstance({ studentLabels: [label(1, 'Section A'), label(2, 'Section B'), label(3, 'Section A ')] });
  const [d, ...rest] = withCode(checkCourseInstance(ci), 'ci-student-label-duplicate-name');
  assert.equal(rest.length, 0);
  assert.equal(d.severity, 'warning');
  assert.equal(d.text, '"Section A"');
  assert.equal(d.line, lineOf(ci, '"Section A"'));
  assert.equal(d.message, `Found duplicates in 'studentLabels': "Section A". Only the last of each duplicate will be synced.`);
  assert.equal(d.related?.length, 1);
});

test('two kept labels with one UUID are an error', () => {
  const ci = courseInstance({ studentLabels: [label(1, 'Section A'), label(1, 'Section B')] });
  const [d] = withCode(checkCourseInstance(ci), 'ci-student-label-duplicate-uuid');
  assert.equal(d.severity, 'error');
  assert.equal(d.line, lineOf(ci, uuid(1), 2));
  assert.match(d.message, new RegExp(`^Found duplicate UUID "${uuid(1)}" in 'studentLabels' for labels: "Section A", "Section B"\\.`));
});

test('a UUID repeated only by a label dropped for its repeated name is not an error', () => {
  const ci = courseInstance({ studentLabels: [label(1, 'Section A'), label(1, 'Section A')] });
  const found = checkCourseInstance(ci);
  assert.equal(withCode(found, 'ci-student-label-duplicate-name').length, 1);
  assert.deepEqual(withCode(found, 'ci-student-label-duplicate-uuid'), []);
});

test('distinct names and UUIDs give nothing', () => {
  const ci = courseInstance({ studentLabels: [label(1, 'Section A'), label(2, 'Section B')] });
  assert.deepEqual(checkCourseInstance(ci).filter((d) => d.code.startsWith('ci-student-label')), []);
});

test('a label name of spaces only is an error on the name; an ordinary one is not', () => {
  const ci = courseInstance({ studentLabels: [label(1, '   '), label(2, 'Section B')] });
  const found = withCode(checkCourseInstance(ci), 'ci-student-label-empty-name');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text]),
    [['error', lineOf(ci, '"   "'), '"   "']],
  );
  assert.match(found[0].message, /only spaces/);
});
