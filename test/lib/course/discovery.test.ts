import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { BASE_COURSE, checkFolder, writeCourse, temporaryFolder } from '../../helpers/course';
import { isTemplateQid, loadCourse } from '../../../server/lib/course/course';
import { findCourseRoots } from '../../../server/lib/course/courseReader';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
const question = () => ({ uuid: uuid(), title: 'Q', topic: 'Basics', type: 'v3' });

test('nested QIDs, course instance ids and assessment ids are paths with "/"', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/top/info.json': question(),
    'questions/a/b/c/info.json': question(),
    'questions/a/d/info.json': question(),
    'courseInstances/2025/fall/infoCourseInstance.json': { uuid: uuid() },
    'courseInstances/2025/fall/assessments/hw/week1/infoAssessment.json': { uuid: uuid(), type: 'Homework', title: 'HW', set: 'Homework', number: '1' },
  });
  const course = loadCourse(root);
  assert.deepEqual([...course.questions.keys()], ['a/b/c', 'a/d', 'top']);
  const q = course.questions.get('a/b/c')!;
  assert.equal(q.relPath, 'questions/a/b/c/info.json');
  assert.equal(q.dir, path.join(root, 'questions/a/b/c'));
  assert.deepEqual([...course.courseInstances.keys()], ['2025/fall']);
  const ci = course.courseInstances.get('2025/fall')!;
  assert.deepEqual([...ci.assessments.keys()], ['hw/week1']);
  const a = ci.assessments.get('hw/week1')!;
  assert.equal(a.courseInstanceId, '2025/fall');
  assert.equal(a.relPath, 'courseInstances/2025/fall/assessments/hw/week1/infoAssessment.json');
  assert.deepEqual(course.missing, []);
});

test('a folder holding its info file is not searched further', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/q/info.json': question(),
    'questions/q/sub/info.json': question(),
    'questions/q/clientFilesQuestion/empty/.keep': '',
    'courseInstances/ci/infoCourseInstance.json': { uuid: uuid() },
    'courseInstances/ci/nested/infoCourseInstance.json': { uuid: uuid() },
  });
  const course = loadCourse(root);
  assert.deepEqual([...course.questions.keys()], ['q']);
  assert.deepEqual([...course.courseInstances.keys()], ['ci']);
  assert.deepEqual(course.missing, []);
});

test('only the deepest folder of an empty subtree is reported as a missing info file', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/x/y/z/notes.txt': 'a file is not an entity',
    'questions/m/ok/info.json': question(),
    'questions/m/empty/.keep': '',
    'courseInstances/ci/infoCourseInstance.json': { uuid: uuid() },
    'courseInstances/ci/assessments/old/.keep': '',
  });
  const course = loadCourse(root);
  assert.deepEqual(
    course.missing.map((m) => `${m.kind} ${m.relPath}`),
    ['question questions/m/empty/info.json', 'question questions/x/y/z/info.json', 'assessment courseInstances/ci/assessments/old/infoAssessment.json'],
  );
  const found = checkFolder(root).filter((d) => d.code === 'missing-info-file');
  assert.deepEqual(
    found.map((d) => d.message),
    [
      'Missing JSON file: questions/m/empty/info.json. Either create the file or delete the questions/m/empty directory.',
      'Missing JSON file: questions/x/y/z/info.json. Either create the file or delete the questions/x/y/z directory.',
      'Missing JSON file: courseInstances/ci/assessments/old/infoAssessment.json. Either create the file or delete the courseInstances/ci/assessments/old directory.',
    ],
  );
  assert.equal(found[0].file, path.join(root, 'questions/m/empty'));
});

test('plain files beside entities and missing questions/ or courseInstances/ folders are fine', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/.DS_Store': 'binary junk', 'questions/README.md': '# notes' });
  assert.deepEqual(checkFolder(root), []);
  assert.deepEqual(checkFolder(writeCourse(BASE_COURSE)), []);
});

test('template/ questions are discovered as ordinary QIDs', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/template/basic/info.json': question(), 'questions/real/info.json': question() });
  const course = loadCourse(root);
  assert.deepEqual([...course.questions.keys()], ['real', 'template/basic']);
  assert.ok(isTemplateQid('template/basic'));
  assert.ok(!isTemplateQid('real'));
  assert.deepEqual(checkFolder(root), []);
});

test('several course roots: found sorted, not inside a course, not in node_modules or hidden folders', () => {
  const parent = temporaryFolder('pl-roots-');
  for (const dir of ['b-course', 'a-course', 'group/c-course', 'a-course/questions/inner', 'node_modules/pkg', '.hidden/d']) {
    writeCourse(BASE_COURSE, path.join(parent, dir));
  }
  assert.deepEqual(findCourseRoots(parent), ['a-course', 'b-course', 'group/c-course'].map((d) => path.join(parent, d)));
  assert.deepEqual(findCourseRoots(path.join(parent, 'a-course')), [path.join(parent, 'a-course')]);
  assert.deepEqual(findCourseRoots(path.join(parent, 'group', 'none-here')), []);
});
