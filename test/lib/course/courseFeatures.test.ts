// The course-level logic behind references, rename, symbols and fixes, as plain functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadCourse } from '../../../server/lib/course/course';
import { qidUseCounts, useCounts, usesOf } from '../../../server/lib/course/features/courseUses';
import { changedSpan, infoFileFixes } from '../../../server/lib/course/features/fixAll';
import { nearestName } from '../../../server/lib/course/features/nearestName';
import { isRefusal, qidRefusal, qidsMovedWithFolder, renameQuestion } from '../../../server/lib/course/features/renameEdits';
import { questionOfFile } from '../../../server/lib/course/features/usedThing';
import { workspaceSymbols } from '../../../server/lib/course/features/workspaceSymbols';
import { nodeCourseReader } from '../../../server/lib/course/courseReader';
import { BASE_COURSE, writeCourse } from '../../helpers/course';

const question = (n: number, title: string, extra = {}) => ({ uuid: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`, title, topic: 'Basics', type: 'v3', ...extra });

function course() {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/a/one/info.json': question(1, 'One', { tags: ['x', 'x'] }),
    'questions/a/two/info.json': question(2, 'Two'),
    'questions/solo/info.json': question(3, 'Solo'),
    'courseInstances/S/infoCourseInstance.json': { uuid: '21111111-1111-4111-8111-111111111111', longName: 'Spring' },
    'courseInstances/S/assessments/hw/infoAssessment.json': {
      uuid: '31111111-1111-4111-8111-111111111111',
      type: 'Homework',
      title: 'Homework one',
      set: 'Homework',
      number: '1',
      zones: [{ questions: [{ id: 'a/one' }, { alternatives: [{ id: 'a/two' }, { id: 'a/one' }] }] }, { questions: [{ id: 'solo' }] }],
    },
  });
  return { root, course: loadCourse(root) };
}

test('uses of a QID: zone questions and alternatives, each counted once per assessment', () => {
  const { course: c } = course();
  assert.deepEqual(usesOf(c, { type: 'qid', qid: 'a/one' }).map((u) => u.path.join('.')), ['zones.0.questions.0.id', 'zones.0.questions.1.alternatives.1.id']);
  assert.equal(qidUseCounts(c).get('a/one'), 1);
  assert.equal(useCounts(c, 'tags').get('x'), 1, 'a question naming a tag twice counts once');
  assert.equal(useCounts(c, 'topics').get('Basics'), 3);
});

test('QID renames: refusals, the folder move, and the emptied folder', () => {
  const { root, course: c } = course();
  const refusal = (to: string) => qidRefusal(c, nodeCourseReader, 'solo', to);
  assert.match(refusal('a/two')!, /already exists/);
  assert.match(refusal('a/two/deeper')!, /inside the question "a\/two"/);
  assert.match(refusal('a')!, /already holds other questions/);
  assert.match(refusal('x/../y')!, /is not a QID/);
  assert.equal(refusal('b/solo'), undefined);

  const plan = renameQuestion(c, nodeCourseReader, 'a/one', 'b/one');
  assert.ok(!isRefusal(plan));
  assert.equal(plan.move.to, path.join(root, 'questions/b/one'));
  assert.equal(plan.removeFolder, undefined, 'a/ still holds a/two');
  assert.equal(plan.edits[0].edits.length, 2);
  const solo = renameQuestion(c, nodeCourseReader, 'a/two', 'c/two');
  assert.ok(!isRefusal(solo) && solo.removeFolder === undefined);
});

test('a folder move takes the questions under it; out of questions/ or into a question it takes none', () => {
  const { root, course: c } = course();
  const q = (rel: string) => path.join(root, 'questions', rel);
  assert.deepEqual([...qidsMovedWithFolder(c, q('a'), q('b/a'))!], [['a/one', 'b/a/one'], ['a/two', 'b/a/two']]);
  assert.equal(qidsMovedWithFolder(c, q('a'), path.join(root, 'attic')), undefined);
  assert.equal(qidsMovedWithFolder(c, q('a/one'), q('solo/one')), undefined);
  assert.equal(questionOfFile(c, q('a/one/question.html'))?.id, 'a/one');
  assert.equal(questionOfFile(c, q('a')), undefined);
});

test('nearest name: a few edits away, case aside, or the one QID with that last part', () => {
  assert.equal(nearestName('addNumbrs', ['addNumbers', 'geometry/area']), 'addNumbers');
  assert.equal(nearestName('ADDNUMBERS', ['addNumbers']), 'addNumbers');
  assert.equal(nearestName('tirangle', ['triangle', 'rectangle']), 'triangle', 'a swap is one edit');
  assert.equal(nearestName('area', ['geometry/area', 'x']), 'geometry/area');
  assert.equal(nearestName('area', ['geometry/area', 'other/area']), undefined, 'two folders: no guess');
  assert.equal(nearestName('something', ['addNumbers']), undefined);
});

test('workspace symbols: by id first, else by title, within a limit', () => {
  const { course: c } = course();
  assert.deepEqual(workspaceSymbols(c, 'solo').map((s) => [s.kind, s.name]), [['question', 'solo']]);
  assert.deepEqual(workspaceSymbols(c, 'homework one').map((s) => [s.name, s.container]), [['Homework one', 'S/hw']]);
  assert.equal(workspaceSymbols(c, '', 2).length, 2);
});

test('fix all: one UUID edit, and declarations added one after the other with their own colors', () => {
  const info = '{\n  "topics": [\n    { "name": "Basics", "color": "blue1" }\n  ]\n}\n';
  const fixes = infoFileFixes('{ "title": "t" }', info, [
    { code: 'uuid-missing' },
    { code: 'undeclared-topic', data: { kind: 'topic', name: 'Extra' } },
    { code: 'undeclared-tag', data: { kind: 'tag', name: 'new' } },
    { code: 'undeclared-tag', data: { kind: 'tag', name: 'new' } },
  ]);
  assert.equal(fixes.own.length, 1);
  const after = info.slice(0, fixes.infoCourse!.start) + fixes.infoCourse!.newText + info.slice(fixes.infoCourse!.end);
  const parsed = JSON.parse(after);
  assert.deepEqual(parsed.topics.map((t: { name: string }) => t.name), ['Basics', 'Extra']);
  assert.deepEqual(parsed.tags.map((t: { name: string }) => t.name), ['new']);
  assert.deepEqual(changedSpan('abcXdef', 'abcYYdef'), { start: 3, end: 4, newText: 'YY' });
});
