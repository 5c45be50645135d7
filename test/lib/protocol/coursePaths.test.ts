// The one walk from a path to its course root and question, on real folders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { courseRootOf, qidOf, questionOf } from '../../../server/lib/protocol';

function tree(files: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'course-paths-'));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), '{}');
  }
  return root;
}

test('course root: the nearest folder at or above the path holding infoCourse.json; none when there is none', (t) => {
  const root = tree(['c/infoCourse.json', 'c/questions/q1/info.json', 'c/questions/q1/question.html', 'other/x.txt']);
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const c = path.join(root, 'c');
  assert.equal(courseRootOf(c), c);
  assert.equal(courseRootOf(path.join(c, 'questions/q1/question.html')), c);
  assert.equal(courseRootOf(path.join(root, 'other/x.txt')), undefined);
  // A folder named infoCourse.json is no course.
  fs.mkdirSync(path.join(root, 'other/infoCourse.json'));
  assert.equal(courseRootOf(path.join(root, 'other/x.txt')), undefined);
});

test('question: the nearest folder with info.json under questions/ of its course, nested QIDs included', (t) => {
  const root = tree([
    'c/infoCourse.json',
    'c/questions/q1/info.json',
    'c/questions/q1/clientFilesQuestion/fig.png',
    'c/questions/topic/nested/info.json',
    'c/questions/topic/nested/server.py',
    'c/courseInstances/ci/infoCourseInstance.json',
    'c/elements/pl-x/info.json',
    'lone/questions/q/info.json',
  ]);
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const c = path.join(root, 'c');
  const q1 = { courseRoot: c, questionDir: path.join(c, 'questions/q1'), qid: 'q1' };
  assert.deepEqual(questionOf(path.join(c, 'questions/q1')), q1);
  assert.deepEqual(questionOf(path.join(c, 'questions/q1/info.json')), q1);
  assert.deepEqual(questionOf(path.join(c, 'questions/q1/clientFilesQuestion/fig.png')), q1);
  assert.deepEqual(questionOf(path.join(c, 'questions/topic/nested/server.py')), { courseRoot: c, questionDir: path.join(c, 'questions/topic/nested'), qid: 'topic/nested' });
  assert.equal(questionOf(path.join(c, 'courseInstances/ci/infoCourseInstance.json')), undefined);
  assert.equal(questionOf(path.join(c, 'elements/pl-x/info.json')), undefined, 'an info.json outside questions/');
  assert.equal(questionOf(path.join(root, 'lone/questions/q/info.json')), undefined, 'no course above');
});

test('an overlay answers instead of the disk (the language server\'s open editors)', () => {
  const files = new Set(['/w/c/infoCourse.json', '/w/c/questions/a/b/info.json']);
  const isFile = (p: string) => files.has(p);
  assert.equal(courseRootOf('/w/c/questions/a/b/question.html', isFile), '/w/c');
  assert.deepEqual(questionOf('/w/c/questions/a/b/question.html', isFile), { courseRoot: '/w/c', questionDir: '/w/c/questions/a/b', qid: 'a/b' });
});

test('qidOf: the path below questions/, or nothing outside it', () => {
  assert.equal(qidOf('/c', '/c/questions/x/y'), 'x/y');
  assert.equal(qidOf('/c', '/c/questions'), undefined);
  assert.equal(qidOf('/c', '/c/questionsX/y'), undefined);
  assert.equal(qidOf('/c', '/d/questions/y'), undefined);
});
