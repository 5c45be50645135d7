// The API client against the bundled reference server: every endpoint parses, roles map to typed errors,
// and a sync runs to its end through startSync + syncJob.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PrairieLearnClient } from '../../client/src/api/client';
import { ApiError } from '../../client/src/api/errors';
import { startReference, type Running } from '../apps/referenceServer/helpers/server';

let ref: Running;
let ci: string;
const client = (uid = 'instructor@example.com', token?: string) =>
  new PrairieLearnClient({ serverUrl: ref.base.replace(/\/pl\/api\/v1$/, ''), token: token ?? ref.token(uid), retry: { baseDelayMs: 5 } });

before(async () => {
  ref = await startReference({ kind: 'pglite' });
  const rows = await ref.app.db.query('SELECT id FROM course_instances WHERE course_id = $1 ORDER BY id', [ref.courseId]);
  ci = String((rows as Array<{ id: string | number }>)[0].id);
});
after(() => ref?.close());

test('every read endpoint answers in the documented shape, ids as strings', async () => {
  const pl = client();
  const info = await pl.courseInstance(ci);
  assert.equal(info.course_instance_id, ci);
  assert.equal(info.course_instance_course_id, ref.courseId);
  const assessments = await pl.assessments(ci);
  assert.ok(assessments.length > 0);
  const a = assessments[0];
  assert.equal(typeof a.assessment_id, 'string');
  assert.equal(a.assessment_label, a.assessment_set_abbreviation + a.assessment_number);
  assert.deepEqual(await pl.assessment(ci, a.assessment_id), a);
  assert.ok(Array.isArray(await pl.assessmentAccessRules(ci, a.assessment_id)));
  assert.ok(Array.isArray(await pl.courseInstanceAccessRules(ci)));
  const instances = (await Promise.all(assessments.map((x) => pl.assessmentInstances(ci, x.assessment_id)))).flat();
  assert.ok(instances.length > 0, 'the seeded students have assessment instances');
  const ai = instances[0];
  assert.equal((await pl.assessmentInstance(ci, ai.assessment_instance_id)).assessment_instance_id, ai.assessment_instance_id);
  assert.ok(Array.isArray(await pl.instanceQuestions(ci, ai.assessment_instance_id)));
  assert.ok(Array.isArray(await pl.log(ci, ai.assessment_instance_id)));
  const submissions = (await Promise.all(instances.map((x) => pl.submissions(ci, x.assessment_instance_id)))).flat();
  assert.ok(submissions.length > 0);
  assert.equal((await pl.submission(ci, submissions[0].submission_id)).submission_id, submissions[0].submission_id);
  const gradebook = await pl.gradebook(ci);
  assert.ok(gradebook.some((row) => row.assessments.length === assessments.length));
});

test('roles and tokens map to typed errors', async () => {
  const kind = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      assert.ok(err instanceof ApiError);
      return err.kind;
    }
    return 'ok';
  };
  assert.equal(await kind(client('', 'not-a-token').courseInstance(ci)), 'unauthorized');
  assert.equal(await kind(client('', 'not-a-token').checkToken()), 'unauthorized');
  assert.equal(await kind(client('ta@example.com').checkToken()), 'ok');
  assert.equal(await kind(client('previewer@example.com').gradebook(ci)), 'forbidden');
  assert.equal(await kind(client('previewer@example.com').assessments(ci)), 'ok');
  assert.equal(await kind(client('ta@example.com').startSync(ref.courseId)), 'forbidden');
  assert.equal(await kind(client().assessment(ci, '999999')), 'notFound');
});

test('a sync started through the client runs to Success', async () => {
  const pl = client();
  const { job_sequence_id } = await pl.startSync(ref.courseId);
  let job = await pl.syncJob(ref.courseId, job_sequence_id);
  for (let i = 0; job.status === 'Running' && i < 200; i++) {
    await new Promise((r) => setTimeout(r, 50));
    job = await pl.syncJob(ref.courseId, job_sequence_id);
  }
  assert.equal(job.status, 'Success');
  assert.match(job.output ?? '', /Course sync successful/);
});
