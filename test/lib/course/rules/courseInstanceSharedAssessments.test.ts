import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCode } from '../../../helpers/course';
import { assessment, checkCourseInstance, courseInstance, lineOf, uuid } from './accessControlCourse';

const hw = (n: number, extra: object = {}) => ({
  [`courseInstances/Fa26/assessments/hw${n}/infoAssessment.json`]: assessment({ uuid: uuid(100 + n), number: String(n), ...extra }),
});

test('a publicly shared course instance with an unshared assessment is an error naming it', () => {
  const ci = courseInstance({ shareSourcePublicly: true });
  const found = withCode(checkCourseInstance(ci, {}, { ...hw(1, { shareSourcePublicly: true }), ...hw(2) }), 'ci-shared-with-unshared-assessments');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].relPath, 'courseInstances/Fa26/infoCourseInstance.json');
  assert.equal(found[0].line, lineOf(ci, '"shareSourcePublicly"'));
  assert.equal(found[0].text, 'true');
  assert.match(found[0].message, /^Course instance is publicly shared but contains assessments which are not publicly shared: hw2\./);
  assert.deepEqual(found[0].related?.map((r) => r.file.endsWith('hw2/infoAssessment.json')), [true]);
});

test('an assessment whose file does not load counts as not shared', () => {
  const ci = courseInstance({ shareSourcePublicly: true });
  const found = checkCourseInstance(ci, {}, { ...hw(1, { shareSourcePublicly: true, title: 7 }) });
  assert.match(withCode(found, 'ci-shared-with-unshared-assessments')[0].message, /: hw1\./);
});

test('a shared course instance whose assessments are all shared, or an unshared one, gives nothing', () => {
  const shared = checkCourseInstance(courseInstance({ shareSourcePublicly: true }), {}, { ...hw(1, { shareSourcePublicly: true }) });
  assert.deepEqual(withCode(shared, 'ci-shared-with-unshared-assessments'), []);
  const unshared = checkCourseInstance(courseInstance(), {}, { ...hw(1) });
  assert.deepEqual(withCode(unshared, 'ci-shared-with-unshared-assessments'), []);
});
