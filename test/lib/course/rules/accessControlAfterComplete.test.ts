import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

const dateControl = { release: { date: '2026-01-10T00:00' }, due: { date: '2026-01-20T00:00' } };

test('reveal dates with hidden: false are errors at "hidden"', () => {
  const rules = [{ dateControl, afterComplete: { questions: { hidden: false, visibleFromDate: '2026-02-01T00:00' } } }];
  const [d] = withCode(checkAccessControl(rules), 'access-control-visibility-date-unused');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'afterComplete.questions cannot have visibleFromDate or visibleUntilDate when hidden is false.');
  assert.equal(d.text, 'false');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"hidden"'));
});

test('reveal dates before the last deadline or in the wrong order are errors', () => {
  const rules = [
    {
      dateControl,
      afterComplete: {
        questions: { hidden: true, visibleFromDate: '2026-01-19T00:00', visibleUntilDate: '2026-01-18T00:00' },
        score: { hidden: true, visibleFromDate: '2026-01-15T00:00' },
      },
    },
  ];
  const file = accessControlFile(rules);
  const found = withCode(checkAccessControl(rules), 'access-control-visibility-date-order');
  assert.deepEqual(
    found.map((d) => [d.line, d.message]),
    [
      [lineOf(file, '2026-01-18T00:00'), 'visibleFromDate must be before visibleUntilDate.'],
      [lineOf(file, '2026-01-19T00:00'), 'Show questions again date must be after the last deadline.'],
      [lineOf(file, '2026-01-15T00:00'), 'Show score again date must be after the last deadline.'],
    ],
  );
});

test('an override showing questions while inheriting a hidden score is a conflict', () => {
  const rules = [
    { dateControl, afterComplete: { questions: { hidden: true }, score: { hidden: true } } },
    { uuid: uuid(1), afterComplete: { questions: { hidden: false } } },
  ];
  const [d] = withCode(checkAccessControl(rules), 'access-control-visibility-conflict');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'Questions cannot be made visible after completion while the score is hidden.');
  assert.equal(d.text, '"questions"');
  assert.equal(d.line, lineOf(accessControlFile(rules), '"questions"', 2));
});

test('questions revealed while the score stays hidden, or before it, are conflicts', () => {
  const never = [{ dateControl, afterComplete: { questions: { hidden: true, visibleFromDate: '2026-02-01T00:00' }, score: { hidden: true } } }];
  assert.match(withCode(checkAccessControl(never), 'access-control-visibility-conflict')[0].message, /^Questions cannot become visible after completion while the score remains hidden\./);
  const later = [
    {
      dateControl,
      afterComplete: { questions: { hidden: true, visibleFromDate: '2026-02-01T00:00' }, score: { hidden: true, visibleFromDate: '2026-02-02T00:00' } },
    },
  ];
  assert.equal(
    withCode(checkAccessControl(later), 'access-control-visibility-conflict')[0].message,
    'The score must become visible on or before the question reveal date.',
  );
});

test('questions and score revealed after the deadline, score first, give nothing', () => {
  const rules = [
    {
      dateControl,
      afterComplete: {
        questions: { hidden: true, visibleFromDate: '2026-02-01T00:00', visibleUntilDate: '2026-03-01T00:00' },
        score: { hidden: true, visibleFromDate: '2026-02-01T00:00' },
      },
    },
    { uuid: uuid(1), afterComplete: { score: { hidden: false } } },
  ];
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
