import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadCourse } from '../../../server/lib/course/course';
import { CourseChecker as CourseCheckerCore } from '../../../server/lib/course/checker/courseChecker';
import { newCourseChecker, questionFileCheckers } from '../../../server/lib/questionHtml/courseChecks';
import { soleUuid, uuidMentions } from '../../../server/lib/course/uuid';
import { BASE_COURSE, writeCourse } from '../../helpers/course';

const INFO = { uuid: '11111111-2222-4333-8444-555555555555', title: 'Q', topic: 'Basics', type: 'v3' };
const TWICE = '<pl-number-input answers-name="a"></pl-number-input>\n<pl-number-input answers-name="a"></pl-number-input>\n';

test('the course library checks question files only with the checkers its composer hands it', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/q1/info.json': INFO, 'questions/q1/question.html': TWICE });
  const html = path.join(root, 'questions/q1/question.html');
  const course = loadCourse(root);

  // As the reference sync's status checker: the info files only, as PrairieLearn's sync.
  const core = new CourseCheckerCore();
  assert.deepEqual(core.check(course).filter((d) => d.file === html), []);
  assert.equal(core.questionFileText(html), undefined);

  // Handed the question.html checker, the same checker reports on question.html too.
  const composed = new CourseCheckerCore(questionFileCheckers());
  assert.deepEqual(composed.check(course).filter((d) => d.file === html).map((d) => d.code), ['duplicate-answers-name', 'duplicate-answers-name']);
  assert.equal(composed.questionFileText(html), TWICE);

  // The editor's and pl-check's composition does so by default.
  assert.deepEqual(newCourseChecker().check(course), composed.check(course));
});

test('a UUID in the text of a file that is not JSON counts only when it is the only one and valid', () => {
  assert.equal(soleUuid(uuidMentions('{"uuid": "11111111-2222-4333-8444-555555555555",')), '11111111-2222-4333-8444-555555555555');
  assert.equal(soleUuid(uuidMentions('{"uuid": "not-a-uuid",')), undefined);
  assert.equal(soleUuid(uuidMentions('{"uuid": "11111111-2222-4333-8444-555555555555", "uuid": "11111111-2222-4333-8444-555555555556"')), undefined);
  assert.equal(uuidMentions('{"UUID":"x", "uuid": "y"').length, 2);
});
