import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

let count = 0;
const question = (extra: object) => ({
  uuid: `55555555-5555-4555-8555-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
  ...extra,
});
const COURSE_WITH_SET = {
  'infoCourse.json': { name: 'TST 101', title: 'Test', topics: [{ name: 'Basics', color: 'blue1' }], sharingSets: [{ name: 'public' }] },
};

test('a draft question in a sharing set is an error on "sharingSets"', () => {
  const found = withCode(
    checkCourseFiles({ ...COURSE_WITH_SET, 'questions/__drafts__/d1/info.json': question({ sharingSets: ['public'] }) }),
    'draft-question-in-sharing-set',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].relPath, 'questions/__drafts__/d1/info.json');
  assert.equal(found[0].line, 6);
  assert.equal(found[0].text, '"sharingSets"');
  assert.match(found[0].message, /^Draft questions cannot be added to sharing sets\./);
});

test('a publicly shared draft question is an error on each sharing flag', () => {
  const found = withCode(
    checkCourseFiles({ 'questions/__drafts__/d1/info.json': question({ sharePublicly: true, shareSourcePublicly: true }) }),
    'draft-question-shared-publicly',
  );
  assert.deepEqual(
    found.map((d) => [d.severity, d.line, d.text]),
    [
      ['error', 6, '"sharePublicly"'],
      ['error', 7, '"shareSourcePublicly"'],
    ],
  );
  assert.match(found[0].message, /^Draft questions cannot be publicly shared\./);
});

test('shared non-draft questions, and unshared drafts, give nothing', () => {
  const diagnostics = checkCourseFiles({
    ...COURSE_WITH_SET,
    'questions/shared/info.json': question({ sharingSets: ['public'], sharePublicly: true, shareSourcePublicly: true }),
    'questions/__drafts__/d1/info.json': question({ sharingSets: [], sharePublicly: false }),
  });
  assert.deepEqual(diagnostics, []);
});
