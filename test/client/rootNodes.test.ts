import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CourseInstanceInfo } from '../../client/src/api/types';
import { courseInstanceNode, rootNodes } from '../../client/src/views/rootNodes';

const S = 'https://pl.example.edu';

function info(ci: string, long: string | null, short: string, course = '2', courseShort: string | null = 'CS 225', title: string | null = 'Data Structures'): CourseInstanceInfo {
  return {
    course_instance_id: ci,
    course_instance_long_name: long,
    course_instance_short_name: short,
    course_instance_course_id: course,
    display_timezone: 'America/Chicago',
    course_title: title,
    course_short_name: courseShort,
  };
}

test('a course instance row leads with its long name, its short name beside it, the course in the tooltip', () => {
  const node = courseInstanceNode(S, '3', info('3', 'Fall 2026', 'Fa26'));
  assert.equal(node.label, 'Fall 2026');
  assert.equal(node.description, 'Fa26');
  assert.match(node.tooltip!, /^CS 225: Data Structures\n/);
  assert.match(node.tooltip!, /Time zone: America\/Chicago/);
  assert.equal(node.courseId, '2');
  assert.equal(node.courseName, 'CS 225');
  assert.equal(node.id, `${S}/ci/3`);
  assert.equal(node.webUrl, `${S}/pl/course_instance/3/instructor/instance_admin/assessments`);
  // No long name: the short name leads, and is not repeated.
  const plain = courseInstanceNode(S, '4', info('4', null, 'Sp27'));
  assert.equal(plain.label, 'Sp27');
  assert.equal(plain.description, undefined);
  const failed = courseInstanceNode(S, '3', undefined, 'Access denied (403)');
  assert.equal(failed.id, node.id, 'the same id whether or not it loaded, so expansion survives');
  assert.equal(failed.label, 'Course instance 3');
  assert.equal(failed.webUrl, node.webUrl, 'its page can still be opened, e.g. to see why access is denied');
});

test('instances of one course are the top rows; of several courses they go under a heading per course', () => {
  const one = rootNodes(S, [{ ci: '3', info: info('3', 'Fall 2026', 'Fa26') }, { ci: '4', info: info('4', 'Spring 2027', 'Sp27') }]);
  assert.deepEqual(one.map((n) => n.label), ['Fall 2026', 'Spring 2027']);

  const several = rootNodes(S, [
    { ci: '3', info: info('3', 'Fall 2026', 'Fa26') },
    { ci: '9', info: info('9', 'Fall 2026', 'Fa26', '5', 'CS 101', 'Intro') },
    { ci: '7', problem: 'Access denied (403)' },
    { ci: '4', info: info('4', 'Spring 2027', 'Sp27') },
  ]);
  assert.deepEqual(several.map((n) => [n.label, n.description]), [
    ['CS 225', 'Data Structures'],
    ['CS 101', 'Intro'],
    ['Course instance 7', 'Access denied (403)'],
  ]);
  const [cs225, cs101] = several;
  assert.equal(cs225.contextValue, 'course');
  assert.equal(cs225.courseId, '2');
  assert.equal(cs225.expanded, true);
  assert.equal(cs225.webUrl, `${S}/pl/course/2/course_admin/instances`);
  assert.ok(cs225.children?.kind === 'known' && cs101.children?.kind === 'known');
  assert.deepEqual(cs225.children.nodes.map((n) => n.label), ['Fall 2026', 'Spring 2027']);
  assert.deepEqual(cs101.children.nodes.map((n) => n.id), [`${S}/ci/9`], 'ids stay those of the course instances');
  assert.notEqual(cs225.id, cs101.id);
});

test('a course without names is called by its id', () => {
  const [a] = rootNodes(S, [{ ci: '3', info: info('3', 'Fall', 'Fa', '2', null, null) }, { ci: '9', info: info('9', 'Fall', 'Fa', '5') }]);
  assert.equal(a.label, 'Course 2');
  assert.equal(a.description, undefined);
  assert.match(courseInstanceNode(S, '3', info('3', 'Fall', 'Fa', '2', null, null)).tooltip!, /^Course 2\n/);
});
