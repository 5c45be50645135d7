import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

let count = 0;
const question = (sharingSets: string[]) => ({
  uuid: `77777777-7777-4777-8777-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
  sharingSets,
});
const courseInfo = (extra: object) => ({
  'infoCourse.json': { name: 'TST 101', title: 'Test', topics: [{ name: 'Basics', color: 'blue1' }], ...extra },
});

test('a sharing set missing from infoCourse.json is an error on that set, pointing at the declarations', () => {
  const diagnostics = checkCourseFiles({
    ...courseInfo({ sharingSets: [{ name: 'public' }] }),
    'questions/q1/info.json': question(['public', 'secret', 'other']),
  });
  const found = withCode(diagnostics, 'undeclared-sharing-set');
  assert.deepEqual(
    found.map((d) => [d.severity, d.relPath, d.line, d.text]),
    [
      ['error', 'questions/q1/info.json', 8, '"secret"'],
      ['error', 'questions/q1/info.json', 9, '"other"'],
    ],
  );
  assert.match(found[0].message, /^Sharing set secret does not exist in this course\./);
  assert.equal(found[0].related?.[0].message, 'Sharing sets are declared here');
  assert.match(found[0].related![0].file, /infoCourse\.json$/);
  assert.deepEqual(found[0].data, { name: 'secret' });
});

test('a course without any sharing sets makes every listed set an error', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question(['public']) }), 'undeclared-sharing-set');
  assert.equal(found.length, 1);
  assert.equal(found[0].related?.[0].message, 'infoCourse.json has no "sharingSets" list yet');
});

test('skipped while infoCourse.json has errors', () => {
  const diagnostics = checkCourseFiles({
    ...courseInfo({ sharingSets: [{ name: 'public' }], unknownProperty: 1 }),
    'questions/q1/info.json': question(['secret']),
  });
  assert.ok(withCode(diagnostics, 'schema-violation').length > 0);
  assert.deepEqual(withCode(diagnostics, 'undeclared-sharing-set'), []);
});

test('declared sharing sets give nothing', () => {
  const diagnostics = checkCourseFiles({
    ...courseInfo({ sharingSets: [{ name: 'public', description: 'Everyone' }, { name: 'partners' }] }),
    'questions/q1/info.json': question(['public', 'partners']),
  });
  assert.deepEqual(diagnostics, []);
});
