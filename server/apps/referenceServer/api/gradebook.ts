import { createHash } from 'node:crypto';
import type { CourseInstanceHandler } from './handler';
import { PrettyJson } from './respond';
import type { Queryable } from '../db/database';
import { gradebookBytes, type GradebookAssessment, type GradebookRow } from './gradebookJson';

/**
 * The gradebook's two queries, each with the course instance id as $1 (the bench times them bare).
 * `users` gives one row per user in PrairieLearn's order, each with its chosen instances as text.
 */
export const GRADEBOOK_SQL = {
  assessments: `SELECT a.id AS assessment_id, a.tid AS assessment_name, aset.abbreviation || a.number AS assessment_label,
       aset.abbreviation AS assessment_set_abbreviation, a.number AS assessment_number
     FROM assessments a JOIN assessment_sets aset ON aset.id = a.assessment_set_id
     WHERE a.course_instance_id = $1 AND a.deleted_at IS NULL
     ORDER BY aset.number, a.order_by, a.id`,
  // Users: everyone with an instance that counts of one of the course instance's assessments (a
  // team's members for a team's that is not deleted), as migration 0003's gradebook_rows lists them
  // with their chosen instances, or with an enrollment; with the role as users_get_displayed_role
  // computes it (joins instead of a call per user).
  users: `WITH ci AS (
       SELECT ci.id, ci.course_id FROM course_instances ci WHERE ci.id = $1
     ), members AS (
       SELECT gr.user_id FROM gradebook_rows gr WHERE gr.course_instance_id = $1
       UNION SELECT e.user_id FROM enrollments e WHERE e.course_instance_id = $1
     )
     SELECT u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin, u.name AS user_name, CASE
           WHEN adm.id IS NOT NULL OR cp.id IS NOT NULL OR cip.id IS NOT NULL THEN 'Staff'
           WHEN e.id IS NOT NULL THEN 'Student'
           ELSE 'None' END AS user_role, gr.cells
     FROM ci CROSS JOIN members m JOIN users u ON u.id = m.user_id
     LEFT JOIN gradebook_rows gr ON gr.course_instance_id = ci.id AND gr.user_id = u.id
     LEFT JOIN administrators adm ON adm.user_id = u.id
     LEFT JOIN course_permissions cp ON cp.user_id = u.id AND cp.course_id = ci.course_id AND cp.course_role <> 'None'
     LEFT JOIN course_instance_permissions cip ON cip.user_id = u.id AND cip.course_instance_id = ci.id
       AND cip.course_instance_role <> 'None'
     LEFT JOIN enrollments e ON e.user_id = u.id AND e.course_instance_id = ci.id
     ORDER BY user_role DESC, u.uid COLLATE "C" ASC`,
};

/** The gradebook's rows (two queries). */
export async function gradebookRows(db: Queryable, ciId: string): Promise<{ assessments: GradebookAssessment[]; users: GradebookRow[] }> {
  const [assessments, users] = await Promise.all([
    db.query<GradebookAssessment>(GRADEBOOK_SQL.assessments, [ciId]),
    db.query<GradebookRow>(GRADEBOOK_SQL.users, [ciId]),
  ]);
  return { assessments, users };
}

/**
 * GET /course_instances/:ci/gradebook: its rows written straight to PrairieLearn's JSON bytes
 * (keys in its order).
 */
export const getGradebook: CourseInstanceHandler = async ({ db, ci }) => {
  const { assessments, users } = await gradebookRows(db, ci.course_instance_id);
  const timeZone = ci.display_timezone;
  const { body, release } = gradebookBytes(users, assessments, timeZone);
  return new PrettyJson(body, { source: sourceHash(timeZone, assessments, users), release });
};

/**
 * The ETag's hash: of the rows and the zone the answer is written from (a tenth of its size), not of
 * its 16 MB, which took as long as the queries. Equal rows give equal bytes, so it validates as well.
 */
function sourceHash(timeZone: string, assessments: GradebookAssessment[], users: GradebookRow[]): string {
  const hash = createHash('sha1').update(JSON.stringify([timeZone, assessments]));
  for (const u of users) hash.update(JSON.stringify([u.user_id, u.user_uid, u.user_uin, u.user_name, u.user_role, u.cells]));
  return hash.digest('base64').slice(0, 27);
}
