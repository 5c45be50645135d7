import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

let count = 0;
const question = () => ({
  uuid: `66666666-6666-4666-8666-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
});

test('a QID starting with "@" is an error, even when the file itself is broken', () => {
  const found = withCode(
    checkCourseFiles({
      'questions/@shared/info.json': question(),
      'questions/@nested/deep/info.json': question(),
      'questions/@broken/info.json': '{ "uuid": "66666666-6666-4666-8666-000000000099", ',
    }),
    'qid-starts-with-at',
  );
  assert.deepEqual(
    found.map((d) => [d.severity, d.relPath, d.line]).sort(),
    [
      ['error', 'questions/@broken/info.json', 1],
      ['error', 'questions/@nested/deep/info.json', 1],
      ['error', 'questions/@shared/info.json', 1],
    ],
  );
  const shared = found.find((d) => d.relPath === 'questions/@shared/info.json')!;
  assert.equal(shared.message, "Question IDs are not allowed to begin with '@'. Rename the folder questions/@shared.");
  const nested = found.find((d) => d.relPath === 'questions/@nested/deep/info.json')!;
  assert.match(nested.message, /Rename the folder questions\/@nested\.$/);
});

test('"@" elsewhere in a QID is fine', () => {
  assert.deepEqual(checkCourseFiles({ 'questions/topic/a@b/info.json': question() }), []);
});
