// The bundled server, forked as the extension forks it on a generated course in git, answers API requests
// before any student submission exists: only the demo staff are written before it answers, and the students'
// submissions follow in the background. A test connection to the same PostgreSQL database holds a lock on
// the table the background seed reads first, so "before" is an order of events, not a time; once the lock
// goes, the submissions arrive, with progress over the IPC channel.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { makeCourseRepo, type Files } from './helpers/courseRepo';
import { ensureBundle, forkReferenceServer } from './helpers/forkedServer';
import { postgresUnavailable, startPostgresCluster, type PostgresCluster } from './helpers/postgres';
import { openMigratedDatabase } from '../../../server/apps/referenceServer/db/openDatabase';

const ASSESSMENTS = 6;
const PER_ASSESSMENT = 8;

/** A course of ASSESSMENTS homeworks of PER_ASSESSMENT questions each, every question with a server.py. */
function generatedCourse(): Files {
  const uuid = (kind: number, n: number) => `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const files: Files = {
    'infoCourse.json': { uuid: uuid(1, 0), name: 'GEN 101', title: 'Generated', topics: [{ name: 'T', color: 'red1' }], assessmentSets: [{ abbreviation: 'HW', name: 'Homework', heading: 'Homework', color: 'green1' }] },
    'courseInstances/Fa25/infoCourseInstance.json': { uuid: uuid(2, 0), longName: 'Fall 2025' },
  };
  for (let a = 1; a <= ASSESSMENTS; a++) {
    const ids: string[] = [];
    for (let q = 1; q <= PER_ASSESSMENT; q++) {
      const qid = `a${a}q${q}`;
      ids.push(qid);
      files[`questions/${qid}/info.json`] = { uuid: uuid(3, a * 100 + q), title: qid, topic: 'T', type: 'v3' };
      files[`questions/${qid}/question.html`] = '<pl-question-panel>{{params.x}} + 1</pl-question-panel>\n<pl-integer-input answers-name="y"></pl-integer-input>';
      files[`questions/${qid}/server.py`] = 'def generate(data):\n    data["params"]["x"] = 1\n    data["correct_answers"]["y"] = 2\n';
    }
    files[`courseInstances/Fa25/assessments/HW${a}/infoAssessment.json`] = {
      uuid: uuid(4, a), type: 'Homework', set: 'HW', number: String(a), title: `Homework ${a}`,
      zones: [{ questions: ids.map((id) => ({ id, points: 1, maxPoints: 3 })) }],
    };
  }
  return files;
}

const missing = postgresUnavailable();
let cluster: PostgresCluster | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-first-'));
const repo = makeCourseRepo(generatedCourse());
before(async () => {
  ensureBundle();
  if (!missing) cluster = await startPostgresCluster();
});
after(() => {
  cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(repo, { recursive: true, force: true });
});

test(
  'the server answers before any student submission exists; they follow, assessment by assessment',
  { skip: missing && process.env.CI !== 'true' ? `PostgreSQL tests skipped: ${missing}` : false },
  async () => {
    assert.ok(cluster, missing);
    const url = await cluster.createDatabase(`first_${process.pid}`);
    // Migrated here, so that the lock can be taken before the server starts.
    const { db } = await openMigratedDatabase({ databaseUrl: url });
    await db.close();
    const holder = new pg.Client(url);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE reference_seeded_assessments IN ACCESS EXCLUSIVE MODE');

    const server = await forkReferenceServer(['--data-dir', path.join(work, 'data'), '--database-url', url, '--course-repo', repo, '--port', '0', '--students', '5']).catch(async (err) => {
      await holder.end();
      throw err;
    });
    const { progress } = server;
    try {
      const ci = server.ready.courseInstances[0].id;
      const get = async (p: string) => {
        const res = await server.get(p);
        assert.equal(res.status, 200, p);
        return res.json();
      };
      const instances = async () => {
        const assessments = (await get(`/course_instances/${ci}/assessments`)) as { assessment_id: number }[];
        assert.equal(assessments.length, ASSESSMENTS);
        return (await Promise.all(assessments.map((a) => get(`/course_instances/${ci}/assessments/${a.assessment_id}/assessment_instances`)))).flat() as { assessment_instance_id: number }[];
      };
      assert.deepEqual(await instances(), [], 'the API answers, and no student has an assessment instance yet');
      assert.deepEqual(await get(`/course_instances/${ci}/gradebook`), [], 'nor a gradebook row');
      assert.equal(progress.length, 0, 'the background seed has written nothing');

      await holder.query('COMMIT');
      const finished = await server.progressWhere((p) => p.stage === 'submissions' && p.finished);
      assert.deepEqual({ done: finished.done, total: finished.total }, { done: ASSESSMENTS, total: ASSESSMENTS });
      assert.deepEqual(progress.filter((p) => p.stage === 'submissions' && !p.finished).map((p) => p.done), [1, 2, 3, 4, 5, 6], 'progress after each assessment');
      const late = await instances();
      assert.ok(late.length > 0, 'the students have their instances now');
      const submissions = (await get(`/course_instances/${ci}/assessment_instances/${late[0].assessment_instance_id}/submissions`)) as unknown[];
      assert.ok(Array.isArray(submissions));
      assert.match(server.output(), /demo submissions: 6\/6 assessments/);
    } finally {
      await holder.end();
      await server.stop();
    }
  },
);
