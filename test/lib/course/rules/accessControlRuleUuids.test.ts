import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

test('overrides without uuid give one error, with the other places related', () => {
  const rules = [{}, { dateControl: { durationMinutes: 60 } }, { dateControl: { durationMinutes: 90 } }];
  const found = withCode(checkAccessControl(rules), 'access-control-uuid-missing');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].message, 'Every non-default accessControl rule must specify uuid.');
  assert.equal(found[0].text, '{');
  assert.equal(found[0].line, lineOf(accessControlFile(rules), '"dateControl"') - 1);
  assert.equal(found[0].related?.length, 1);
});

test('a uuid on the defaults rule is an error on its key', () => {
  const rules = [{ uuid: uuid(1) }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-uuid-on-defaults');
  assert.equal(d.severity, 'error');
  assert.equal(d.text, '"uuid"');
  assert.equal(d.line, lineOf(accessControlFile(rules), uuid(1)));
  assert.equal(d.message, 'uuid can only be specified on non-default access control rules.');
});

test('two overrides with one uuid are an error at the second', () => {
  const rules = [{}, { uuid: uuid(1) }, { uuid: uuid(1) }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-duplicate-uuid');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, `Found duplicate access control rule UUIDs: "${uuid(1)}".`);
  assert.equal(d.line, lineOf(accessControlFile(rules), uuid(1), 2));
});

test('distinct override uuids and none on the defaults give nothing', () => {
  const rules = [{}, { uuid: uuid(1) }, { uuid: uuid(2) }];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
