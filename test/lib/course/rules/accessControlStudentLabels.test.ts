import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, CI_PATH, lineOf, uuid } from './accessControlCourse';

const labels = (...names: string[]) => ({ studentLabels: names.map((name, i) => ({ uuid: uuid(600 + i), name, color: 'blue1' })) });

test('a label the course instance does not declare is an error, related to its studentLabels', () => {
  const rules = [{}, { uuid: uuid(1), labels: ['Section A', 'Extra time', 'Section Z'] }];
  const [d, ...rest] = withCode(checkAccessControl(rules, labels('Section A')), 'access-control-unknown-label');
  assert.equal(rest.length, 0);
  assert.equal(d.severity, 'error');
  assert.equal(d.relPath, 'courseInstances/Fa26/assessments/hw1/infoAssessment.json');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"Extra time"'));
  assert.match(d.message, /^The access control rule targets non-existent student labels: "Extra time", "Section Z"\./);
  assert.ok(d.related?.[0].file.endsWith(CI_PATH));
});

test('declared labels (names trimmed as PrairieLearn does) give nothing', () => {
  const rules = [{}, { uuid: uuid(1), labels: ['Section A', 'Extra time'] }];
  assert.deepEqual(withCode(checkAccessControl(rules, labels('Section A', ' Extra time ')), 'access-control-unknown-label'), []);
});

test('labels are not checked when infoCourseInstance.json did not load', () => {
  const rules = [{}, { uuid: uuid(1), labels: ['Nowhere'] }];
  const found = checkAccessControl(rules, { longName: 42 });
  assert.ok(withCode(found, 'schema-violation').length > 0);
  assert.deepEqual(withCode(found, 'access-control-unknown-label'), []);
});
