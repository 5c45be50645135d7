import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

const release = { date: '2026-01-10T00:00' };

test('a deadline date listed twice is an error at the repeat', () => {
  const rules = [
    {
      dateControl: {
        release,
        due: { date: '2026-01-20T00:00' },
        lateDeadlines: [
          { date: '2026-01-25T00:00', credit: 80 },
          { date: '2026-01-25T00:00', credit: 50 },
        ],
      },
    },
  ];
  const [d] = withCode(checkAccessControl(rules), 'access-control-duplicate-deadline');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'Duplicate late deadline date: 2026-01-25T00:00.');
  assert.equal(d.line, lineOf(accessControlFile(rules), '2026-01-25T00:00', 2));
});

test('dates out of order within a rule are errors at the later date', () => {
  const rules = [
    {
      dateControl: {
        release,
        due: { date: '2026-01-20T00:00' },
        earlyDeadlines: [
          { date: '2026-01-18T00:00', credit: 120 },
          { date: '2026-01-15T00:00', credit: 110 },
          { date: '2026-01-21T00:00', credit: 105 },
        ],
        lateDeadlines: [{ date: '2026-01-19T00:00', credit: 50 }],
      },
    },
  ];
  const file = accessControlFile(rules);
  const found = withCode(checkAccessControl(rules), 'access-control-date-order');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text, d.message]),
    [
      ['error', lineOf(file, '2026-01-21T00:00'), '"2026-01-21T00:00"', 'Early deadline date 2026-01-21T00:00 must be on or before the due date.'],
      ['error', lineOf(file, '2026-01-19T00:00'), '"2026-01-19T00:00"', 'Late deadline date 2026-01-19T00:00 must be on or after the due date.'],
      ['error', lineOf(file, '2026-01-15T00:00'), '"2026-01-15T00:00"', 'Early deadlines must be in chronological order.'],
    ],
  );
});

test('a due date not after the release date is an error, whether or not seconds are given', () => {
  const rules = [{ dateControl: { release: { date: '2026-01-10T00:00' }, due: { date: '2026-01-10T00:00:00' } } }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-date-order');
  assert.equal(d.message, 'Release date must be before due date.');
  assert.equal(d.text, '"2026-01-10T00:00:00"');
});

test('an override due date before the earliest release is a conflict across rules', () => {
  const rules = [
    { dateControl: { release, due: { date: '2026-01-20T00:00' } } },
    { uuid: uuid(1), dateControl: { due: { date: '2026-01-05T00:00' } } },
  ];
  const [d] = withCode(checkAccessControl(rules), 'access-control-date-conflict');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'Due date must be after the earliest possible release date.');
  assert.equal(d.line, lineOf(accessControlFile(rules), '2026-01-05T00:00'));
});

test('a late deadline before another rule\'s due date conflicts, unless some override removes the due date', () => {
  const late = { uuid: uuid(1), dateControl: { lateDeadlines: [{ date: '2026-01-15T00:00', credit: 50 }] } };
  const base = { dateControl: { release, due: { date: '2026-01-20T00:00' } } };
  const [d] = withCode(checkAccessControl([base, late]), 'access-control-date-conflict');
  assert.equal(d.message, 'Late deadline must be on or after the earliest possible due date.');
  const noDue = { uuid: uuid(2), dateControl: { due: { date: null } } };
  assert.deepEqual(withCode(checkAccessControl([base, late, noDue]), 'access-control-date-conflict'), []);
});

test('well-ordered dates give nothing', () => {
  const rules = [
    {
      dateControl: {
        release,
        earlyDeadlines: [
          { date: '2026-01-12T00:00', credit: 120 },
          { date: '2026-01-15T00:00', credit: 110 },
        ],
        due: { date: '2026-01-20T00:00' },
        lateDeadlines: [
          { date: '2026-01-22T00:00', credit: 80 },
          { date: '2026-01-25T00:00:30', credit: 50 },
        ],
      },
    },
    { uuid: uuid(1), dateControl: { due: { date: '2026-01-27T00:00' } } },
  ];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
