import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

const release = { date: '2026-01-10T00:00' };

test('defaults with late deadlines or later submissions but no due date are errors', () => {
  const rules = [
    {
      dateControl: {
        release,
        lateDeadlines: [{ date: '2026-01-25T00:00', credit: 50 }],
        afterLastDeadline: { allowSubmissions: true, credit: 10 },
      },
    },
  ];
  const file = accessControlFile(rules);
  const found = withCode(checkAccessControl(rules), 'access-control-due-date-required');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text, d.message]),
    [
      ['error', lineOf(file, '2026-01-25T00:00'), '"2026-01-25T00:00"', 'Late deadlines require a due date.'],
      ['error', lineOf(file, '"allowSubmissions"'), 'true', 'After-last-deadline behavior requires a due date.'],
    ],
  );
});

test('an override that removes the due date cannot keep late deadlines', () => {
  const rules = [
    { dateControl: { release, due: { date: '2026-01-20T00:00' } } },
    { uuid: uuid(1), dateControl: { due: { date: null }, lateDeadlines: [{ date: '2026-01-25T00:00', credit: 50 }] } },
  ];
  const [d] = withCode(checkAccessControl(rules), 'access-control-due-date-required');
  assert.equal(d.message, 'Late deadlines require a due date.');
});

test('an override inheriting a due date that no rule sets is an error', () => {
  const rules = [{ dateControl: { release } }, { uuid: uuid(1), dateControl: { afterLastDeadline: { allowSubmissions: true, credit: 20 } } }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-due-date-required');
  assert.equal(d.message, 'After-last-deadline behavior requires a due date on at least one rule.');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"allowSubmissions"'));
});

test('late deadlines anchored by an inherited due date give nothing', () => {
  const rules = [
    { dateControl: { release, due: { date: '2026-01-20T00:00' } } },
    { uuid: uuid(1), dateControl: { lateDeadlines: [{ date: '2026-01-25T00:00', credit: 50 }] } },
  ];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
