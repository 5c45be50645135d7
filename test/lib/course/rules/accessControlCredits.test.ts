import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

const release = { date: '2026-01-10T00:00' };

test('early deadlines with a due credit below 100% are an error', () => {
  const rules = [{ dateControl: { release, earlyDeadlines: [{ date: '2026-01-15T00:00', credit: 110 }], due: { date: '2026-01-20T00:00', credit: 90 } } }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-early-deadline-credit');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'Early deadlines are not allowed when due date credit is below 100%.');
  assert.equal(d.line, lineOf(accessControlFile(rules), '2026-01-15T00:00'));
});

test('100% or more after the due date, and credit that does not decrease, are errors at the credit', () => {
  const rules = [
    {
      dateControl: {
        release,
        due: { date: '2026-01-20T00:00', credit: 120 },
        lateDeadlines: [
          { date: '2026-01-22T00:00', credit: 100 },
          { date: '2026-01-24T00:00', credit: 100 },
        ],
      },
    },
  ];
  const file = accessControlFile(rules);
  const found = checkAccessControl(rules);
  const [late] = withCode(found, 'access-control-late-credit');
  assert.equal(late.message, 'Credit after the due date must be less than 100%.');
  assert.equal(late.line, lineOf(file, '"credit": 100'));
  assert.equal(late.text, '100');
  const [order] = withCode(found, 'access-control-credit-order');
  assert.equal(order.severity, 'error');
  assert.equal(order.message, 'Deadline credits must strictly decrease over time.');
  assert.equal(order.line, lineOf(file, '"credit": 100', 2));
});

test('an implicit 100% due credit anchors the defaults\' early deadlines', () => {
  const rules = [{ dateControl: { release, earlyDeadlines: [{ date: '2026-01-15T00:00', credit: 100 }], due: { date: '2026-01-20T00:00' } } }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-credit-order');
  assert.equal(d.message, 'Deadline credits must strictly decrease over time.');
});

test('credit order is not checked in a rule whose dates are out of order', () => {
  const rules = [
    {
      dateControl: {
        release,
        due: { date: '2026-01-20T00:00' },
        lateDeadlines: [
          { date: '2026-01-25T00:00', credit: 50 },
          { date: '2026-01-22T00:00', credit: 80 },
        ],
      },
    },
  ];
  const found = checkAccessControl(rules);
  assert.equal(withCode(found, 'access-control-date-order').length, 1);
  assert.deepEqual(withCode(found, 'access-control-credit-order'), []);
});

test('an override\'s own credit is checked against what it inherits from the defaults', () => {
  const rules = [
    { dateControl: { release, due: { date: '2026-01-20T00:00', credit: 80 } } },
    { uuid: uuid(1), dateControl: { lateDeadlines: [{ date: '2026-01-25T00:00', credit: 90 }] } },
  ];
  const [d] = withCode(checkAccessControl(rules), 'access-control-credit-order');
  assert.equal(d.message, 'Deadline credits must strictly decrease over time.');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"credit": 90'));
});

test('strictly decreasing credit below 100% after the due date gives nothing', () => {
  const rules = [
    {
      dateControl: {
        release,
        earlyDeadlines: [{ date: '2026-01-15T00:00', credit: 110 }],
        due: { date: '2026-01-20T00:00' },
        lateDeadlines: [{ date: '2026-01-25T00:00', credit: 80 }],
        afterLastDeadline: { allowSubmissions: true, credit: 20 },
      },
    },
    { uuid: uuid(1), dateControl: { lateDeadlines: [{ date: '2026-01-27T00:00', credit: 60 }] } },
  ];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
