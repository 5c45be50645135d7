import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, lineOf, uuid } from './accessControlCourse';
import { isRealDateTime } from '../../../../server/lib/course/rules/accessControlDateValues';

test('dates of the right shape that are no real moment are errors, wherever accessControl takes a date', () => {
  const rules = [
    {
      dateControl: {
        release: { date: '2026-13-01T00:00' },
        due: { date: '2026-04-31T23:59:59' },
        earlyDeadlines: [{ date: '2026-02-29T10:00', credit: 110 }],
        lateDeadlines: [{ date: '2026-05-01T24:00', credit: 50 }],
      },
      afterComplete: { questions: { hidden: true, visibleFromDate: '2026-06-01T10:60' } },
    },
    { uuid: uuid(1), afterComplete: { score: { hidden: true, visibleFromDate: '2026-06-00T10:00' } } },
  ];
  const file = accessControlFile(rules);
  const found = withCode(checkAccessControl(rules), 'access-control-invalid-date');
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text]),
    ['2026-13-01T00:00', '2026-04-31T23:59:59', '2026-02-29T10:00', '2026-05-01T24:00', '2026-06-01T10:60', '2026-06-00T10:00'].map((date) => [
      'error',
      lineOf(file, date),
      `"${date}"`,
    ]),
  );
  assert.match(found[0].message, /^"2026-13-01T00:00" is not a real date and time/);
});

test('real dates, leap days and other shapes (left to the schema) give nothing', () => {
  const rules = [{ dateControl: { release: { date: '2028-02-29T00:00' }, due: { date: '2026-12-31T23:59:59' } } }];
  assert.deepEqual(withCode(checkAccessControl(rules), 'access-control-invalid-date'), []);
  assert.equal(isRealDateTime('2026-01-01'), true, 'not this rule’s shape');
  assert.equal(isRealDateTime('2027-02-29T00:00'), false);
});
