import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

test('defaults with dateControl but no release date are an error', () => {
  const rules = [{ dateControl: { durationMinutes: 60 } }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-release-required');
  assert.equal(d.severity, 'error');
  assert.equal(d.text, '"dateControl"');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"dateControl"'));
  assert.equal(d.message, 'Release date is required on the defaults when dateControl is specified.');
});

test('beforeRelease and integrations on an override are errors on their keys', () => {
  const rules = [
    {},
    { uuid: uuid(1), beforeRelease: { listed: true }, integrations: { prairieTest: { exams: [{ examUuid: uuid(2) }] } } },
  ];
  const found = withCode(checkAccessControl(rules), 'access-control-defaults-only');
  assert.deepEqual(
    found.map((d) => [d.severity, d.text, d.line, d.message]),
    [
      ['error', '"beforeRelease"', lineOf(accessControlFile(rules), '"beforeRelease"'), 'beforeRelease can only be specified on the defaults.'],
      ['error', '"integrations"', lineOf(accessControlFile(rules), '"integrations"'), 'integrations can only be specified on the defaults.'],
    ],
  );
});

test('release date, beforeRelease and integrations on the defaults give nothing', () => {
  const rules = [
    {
      beforeRelease: { listed: true },
      dateControl: { release: { date: '2026-01-10T00:00' } },
      integrations: { prairieTest: { exams: [{ examUuid: uuid(2) }] } },
    },
    { uuid: uuid(1), dateControl: { durationMinutes: 90 } },
  ];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
