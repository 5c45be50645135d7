// The sync writes each kind of row with one statement (writeQuestions.ts, writeAssessment.ts, namedEntities.ts,
// syncedRows.ts). What row-by-row writing gave must stay: new rows get ids in file order, tags and topics their
// numbers in order, a file with errors keeps its entity's last good data, and a second sync of the same files
// changes nothing.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { openMigratedDatabase } from '../../../server/apps/referenceServer/db/openDatabase';
import type { Database } from '../../../server/apps/referenceServer/db/database';
import { addCourse } from '../../../server/apps/referenceServer/courses';
import { readDiskCourse } from '../../../server/apps/referenceServer/sync/diskCourse';
import { writeCourse } from '../../../server/apps/referenceServer/sync/writeCourse';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-sync-writes-'));
const root = path.join(work, 'course');
let db: Database;
let courseId: string;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function write(rel: string, value: unknown): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}
const question = (n: number, title: string, tags: string[]) => ({ uuid: uuid(n), title, topic: 'Sums', tags, type: 'v3' });

async function sync(): Promise<void> {
  const disk = readDiskCourse(root);
  await db.transaction((tx) => writeCourse(tx, courseId, disk, (_label, fn) => fn()));
}

before(async () => {
  write('infoCourse.json', {
    uuid: uuid(99),
    name: 'W 101',
    title: 'Writes',
    topics: [{ name: 'Sums', color: 'blue1', description: 'Sums.' }, { name: 'Products', color: 'red1', description: 'Products.' }],
    tags: [{ name: 'easy', color: 'green1', description: 'Easy.' }, { name: 'hard', color: 'red2', description: 'Hard.' }],
  });
  for (const [n, qid, tags] of [[1, 'alpha', ['hard', 'easy']], [2, 'beta', ['easy']], [3, 'gamma/delta', []]] as const) {
    write(`questions/${qid}/info.json`, question(n, `Q ${qid}`, [...tags]));
    write(`questions/${qid}/question.html`, '<pl-question-panel>1+1</pl-question-panel>');
  }
  write('courseInstances/Sp26/infoCourseInstance.json', { uuid: uuid(50), longName: 'Spring' });
  write('courseInstances/Sp26/assessments/HW1/infoAssessment.json', {
    uuid: uuid(60),
    type: 'Homework',
    title: 'Homework 1',
    set: 'Homework',
    number: '1',
    zones: [
      { title: 'First', questions: [{ id: 'alpha', points: 1, maxPoints: 1 }, { id: 'beta', points: 2, maxPoints: 2 }] },
      { title: 'Second', questions: [{ id: 'gamma/delta', points: 3, maxPoints: 3 }] },
    ],
  });
  ({ db } = await openMigratedDatabase({ dataDir: path.join(work, 'pgdata') }));
  courseId = await addCourse(db, path.join(work, 'courses'), 'unused', 'master');
  await sync();
});
after(async () => {
  await db?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('new questions get ids in file order; topics, tags and question tags their numbers in order', async () => {
  const questions = await db.query('SELECT id, qid, title, uuid::text AS uuid FROM questions ORDER BY id');
  assert.deepEqual(
    questions.map((q) => [q.qid, q.title, q.uuid]),
    [['alpha', 'Q alpha', uuid(1)], ['beta', 'Q beta', uuid(2)], ['gamma/delta', 'Q gamma/delta', uuid(3)]],
  );
  assert.deepEqual((await db.query('SELECT name, number FROM topics ORDER BY id')).map((t) => [t.name, t.number]), [['Sums', 1], ['Products', 2]]);
  const tags = await db.query('SELECT q.qid, t.name, qt.number FROM question_tags qt JOIN questions q ON q.id = qt.question_id JOIN tags t ON t.id = qt.tag_id ORDER BY qt.id');
  assert.deepEqual(tags.map((t) => [t.qid, t.name, t.number]), [['alpha', 'hard', 1], ['alpha', 'easy', 2], ['beta', 'easy', 1]]);
  const aqs = await db.query(
    `SELECT q.qid, aq.number, aq.max_points, z.title AS zone FROM assessment_questions aq JOIN questions q ON q.id = aq.question_id
     JOIN alternative_groups g ON g.id = aq.alternative_group_id JOIN zones z ON z.id = g.zone_id ORDER BY aq.id`,
  );
  assert.deepEqual(aqs.map((a) => [a.qid, a.number, a.max_points, a.zone]), [['alpha', 1, 1, 'First'], ['beta', 2, 2, 'First'], ['gamma/delta', 3, 3, 'Second']]);
});

test('a second sync of the same files changes no row', async () => {
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        ['questions', 'question_tags', 'topics', 'tags', 'assessment_sets', 'assessments', 'zones', 'alternative_groups', 'assessment_questions'].map((t) =>
          db.query(`SELECT * FROM ${t} ORDER BY id`),
        ),
      ),
    );
  const before = await snapshot();
  await sync();
  assert.equal(await snapshot(), before);
});

test('files with errors (a question used twice, broken JSON) keep their last good rows; the others are written, tags too', async () => {
  const [{ id: alphaId }] = await db.query("SELECT id FROM questions WHERE qid = 'alpha'");
  const [{ id: firstRow }] = await db.query('SELECT id FROM assessment_questions WHERE question_id = $1', [alphaId]);
  write('courseInstances/Sp26/assessments/HW1/infoAssessment.json', {
    uuid: uuid(60),
    type: 'Homework',
    title: 'Homework 1',
    set: 'Homework',
    number: '1',
    zones: [
      { title: 'First', questions: [{ id: 'alpha', points: 1, maxPoints: 1 }, { id: 'beta', points: 2, maxPoints: 2 }] },
      { title: 'Second', questions: [{ id: 'alpha', points: 7, maxPoints: 7 }] },
    ],
  });
  write('questions/beta/info.json', '{ "uuid": "' + uuid(2) + '", "title": ');
  write('questions/alpha/info.json', question(1, 'Q alpha renamed', ['easy']));
  await sync();
  const disk = readDiskCourse(root);
  const hw = disk.courseInstances[0].assessments[0];
  const aqs = await db.query(
    `SELECT aq.id, q.qid, aq.number, aq.max_points, aq.deleted_at FROM assessment_questions aq JOIN questions q ON q.id = aq.question_id ORDER BY aq.id`,
  );
  // PrairieLearn refuses a question used twice in one assessment: the file has an error, and the assessment
  // keeps its last good rows (so the writer never meets the repeat).
  assert.match(hw.errors.join('\n'), /used more than once: "alpha"/);
  assert.equal(hw.data, undefined);
  assert.deepEqual(
    aqs.map((a) => [a.id === firstRow ? 'first' : a.qid, a.number, a.max_points, a.deleted_at]),
    [['first', 1, 1, null], ['beta', 2, 2, null], ['gamma/delta', 3, 3, null]],
  );
  const questions = await db.query('SELECT qid, title, sync_errors FROM questions ORDER BY id');
  assert.equal(questions[0].title, 'Q alpha renamed');
  assert.equal(questions[1].title, 'Q beta', 'the broken file keeps its last good title');
  assert.ok(questions[1].sync_errors);
  const tags = await db.query('SELECT q.qid, t.name, qt.number FROM question_tags qt JOIN questions q ON q.id = qt.question_id JOIN tags t ON t.id = qt.tag_id ORDER BY q.qid, qt.number');
  assert.deepEqual(tags.map((t) => [t.qid, t.name, t.number]), [['alpha', 'easy', 1], ['beta', 'easy', 1]]);
});
