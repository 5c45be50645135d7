import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { accessControlFile, checkAccessControl, codesStartingWith, lineOf, uuid } from './accessControlCourse';

const exams = (...list: object[]) => [{ integrations: { prairieTest: { exams: list } } }];

test('the same exam listed twice is an error at the repeat', () => {
  const rules = exams({ examUuid: uuid(7) }, { examUuid: uuid(7) });
  const [d] = withCode(checkAccessControl(rules), 'access-control-duplicate-exam');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, `Duplicate PrairieTest exam UUID: ${uuid(7)}.`);
  assert.equal(d.line, lineOf(accessControlFile(rules), uuid(7), 2));
});

test('a read-only exam with hidden results, and a hidden score with visible questions, are errors', () => {
  const rules = exams(
    { examUuid: uuid(7), readOnly: true, afterComplete: { questions: { hidden: true } } },
    { examUuid: uuid(8), afterComplete: { score: { hidden: true } } },
  );
  const found = withCode(checkAccessControl(rules), 'access-control-exam-after-complete');
  assert.deepEqual(
    found.map((d) => [d.severity, d.text, d.line]),
    [
      ['error', 'true', lineOf(accessControlFile(rules), '"readOnly"')],
      ['error', 'true', lineOf(accessControlFile(rules), '"hidden"', 2)],
    ],
  );
  assert.match(found[0].message, new RegExp(`^PrairieTest exam ${uuid(7)}: readOnly: true cannot be combined with`));
  assert.equal(found[1].message, `PrairieTest exam ${uuid(8)}: afterComplete.score.hidden: true requires afterComplete.questions.hidden: true.`);
});

test('distinct exams with consistent settings give nothing', () => {
  const rules = exams(
    { examUuid: uuid(7), readOnly: true },
    { examUuid: uuid(8), afterComplete: { questions: { hidden: true }, score: { hidden: true } } },
  );
  assert.deepEqual(codesStartingWith(checkAccessControl(rules), 'access-control-'), []);
});
