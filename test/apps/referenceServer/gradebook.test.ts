import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Queryable } from '../../../server/apps/referenceServer/db/database';
import { GRADEBOOK_SQL } from '../../../server/apps/referenceServer/api/gradebook';
import { formatDateIso } from '../../../server/apps/referenceServer/api/dates';
import { onEachBackend } from './helpers/backends';
import { startReference, type Running } from './helpers/server';

const CI = '/course_instances/1';

/**
 * The gradebook computed as PrairieLearn's select_user_scores does, at request time: every instance
 * of the course instance's assessments (deleted ones too) except those of deleted teams; users with
 * one of them or an enrollment; one row per chosen cell of an assessment that is not deleted;
 * objects and JSON.stringify.
 */
async function oracle(db: Queryable, ci = '1'): Promise<string> {
  const [{ display_timezone: timeZone }] = await db.query('SELECT display_timezone FROM course_instances WHERE id = $1', [ci]);
  const assessments = await db.query(GRADEBOOK_SQL.assessments, [ci]);
  const rows = await db.query(
    `WITH ci AS (
       SELECT ci.id, ci.course_id FROM course_instances ci WHERE ci.id = $1
     ), instances AS (
       SELECT COALESCE(ai.user_id, tu.user_id) AS user_id, ai.assessment_id, ai.score_perc, ai.max_points,
         ai.points, ai.id, ai.date, ai.duration, a.deleted_at IS NULL AS shown
       FROM assessment_instances ai
       JOIN assessments a ON a.id = ai.assessment_id AND a.course_instance_id = $1
       LEFT JOIN teams g ON g.id = ai.team_id
       LEFT JOIN team_users tu ON tu.team_id = g.id
       WHERE g.deleted_at IS NULL OR g.id IS NULL
     ), chosen AS (
       SELECT DISTINCT ON (user_id, assessment_id) user_id, assessment_id, score_perc, max_points, points, id, date,
         EXTRACT(EPOCH FROM duration)::double precision AS duration_s, shown
       FROM instances WHERE user_id IS NOT NULL
       ORDER BY user_id, assessment_id, score_perc DESC, id DESC
     ), members AS (
       SELECT user_id FROM chosen
       UNION SELECT e.user_id FROM enrollments e WHERE e.course_instance_id = $1
     )
     SELECT u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin, u.name AS user_name, CASE
           WHEN adm.id IS NOT NULL OR cp.id IS NOT NULL OR cip.id IS NOT NULL THEN 'Staff'
           WHEN e.id IS NOT NULL THEN 'Student'
           ELSE 'None' END AS user_role,
       ch.assessment_id, ch.score_perc, ch.max_points, ch.points, ch.id AS instance_id, ch.date, ch.duration_s
     FROM ci CROSS JOIN members m JOIN users u ON u.id = m.user_id
     LEFT JOIN chosen ch ON ch.user_id = u.id AND ch.shown
     LEFT JOIN administrators adm ON adm.user_id = u.id
     LEFT JOIN course_permissions cp ON cp.user_id = u.id AND cp.course_id = ci.course_id AND cp.course_role <> 'None'
     LEFT JOIN course_instance_permissions cip ON cip.user_id = u.id AND cip.course_instance_id = ci.id
       AND cip.course_instance_role <> 'None'
     LEFT JOIN enrollments e ON e.user_id = u.id AND e.course_instance_id = ci.id
     ORDER BY user_role DESC, u.uid COLLATE "C" ASC`,
    [ci],
  );
  const users = new Map<string, { fields: object; cells: Map<string, any> }>();
  for (const r of rows) {
    let u = users.get(r.user_id);
    if (!u) {
      const { user_id, user_uid, user_uin, user_name, user_role } = r;
      users.set(r.user_id, (u = { fields: { user_id, user_uid, user_uin, user_name, user_role }, cells: new Map() }));
    }
    if (r.assessment_id !== null) u.cells.set(String(r.assessment_id), r);
  }
  const body = [...users.values()].map((u) => ({
    ...u.fields,
    assessments: assessments.map((a) => {
      const c = u.cells.get(a.assessment_id);
      return {
        ...a,
        score_perc: c ? c.score_perc : null,
        max_points: c ? c.max_points : null,
        points: c ? c.points : null,
        assessment_instance_id: c ? String(c.instance_id) : null,
        start_date: c ? formatDateIso(c.date, timeZone) : null,
        duration_seconds: c ? c.duration_s : null,
      };
    }),
  }));
  return JSON.stringify(body, null, 2);
}

onEachBackend((backend) => {
  let r: Running;
  let db: Queryable;
  before(async () => {
    r = await startReference(await backend(), { students: 12 });
    db = r.app.db;
  });
  after(() => r?.close());

  const gradebook = async (ci = '1') => {
    const res = await r.get(`/course_instances/${ci}/gradebook`);
    assert.equal(res.status, 200);
    return res.text();
  };
  const assertAsOracle = async (what: string, ci = '1') => assert.equal(await gradebook(ci), await oracle(db, ci), what);
  const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params))[0];

  test('gradebook: the same bytes as choosing the instances at request time', async () => {
    const text = await gradebook();
    assert.ok(text.includes('"assessment_instance_id": "'), 'seeded cells');
    await assertAsOracle('seeded data');
  });

  test('gradebook: cells follow writes to instances, teams and assessments', async () => {
    const [hw, exam] = (await db.query(GRADEBOOK_SQL.assessments, ['1'])).map((a) => a.assessment_id);
    const students = (await db.query(`SELECT id FROM users WHERE uid LIKE 'student%' ORDER BY uid`)).map((u) => u.id);
    const [a, b, c, d] = students;
    const instanceOf = async (user: string, assessment: string) =>
      (await one('SELECT id FROM assessment_instances WHERE user_id = $1 AND assessment_id = $2 ORDER BY id LIMIT 1', [user, assessment]))?.id;
    const insert = (assessment: string, user: string | null, team: string | null, score: string | null) =>
      one(
        `INSERT INTO assessment_instances (assessment_id, user_id, team_id, number, score_perc, points, max_points, date, duration)
         VALUES ($1, $2, $3, 2, $4::float8, 1, 10, '2025-09-02T10:00:00Z', '95 seconds') RETURNING id`,
        [assessment, user, team, score],
      );

    // Floats whose text differs between PostgreSQL and JavaScript, NaN, infinities, missing values.
    const cases: [string, string][] = [
      ['score_perc', '1e-5'], ['max_points', '1e16'], ['points', '-0'], ['score_perc', '1.5e-7'],
      ['max_points', 'NaN'], ['points', 'Infinity'], ['score_perc', '123456789012345680000'], ['score_perc', '-Infinity'],
    ];
    const ids = (await db.query('SELECT id FROM assessment_instances ORDER BY id')).map((i) => i.id);
    for (const [i, [column, value]] of cases.entries()) {
      await db.query(`UPDATE assessment_instances SET ${column} = $1::float8 WHERE id = $2`, [value, ids[i]]);
    }
    await db.query(`UPDATE assessment_instances SET date = NULL, duration = NULL WHERE id = $1`, [await instanceOf(b, hw)]);
    await db.query(`UPDATE assessment_instances SET date = '1969-07-20T20:17:40Z', duration = '1 day 2 hours' WHERE id = $1`, [await instanceOf(b, exam)]);
    await assertAsOracle('odd values');

    // A second instance: the better score wins, NULL first; equal scores, the newest.
    await insert(hw, c, null, '100');
    await insert(exam, c, null, null);
    await insert(exam, d, null, String((await one('SELECT score_perc FROM assessment_instances WHERE id = $1', [await instanceOf(d, exam)]))?.score_perc ?? 0));
    await assertAsOracle('several instances');
    await db.query('DELETE FROM assessment_instances WHERE user_id = $1 AND assessment_id = $2 AND number = 2', [c, hw]);
    await assertAsOracle('deleted instance');

    // Teams: members share the team's instance; a deleted team's instances do not count, and a member
    // with nothing else (not enrolled) is no longer listed; joining and leaving.
    const [{ id: outsider }] = await db.query(`INSERT INTO users (uid, name) VALUES ('outsider@example.com', 'Out Sider') RETURNING id`);
    const [{ id: team }] = await db.query(`INSERT INTO teams (course_instance_id, name) VALUES (1, 'team1') RETURNING id`);
    await db.query('INSERT INTO team_users (team_id, user_id) VALUES ($1, $2), ($1, $3)', [team, a, outsider]);
    await insert(exam, null, team, '100');
    await assertAsOracle('team instance');
    await db.query('INSERT INTO team_users (team_id, user_id) VALUES ($1, $2)', [team, b]);
    await db.query('DELETE FROM team_users WHERE team_id = $1 AND user_id = $2', [team, a]);
    await assertAsOracle('members joined and left');
    await db.query('UPDATE teams SET deleted_at = now() WHERE id = $1', [team]);
    assert.doesNotMatch(await gradebook(), /outsider@example.com/, 'a member of a deleted team only, not enrolled, is not listed');
    await assertAsOracle('deleted team');
    await db.query('UPDATE teams SET deleted_at = NULL WHERE id = $1', [team]);
    await assertAsOracle('restored team');

    // Several rows in one statement, and a move to another user.
    await db.query(`UPDATE assessment_instances SET score_perc = score_perc / 3 WHERE assessment_id = $1`, [hw]);
    await db.query(`UPDATE assessment_instances SET user_id = $1 WHERE id = $2`, [outsider, await instanceOf(d, hw)]);
    await assertAsOracle('bulk update and move');

    // Assessments and the zone are read at request time.
    await db.query(`UPDATE course_instances SET display_timezone = 'America/St_Johns' WHERE id = 1`);
    // Someone not enrolled whose only instance is of a deleted assessment stays listed, without cells.
    const [{ id: examOnly }] = await db.query(`INSERT INTO users (uid) VALUES ('exam-only@example.com') RETURNING id`);
    await insert(exam, examOnly, null, '50');
    await db.query(`UPDATE assessments SET deleted_at = now() WHERE id = $1`, [exam]);
    assert.match(await gradebook(), /exam-only@example.com/, 'listed for an instance of a deleted assessment');
    await assertAsOracle('deleted assessment, other zone');
    await db.query(`UPDATE assessments SET deleted_at = NULL WHERE id = $1`, [exam]);
    await assertAsOracle('restored assessment');
    const [{ assessment_set_id: set }] = await db.query('SELECT assessment_set_id FROM assessments WHERE id = $1', [exam]);
    await db.query(`UPDATE assessments SET assessment_set_id = NULL WHERE id = $1`, [exam]);
    await assertAsOracle('assessment without a set');
    await db.query(`UPDATE assessments SET assessment_set_id = $1 WHERE id = $2`, [set, exam]);
    // Someone not enrolled whose only instance moves to another course instance with its assessment.
    const [{ id: visitor }] = await db.query(`INSERT INTO users (uid) VALUES ('visitor@example.com') RETURNING id`);
    await insert(hw, visitor, null, '10');
    const [{ id: otherCi }] = await db.query(
      `INSERT INTO course_instances (course_id, short_name, display_timezone) VALUES ($1, 'Sp26', 'UTC') RETURNING id`,
      [r.courseId],
    );
    await db.query(
      `INSERT INTO course_instance_permissions (user_id, course_instance_id, course_instance_role)
       SELECT id, $1, 'Student Data Viewer' FROM users WHERE uid = 'instructor@example.com'`,
      [otherCi],
    );
    await assertAsOracle('visitor');
    await db.query(`UPDATE assessments SET course_instance_id = $1 WHERE id = $2`, [otherCi, hw]);
    assert.doesNotMatch(await gradebook(), /visitor@example.com/);
    await assertAsOracle('assessment moved away');
    await assertAsOracle('assessment moved in', otherCi);
    await db.query(`UPDATE assessments SET course_instance_id = 1 WHERE id = $1`, [hw]);
    await assertAsOracle('the other course instance after the move back', otherCi);
    await assertAsOracle('assessment moved back');
  });

  test('gradebook: ETag and 304 follow the data', async () => {
    const first = await r.get(`${CI}/gradebook`);
    const body = await first.text();
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    assert.equal(etag.slice(3, etag.indexOf('-')), Buffer.byteLength(body).toString(16), 'the length part is the body length');
    assert.equal(first.headers.get('content-length'), String(Buffer.byteLength(body)));

    const again = await r.get(`${CI}/gradebook`, undefined, { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    assert.equal((await r.get(`${CI}/gradebook`, undefined, { headers: { 'If-None-Match': `"x", ${etag}` } })).status, 304);

    // One score changes by a little: another ETag, and the old one no longer gives 304.
    await db.query(`UPDATE assessment_instances SET score_perc = score_perc + 1e-9 WHERE id = (SELECT min(id) FROM assessment_instances)`);
    const changed = await r.get(`${CI}/gradebook`, undefined, { headers: { 'If-None-Match': etag } });
    assert.equal(changed.status, 200);
    const changedBody = await changed.text();
    assert.notEqual(changedBody, body);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal((await r.get(`${CI}/gradebook`, undefined, { headers: { 'If-None-Match': changed.headers.get('etag')! } })).status, 304);

    // Only the zone changes: the dates, so the ETag, change too.
    await db.query(`UPDATE course_instances SET display_timezone = 'UTC' WHERE id = 1`);
    const rezoned = await r.get(`${CI}/gradebook`, undefined, { headers: { 'If-None-Match': changed.headers.get('etag')! } });
    assert.equal(rezoned.status, 200);
    assert.notEqual(rezoned.headers.get('etag'), changed.headers.get('etag'));
    assert.equal(await rezoned.text(), await oracle(db));
  });

  test('gradebook: concurrent requests each get the whole answer', async () => {
    const expected = await oracle(db);
    const bodies = await Promise.all(Array.from({ length: 6 }, () => gradebook()));
    for (const b of bodies) assert.equal(b, expected);
  });
});
