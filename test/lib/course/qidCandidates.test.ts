import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadCourse, reloadEntry } from '../../../server/lib/course/course';
import { qidCandidates } from '../../../server/lib/course/features/qidCompletion';
import { BASE_COURSE, writeCourse } from '../../helpers/course';

const question = (n: number, title: string) => ({ uuid: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`, title, topic: 'Basics', type: 'v3' });

test('QID candidates: sorted once per course, templates last, drafts left out; an edited title and a rescan show', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/b/info.json': question(1, 'Bee'),
    'questions/a-b/info.json': question(2, 'Dash'),
    'questions/a/x/info.json': question(3, 'Nested'),
    'questions/template/start/info.json': question(4, 'Starter'),
    'questions/__drafts__/d/info.json': question(5, 'Draft'),
  });
  const course = loadCourse(root);
  const first = qidCandidates(course);
  // Plain string order, not folder order: "a-b" sorts before "a/x".
  assert.deepEqual(first.map((c) => c.value), ['a-b', 'a/x', 'b', 'template/start']);
  assert.deepEqual(first.map((c) => c.detail), ['Dash', 'Nested', 'Bee', 'template question: Starter']);
  assert.equal(qidCandidates(course), first, 'the same list while nothing changed');

  const edited = course.questions.get('b')!;
  fs.writeFileSync(edited.path, JSON.stringify(question(1, 'Bumblebee')));
  reloadEntry(course, edited);
  assert.equal(qidCandidates(course).find((c) => c.value === 'b')!.detail, 'Bumblebee');

  fs.mkdirSync(path.join(root, 'questions/c'));
  fs.writeFileSync(path.join(root, 'questions/c/info.json'), JSON.stringify(question(6, 'Sea')));
  assert.deepEqual(qidCandidates(loadCourse(root)).map((c) => c.value), ['a-b', 'a/x', 'b', 'c', 'template/start']);
});
