// The reference server's instructor API, route by route, against PrairieLearn's fields and behaviour,
// on each database backend. Over 400 lines: every test shares one server start per backend (a seeded
// course and its sync), so the routes stay in one file rather than paying for that start twice.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hashToken } from '../../../server/apps/referenceServer/api/auth';
import { onEachBackend } from './helpers/backends';
import { startReference, type Running } from './helpers/server';
import * as S from './helpers/apiShapes';

const CI = '/course_instances/1';

async function json(res: Response): Promise<any> {
  const text = await res.text();
  assert.ok(!text.endsWith('\n'), 'no trailing newline');
  return JSON.parse(text);
}

async function ok(r: Running, path: string): Promise<any> {
  const res = await r.get(path);
  assert.equal(res.status, 200, `${path} → ${res.status}`);
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  const text = await res.text();
  assert.equal(text, JSON.stringify(JSON.parse(text), null, 2), `${path}: 2-space pretty JSON`);
  return JSON.parse(text);
}

onEachBackend((backend) => {
  let r: Running;
  before(async () => {
    r = await startReference(await backend(), { students: 6 });
  });
  after(() => r?.close());

  test('course instance info: fields, order and values', async () => {
    const body = await ok(r, CI);
    S.assertShape(body, S.COURSE_INSTANCE_INFO, 'course instance');
    assert.deepEqual(body, {
      course_instance_id: '1',
      course_instance_long_name: 'Fall 2025',
      course_instance_short_name: 'Fa25',
      course_instance_course_id: r.courseId,
      display_timezone: 'Asia/Kolkata',
      course_title: 'Test Course',
      course_short_name: 'TEST 101',
      deleted_at: null,
    });
    // Express routing: trailing slash and letter case do not matter.
    assert.equal((await r.get(CI + '/')).status, 200);
    assert.equal((await r.get('/COURSE_INSTANCES/1/Assessments')).status, 200);
  });

  test('course instance access rules: format-1 dates in the instance zone', async () => {
    const rules = await ok(r, `${CI}/course_instance_access_rules`);
    assert.equal(rules.length, 1);
    S.assertShape(rules[0], S.COURSE_INSTANCE_ACCESS_RULE, 'ci access rule');
    assert.equal(rules[0].start_date, '2025-08-25T00:00:01+05:30');
    assert.equal(rules[0].end_date, '2025-12-20T23:59:59+05:30');
    assert.equal(rules[0].course_instance_access_rule_number, 1);
  });

  test('assessments: list order, labels, string numbers; single; unknown and non-numeric ids', async () => {
    const list = await ok(r, `${CI}/assessments`);
    assert.deepEqual(list.map((a: any) => a.assessment_label), ['HW1', 'E1']);
    for (const a of list) S.assertShape(a, S.ASSESSMENT, 'assessment');
    assert.equal(list[0].assessment_number, '1');
    assert.equal(list[1].assessment_set_heading, 'Exams');
    const one = await ok(r, `${CI}/assessments/${list[1].assessment_id}`);
    assert.deepEqual(one, list[1]);
    const missing = await r.get(`${CI}/assessments/999999`);
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), '{\n  "message": "Not Found"\n}');
    assert.equal((await r.get(`${CI}/assessments/abc`)).status, 404);
  });

  test('assessment access rules: fields; unknown assessment gives []', async () => {
    const list = await ok(r, `${CI}/assessments`);
    const exam = list.find((a: any) => a.type === 'Exam');
    const rules = await ok(r, `${CI}/assessments/${exam.assessment_id}/assessment_access_rules`);
    assert.equal(rules.length, 1);
    S.assertShape(rules[0], S.ASSESSMENT_ACCESS_RULE, 'assessment access rule');
    assert.equal(rules[0].time_limit_min, 60);
    assert.equal(rules[0].mode, 'Public');
    assert.equal(rules[0].credit, 100);
    assert.equal(rules[0].start_date, '2025-10-01T09:00:00+05:30');
    assert.equal(rules[0].assessment_label, 'E1');
    assert.deepEqual(await ok(r, `${CI}/assessments/999999/assessment_access_rules`), []);
  });

  test('assessment instances: fields, order, highest_score, time_remaining; single instance', async () => {
    const list = await ok(r, `${CI}/assessments`);
    for (const a of list) {
      const instances = await ok(r, `${CI}/assessments/${a.assessment_id}/assessment_instances`);
      assert.ok(instances.length > 0, `instances of ${a.assessment_label}`);
      const uids = instances.map((i: any) => i.user_uid);
      assert.deepEqual(uids, [...uids].sort(), 'ordered by uid');
      for (const i of instances) {
        S.assertShape(i, S.ASSESSMENT_INSTANCE, 'assessment instance');
        assert.equal(i.assessment_label, a.assessment_label);
        assert.equal(i.user_role, 'Student');
        assert.equal(i.highest_score, true, 'one instance per student');
        assert.equal(i.time_remaining, a.type === 'Exam' ? 'Closed' : 'Open');
        assert.equal(i.group_uids, null);
      }
      const single = await ok(r, `${CI}/assessment_instances/${instances[0].assessment_instance_id}`);
      assert.deepEqual({ ...single, time_remaining: null }, { ...instances[0], time_remaining: null });
    }
    assert.deepEqual(await ok(r, `${CI}/assessments/999999/assessment_instances`), []);
    const missing = await r.get(`${CI}/assessment_instances/999999`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await json(missing), { message: 'Not Found' });
  });

  test('time_remaining counts whole minutes to the time limit', async () => {
    const [ai] = await r.app.db.query('SELECT id FROM assessment_instances ORDER BY id LIMIT 1');
    await r.app.db.query(
      `UPDATE assessment_instances SET open = true, date_limit = now() + interval '12 minutes 30 seconds' WHERE id = $1`,
      [ai.id],
    );
    const body = await ok(r, `${CI}/assessment_instances/${ai.id}`);
    assert.equal(body.time_remaining, '12 min');
    await r.app.db.query(`UPDATE assessment_instances SET date_limit = now() - interval '5 minutes' WHERE id = $1`, [ai.id]);
    assert.equal((await ok(r, `${CI}/assessment_instances/${ai.id}`)).time_remaining, '0 min');
  });

  test('gradebook: every student × every assessment, in PrairieLearn order', async () => {
    const book = await ok(r, `${CI}/gradebook`);
    const assessments = await ok(r, `${CI}/assessments`);
    assert.equal(book.length, 6, 'the six enrolled students');
    const uids = book.map((u: any) => u.user_uid);
    assert.deepEqual(uids, [...uids].sort());
    for (const u of book) {
      S.assertShape(u, S.GRADEBOOK_USER, 'gradebook user');
      assert.equal(u.user_role, 'Student');
      assert.deepEqual(u.assessments.map((a: any) => a.assessment_id), assessments.map((a: any) => a.assessment_id));
      for (const cell of u.assessments) {
        S.assertShape(cell, S.GRADEBOOK_CELL, 'gradebook cell');
        if (cell.assessment_instance_id === null) assert.equal(cell.score_perc, null);
      }
    }
    const withScore = book.flatMap((u: any) => u.assessments).find((c: any) => c.assessment_instance_id);
    const instance = await ok(r, `${CI}/assessment_instances/${withScore.assessment_instance_id}`);
    assert.equal(withScore.score_perc, instance.score_perc);
    assert.equal(withScore.start_date, instance.start_date);
    assert.equal(withScore.duration_seconds, instance.duration_seconds);
  });

  test('instance questions, submissions, single submission and log: fields and cross-references', async () => {
    const [ai] = await r.app.db.query(
      `SELECT ai.id FROM assessment_instances ai JOIN instance_questions iq ON iq.assessment_instance_id = ai.id
       JOIN variants v ON v.instance_question_id = iq.id JOIN submissions s ON s.variant_id = v.id
       GROUP BY ai.id ORDER BY count(*) DESC, ai.id LIMIT 1`,
    );
    const iqs = await ok(r, `${CI}/assessment_instances/${ai.id}/instance_questions`);
    assert.ok(iqs.length > 0);
    for (const iq of iqs) S.assertShape(iq, S.INSTANCE_QUESTION, 'instance question');
    const ids = iqs.map((q: any) => Number(q.instance_question_id));
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));

    const subs = await ok(r, `${CI}/assessment_instances/${ai.id}/submissions`);
    assert.ok(subs.length > 0);
    for (const s of subs) {
      S.assertShape(s, S.SUBMISSION, 'submission');
      assert.ok(iqs.some((q: any) => q.instance_question_id === s.instance_question_id));
      assert.equal(s.question_topic, 'Arithmetic');
    }
    assert.ok(subs.some((s: any) => s.final_submission_per_variant));
    const one = await ok(r, `${CI}/submissions/${subs[0].submission_id}`);
    S.assertShape(one, S.SUBMISSION, 'single submission');
    assert.equal(one.final_submission_per_variant, true);
    assert.equal(one.best_submission_per_variant, true);
    assert.equal((await r.get(`${CI}/submissions/999999`)).status, 404);
    const nonNumeric = await r.get(`${CI}/submissions/abc`);
    assert.equal(nonNumeric.status, 500, 'PrairieLearn casts the unchecked id in SQL');
    assert.equal(await nonNumeric.text(), '{\n  "message": "Internal Server Error",\n  "status": 500\n}');
    assert.equal((await r.get(`${CI}/submissions`)).status, 404, 'no list endpoint');

    const log = await ok(r, `${CI}/assessment_instances/${ai.id}/log`);
    assert.equal(log[0].event_name, 'Begin');
    for (const e of log) {
      S.assertShape(e, S.LOG_EVENT, 'log event');
      if (e.client_fingerprint) {
        assert.deepEqual(Object.keys(e.client_fingerprint), S.CLIENT_FINGERPRINT_KEYS);
        assert.equal(typeof e.client_fingerprint.id, 'string');
        assert.equal(e.client_fingerprint_number, 1);
      }
      assert.ok(e.date_iso8601.endsWith('+05:30'));
      assert.match(e.formatted_date, /\(GMT\+5:30\)$/);
    }
    const names = new Set(log.map((e: any) => e.event_name));
    for (const n of ['Open', 'New variant', 'Submission', 'Grade submission', 'Score assessment']) assert.ok(names.has(n), n);
    const open = log.find((e: any) => e.event_name === 'Open');
    assert.deepEqual(Object.keys(open.data), ['date_limit', 'time_limit', 'remaining_time']);
    const submission = log.find((e: any) => e.event_name === 'Submission');
    assert.ok(subs.some((s: any) => s.submission_id === submission.submission_id));
    const times = log.map((e: any) => e.event_date);
    assert.deepEqual(times, [...times].sort(), 'log ordered by date');

    assert.deepEqual(await ok(r, `${CI}/assessment_instances/999999/instance_questions`), []);
    assert.deepEqual(await ok(r, `${CI}/assessment_instances/999999/submissions`), []);
    assert.equal((await r.get(`${CI}/assessment_instances/999999/log`)).status, 404);
  });

  test('authentication: missing, unknown, empty and odd tokens get the compact 401 bodies', async () => {
    const none = await r.get(CI, null);
    assert.equal(none.status, 401);
    assert.equal(none.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(await none.text(), '{"message":"An authentication token must be provided"}');
    for (const bad of ['nope', '', ' ', 'x'.repeat(5000), r.token('instructor@example.com').toUpperCase(), "' OR 1=1 --"]) {
      const res = await r.get(CI, bad);
      assert.equal(res.status, 401, JSON.stringify(bad.slice(0, 20)));
      assert.equal(await res.text(), '{"message":"The provided authentication token was invalid"}');
    }
    // The token is only read from the header.
    const query = await r.get(`${CI}?private_token=${r.token('instructor@example.com')}`, null);
    assert.equal(query.status, 401);
    const [row] = await r.app.db.query('SELECT count(*)::int AS n FROM access_tokens WHERE token_hash = $1', [
      hashToken(r.token('instructor@example.com')),
    ]);
    assert.equal(row.n, 1, 'stored as its SHA-256 hash');
    const plain = await r.app.db.query('SELECT 1 FROM access_tokens WHERE token_hash = $1', [r.token('instructor@example.com')]);
    assert.equal(plain.length, 0, 'never in plain text');
  });

  test('headers, OPTIONS, HEAD and ETag as Express sends them', async () => {
    const res = await r.get(CI);
    for (const [h, v] of [
      ['access-control-allow-origin', '*'],
      ['cache-control', 'max-age=0, no-cache, no-store, must-revalidate'],
      ['content-security-policy', "frame-ancestors 'none';"],
      ['x-frame-options', 'DENY'],
      ['x-powered-by', 'Express'],
    ]) {
      assert.equal(res.headers.get(h), v, h);
    }
    assert.match(res.headers.get('x-response-id') ?? '', /^[0-9a-f-]{36}$/);
    // PrairieLearn's serverKeepAliveTimeout (apps/prairielearn/src/lib/config.ts at 88fb855): 65 s, not Node's 5 s.
    assert.equal(res.headers.get('keep-alive'), 'timeout=65');
    const etag = res.headers.get('etag');
    assert.match(etag ?? '', /^W\/"[0-9a-f]+-/);
    assert.equal((await r.get(CI, undefined, { headers: { 'If-None-Match': etag! } })).status, 304);
    const options = await r.get(CI, null, { method: 'OPTIONS' });
    assert.equal(options.status, 200);
    assert.equal(await options.text(), '{}');
    const head = await r.get(CI, undefined, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  test('bad requests: wrong methods, unknown paths, ids beyond 2^63, huge headers', async () => {
    const notFound = '{\n  "message": "Not Found"\n}';
    for (const [method, path] of [
      ['POST', `${CI}/assessments`],
      ['PUT', CI],
      ['DELETE', `${CI}/gradebook`],
      ['GET', `${CI}/nothing`],
      ['GET', '/nothing'],
      ['GET', '/course_instances/abc'],
    ]) {
      const res = await r.get(path, undefined, { method });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(await res.text(), notFound);
    }
    const big = '9223372036854775808';
    for (const path of [`/course_instances/${big}`, `${CI}/assessments/${big}`, `${CI}/assessment_instances/${big}/log`]) {
      const res = await r.get(path);
      assert.equal(res.status, 500, path);
      assert.deepEqual(await json(res), { message: 'Internal Server Error', status: 500 });
    }
    assert.equal((await r.get(`${CI}/assessments/9223372036854775807`)).status, 404, 'largest bigint is just unknown');
    const huge = await r.get(CI, undefined, { headers: { 'X-Filler': 'x'.repeat(64 * 1024) } }).catch((e) => e);
    assert.ok(huge instanceof Error || huge.status === 431, 'node refuses oversized headers');
    assert.equal((await r.get(CI)).status, 200, 'still serving');
  });

  test('course routes: sync status errors, GET /course/:c is a 500 for editors', async () => {
    const c = `/course/${r.courseId}`;
    const unknownJob = await r.get(`${c}/sync/999999`);
    assert.equal(unknownJob.status, 404);
    assert.equal(await unknownJob.text(), '{\n  "message": "Not Found",\n  "status": 404\n}');
    assert.equal((await r.get(`${c}/sync/NA`)).status, 404);
    assert.equal((await r.get(`${c}/sync`)).status, 404);
    assert.equal((await r.get(c)).status, 500);
    assert.equal((await r.get(c, r.token('viewer@example.com'))).status, 403);
    assert.equal((await r.get('/course/999999/sync/1')).status, 403, 'unknown course is a 403');
  });

  test('sync endpoints: POST returns the id at once, GET reports PrairieLearn fields', async () => {
    const res = await r.get(`/course/${r.courseId}/sync`, undefined, { method: 'POST' });
    assert.equal(res.status, 200);
    const started = await json(res);
    S.assertShape(started, S.SYNC_START, 'sync start');
    let status: any;
    for (;;) {
      status = await ok(r, `/course/${r.courseId}/sync/${started.job_sequence_id}`);
      S.assertShape(status, S.SYNC_STATUS, 'sync status');
      if (status.status !== 'Running') break;
      assert.equal(status.finish_date, null);
      await new Promise((res) => setTimeout(res, 50));
    }
    assert.equal(status.status, 'Success');
    assert.equal(status.job_sequence_id, started.job_sequence_id);
    assert.ok(status.start_date <= status.finish_date);
    assert.match(status.output, /Fetch from remote git repository/);
    assert.match(status.output, /\u001b\[32m✓ Course sync successful\u001b\[39m/);
  });

  test('authorization matrix: each role on each route', async () => {
    const db = r.app.db;
    // A student (enrolled, no staff role) and an outsider (no role at all) get tokens too.
    const [student] = await db.query(`SELECT id FROM users WHERE uid = 'student0001@example.com'`);
    const [outsider] = await db.query(`INSERT INTO users (uid) VALUES ('outsider@example.com') RETURNING id`);
    const [admin] = await db.query(`INSERT INTO users (uid) VALUES ('admin@example.com') RETURNING id`);
    await db.query('INSERT INTO administrators (user_id) VALUES ($1)', [admin.id]);
    const extra: Record<string, string> = { student: student.id, outsider: outsider.id, admin: admin.id };
    const tokens: Record<string, string> = {};
    for (const [name, id] of Object.entries(extra)) {
      tokens[name] = `token-${name}`;
      await db.query(`INSERT INTO access_tokens (user_id, name, token_hash) VALUES ($1, 't', $2)`, [id, hashToken(tokens[name])]);
    }
    for (const who of ['instructor', 'editor', 'viewer', 'previewer', 'ta', 'grader']) tokens[who] = r.token(`${who}@example.com`);

    const [ai] = await db.query('SELECT id FROM assessment_instances ORDER BY id LIMIT 1');
    const [s] = await db.query('SELECT id FROM submissions ORDER BY id LIMIT 1');
    const [a] = await db.query('SELECT id FROM assessments ORDER BY id LIMIT 1');
    const preview = ['instructor', 'editor', 'viewer', 'previewer', 'ta', 'grader', 'admin'];
    const studentData = ['instructor', 'ta', 'grader', 'admin'];
    const editors = ['instructor', 'editor', 'admin'];
    const routes: [string, string, string[]][] = [
      ['GET', CI, preview],
      ['GET', `${CI}/assessments`, preview],
      ['GET', `${CI}/assessments/${a.id}`, preview],
      ['GET', `${CI}/assessments/${a.id}/assessment_access_rules`, preview],
      ['GET', `${CI}/assessments/${a.id}/assessment_instances`, preview],
      ['GET', `${CI}/course_instance_access_rules`, preview],
      ['GET', `${CI}/gradebook`, studentData],
      ['GET', `${CI}/assessment_instances/${ai.id}`, studentData],
      ['GET', `${CI}/assessment_instances/${ai.id}/instance_questions`, studentData],
      ['GET', `${CI}/assessment_instances/${ai.id}/submissions`, studentData],
      ['GET', `${CI}/assessment_instances/${ai.id}/log`, studentData],
      ['GET', `${CI}/submissions/${s.id}`, studentData],
      ['GET', `/course/${r.courseId}/sync/999999`, editors],
      ['POST', `/course/${r.courseId}/sync`, editors],
    ];
    // An explicit course role None is no role at all.
    const [none] = await db.query(`INSERT INTO users (uid) VALUES ('none@example.com') RETURNING id`);
    await db.query(`INSERT INTO course_permissions (user_id, course_id, course_role) VALUES ($1, $2, 'None')`, [none.id, r.courseId]);
    tokens.none = 'token-none';
    await db.query(`INSERT INTO access_tokens (user_id, name, token_hash) VALUES ($1, 't', $2)`, [none.id, hashToken(tokens.none)]);
    const forbidden = '{\n  "message": "Forbidden",\n  "status": 403\n}';
    for (const [method, path, allowed] of routes) {
      for (const [who, token] of Object.entries(tokens)) {
        const res = await r.get(path, token, { method });
        const expected = allowed.includes(who) ? (path.includes('/sync/') ? 404 : 200) : 403;
        assert.equal(res.status, expected, `${who} ${method} ${path}`);
        if (expected === 403) assert.equal(await res.text(), forbidden);
        else if (method === 'POST') assert.match(await res.text(), /^\{\n  "job_sequence_id": "\d+"\n\}$/);
        else await res.arrayBuffer();
      }
    }
    await r.app.sync.idle(r.courseId);
    // The chain runs before routing: a wrong method is a 403 for those without access, a 404 for others.
    assert.equal((await r.get(`${CI}/gradebook`, tokens.editor, { method: 'POST' })).status, 403);
    assert.equal((await r.get(`${CI}/gradebook`, tokens.ta, { method: 'POST' })).status, 404);
    assert.equal((await r.get(`/course/${r.courseId}/sync`, tokens.viewer, { method: 'POST' })).status, 403);
    // Example courses are closed to everyone but administrators.
    await db.query('UPDATE courses SET example_course = true');
    assert.equal((await r.get(CI, tokens.instructor)).status, 403);
    assert.equal((await r.get(CI, tokens.admin)).status, 200);
    await db.query('UPDATE courses SET example_course = false');
    // A soft-deleted course instance is a 403, not a 404.
    await db.query('UPDATE course_instances SET deleted_at = now()');
    assert.equal((await r.get(CI, tokens.instructor)).status, 403);
    await db.query('UPDATE course_instances SET deleted_at = NULL');
  });

  test('a client that downloads the whole course instance like api_download.py gets 200s and JSON', async () => {
    const fetched: string[] = [];
    const get = async (path: string) => {
      const res = await r.get(path);
      assert.equal(res.status, 200, path);
      fetched.push(path);
      return JSON.parse(await res.text());
    };
    await get(CI);
    await get(`${CI}/gradebook`);
    await get(`${CI}/course_instance_access_rules`);
    const assessments = await get(`${CI}/assessments`);
    for (const a of assessments) {
      const instances = await get(`${CI}/assessments/${a.assessment_id}/assessment_instances`);
      await get(`${CI}/assessments/${a.assessment_id}/assessment_access_rules`);
      for (const i of instances) {
        await get(`${CI}/assessment_instances/${i.assessment_instance_id}/instance_questions`);
        await get(`${CI}/assessment_instances/${i.assessment_instance_id}/submissions`);
        await get(`${CI}/assessment_instances/${i.assessment_instance_id}/log`);
      }
    }
    const [n] = await r.app.db.query('SELECT count(*)::int AS n FROM assessment_instances');
    assert.equal(fetched.length, 4 + 2 * assessments.length + 3 * n.n);
  });

  test('group instances and rubric gradings: group fields, members, rubric items; a deleted team is gone', async () => {
    const db = r.app.db;
    const [a] = await db.query(`SELECT a.id FROM assessments a WHERE a.course_instance_id = 1 AND a.type = 'Homework' ORDER BY a.id LIMIT 1`);
    const [aq] = await db.query('SELECT aq.id, aq.question_id FROM assessment_questions aq WHERE aq.assessment_id = $1 ORDER BY aq.id LIMIT 1', [a.id]);
    const members = await db.query(`SELECT id, uid FROM users WHERE uid IN ('student0001@example.com', 'student0002@example.com') ORDER BY uid`);
    const [team] = await db.query(`INSERT INTO teams (course_instance_id, name) VALUES (1, 'team-one') RETURNING id`);
    for (const m of members) await db.query('INSERT INTO team_users (team_id, user_id) VALUES ($1, $2)', [team.id, m.id]);
    const [ai] = await db.query(
      `INSERT INTO assessment_instances (assessment_id, team_id, number, max_points, points, score_perc) VALUES ($1, $2, 1, 10, 4, 40) RETURNING id`,
      [a.id, team.id],
    );
    const [iq] = await db.query('INSERT INTO instance_questions (assessment_instance_id, assessment_question_id, number) VALUES ($1, $2, 1) RETURNING id', [ai.id, aq.id]);
    const [v] = await db.query(
      `INSERT INTO variants (instance_question_id, question_id, course_id, number, variant_seed, params, true_answer) VALUES ($1, $2, $3, 1, 'abc123', '{}', '{}') RETURNING id`,
      [iq.id, aq.question_id, r.courseId],
    );
    const [item1] = await db.query(`INSERT INTO rubric_items (assessment_question_id, description, points) VALUES ($1, 'Correct setup', 2) RETURNING id`, [aq.id]);
    const [item2] = await db.query(`INSERT INTO rubric_items (assessment_question_id, description, points) VALUES ($1, 'Arithmetic slip', -0.5) RETURNING id`, [aq.id]);
    const [rg] = await db.query('INSERT INTO rubric_gradings (computed_points, adjust_points) VALUES (1.5, 0.25) RETURNING id');
    await db.query('INSERT INTO rubric_grading_items (rubric_grading_id, rubric_item_id, points) VALUES ($1, $2, 2), ($1, $3, -0.5)', [rg.id, item1.id, item2.id]);
    const [sub] = await db.query(
      `INSERT INTO submissions (variant_id, submitted_answer, score, correct, manual_rubric_grading_id) VALUES ($1, '{"x": 1}', 0.4, false, $2) RETURNING id`,
      [v.id, rg.id],
    );

    const listed = (await ok(r, `${CI}/assessments/${a.id}/assessment_instances`)).filter((i: any) => i.group_id !== null);
    assert.equal(listed.length, 1);
    const [group] = listed;
    S.assertShape(group, S.ASSESSMENT_INSTANCE, 'group instance');
    assert.equal(group.assessment_instance_id, String(ai.id));
    assert.equal(group.group_id, String(team.id));
    assert.equal(group.group_name, 'team-one');
    assert.deepEqual([...group.group_uids].sort(), members.map((m: any) => m.uid));
    assert.equal(group.user_id, null);
    assert.equal(group.user_role, 'None');
    assert.deepEqual({ ...(await ok(r, `${CI}/assessment_instances/${ai.id}`)), time_remaining: null }, { ...group, time_remaining: null });

    const [submission] = await ok(r, `${CI}/assessment_instances/${ai.id}/submissions`);
    S.assertShape(submission, S.SUBMISSION, 'group submission');
    assert.equal(submission.submission_id, String(sub.id));
    assert.equal(submission.group_name, 'team-one');
    assert.deepEqual([...submission.group_uids].sort(), members.map((m: any) => m.uid));
    assert.equal(submission.rubric_grading_computed_points, 1.5);
    assert.equal(submission.rubric_grading_adjust_points, 0.25);
    assert.deepEqual(submission.rubric_grading_items, [
      { rubric_item_id: String(item1.id), text: 'Correct setup', points: 2 },
      { rubric_item_id: String(item2.id), text: 'Arithmetic slip', points: -0.5 },
    ]);
    assert.deepEqual(await ok(r, `${CI}/submissions/${sub.id}`), submission);

    // A team with no members left: an empty list, not null.
    await db.query('DELETE FROM team_users WHERE team_id = $1', [team.id]);
    assert.deepEqual((await ok(r, `${CI}/assessment_instances/${ai.id}`)).group_uids, []);
    // A soft-deleted team's instance is gone from the list and its own route.
    await db.query('UPDATE teams SET deleted_at = now() WHERE id = $1', [team.id]);
    assert.ok(!(await ok(r, `${CI}/assessments/${a.id}/assessment_instances`)).some((i: any) => i.assessment_instance_id === String(ai.id)));
    assert.equal((await r.get(`${CI}/assessment_instances/${ai.id}`)).status, 404);
  });
});
