import { PrettyJson, type CourseInstanceHandler } from './handler';
import { gradebookBytes, type GradebookAssessment, type GradebookUser } from './gradebookJson';

/**
 * The gradebook's two queries, each with the course instance id as $1 (the bench times them bare).
 * `users` gives one row per student in PrairieLearn's order, each with its chosen instances as text.
 */
export const GRADEBOOK_SQL = {
  assessments: `SELECT a.id AS assessment_id, a.tid AS assessment_name, aset.abbreviation || a.number AS assessment_label,
       aset.abbreviation AS assessment_set_abbreviation, a.number AS assessment_number
     FROM assessments a JOIN assessment_sets aset ON aset.id = a.assessment_set_id
     WHERE a.course_instance_id = $1 AND a.deleted_at IS NULL
     ORDER BY aset.number, a.order_by, a.id`,
  // Users: everyone with an instance of one of the assessments (a team's members for a team's) or an
  // enrollment, with the role as users_get_displayed_role computes it (joins instead of a call per
  // user). Cells: per user and assessment, the best score (NULL first, as DESC sorts it), then the
  // newest, among the user's own instances and those of teams that are not deleted; one flat JSON
  // array per user of 7 values per cell (assessment id, score_perc, max_points, points, instance id,
  // start in whole seconds, duration in seconds), far cheaper to produce, send and parse than a row or
  // a nested JSON value per cell. NaN and infinities become null, as JSON.stringify writes them.
  users: `WITH ci AS (
       SELECT ci.id, ci.course_id FROM course_instances ci WHERE ci.id = $1
     ), instances AS (
       SELECT COALESCE(ai.user_id, tu.user_id) AS user_id, ai.assessment_id, ai.score_perc, ai.max_points,
         ai.points, ai.id, ai.date, ai.duration, (ai.team_id IS NULL OR g.deleted_at IS NULL) AS counts
       FROM assessment_instances ai
       JOIN assessments a ON a.id = ai.assessment_id AND a.course_instance_id = $1 AND a.deleted_at IS NULL
       LEFT JOIN teams g ON g.id = ai.team_id
       LEFT JOIN team_users tu ON tu.team_id = g.id
     ), chosen AS (
       SELECT DISTINCT ON (user_id, assessment_id) user_id, assessment_id, score_perc, max_points, points, id, date,
         EXTRACT(EPOCH FROM duration)::double precision AS duration_s
       FROM instances WHERE user_id IS NOT NULL AND counts
       ORDER BY user_id, assessment_id, score_perc DESC, id DESC
     ), cells AS (
       SELECT user_id, '[' || string_agg('"' || assessment_id || '",' || CASE WHEN score_perc IS NULL OR score_perc IN ('NaN', 'Infinity', '-Infinity') THEN 'null' ELSE score_perc::text END || ',' ||
             CASE WHEN max_points IS NULL OR max_points IN ('NaN', 'Infinity', '-Infinity') THEN 'null' ELSE max_points::text END || ',' || CASE WHEN points IS NULL OR points IN ('NaN', 'Infinity', '-Infinity') THEN 'null' ELSE points::text END || ',"' || id || '",' ||
             COALESCE(floor(date_part('epoch', date))::bigint::text, 'null') || ',' || CASE WHEN duration_s IS NULL OR duration_s IN ('NaN', 'Infinity', '-Infinity') THEN 'null' ELSE duration_s::text END, ',') || ']' AS cells
       FROM chosen GROUP BY user_id
     ), members AS (
       SELECT user_id FROM instances WHERE user_id IS NOT NULL
       UNION SELECT e.user_id FROM enrollments e WHERE e.course_instance_id = $1
     )
     SELECT u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin, u.name AS user_name, CASE
           WHEN adm.id IS NOT NULL OR cp.id IS NOT NULL OR cip.id IS NOT NULL THEN 'Staff'
           WHEN e.id IS NOT NULL THEN 'Student'
           ELSE 'None' END AS user_role, c.cells
     FROM ci CROSS JOIN members m JOIN users u ON u.id = m.user_id
     LEFT JOIN cells c ON c.user_id = u.id
     LEFT JOIN administrators adm ON adm.user_id = u.id
     LEFT JOIN course_permissions cp ON cp.user_id = u.id AND cp.course_id = ci.course_id AND cp.course_role <> 'None'
     LEFT JOIN course_instance_permissions cip ON cip.user_id = u.id AND cip.course_instance_id = ci.id
       AND cip.course_instance_role <> 'None'
     LEFT JOIN enrollments e ON e.user_id = u.id AND e.course_instance_id = ci.id
     ORDER BY user_role DESC, u.uid COLLATE "C" ASC`,
};

/**
 * §3.2 GET /course_instances/:ci/gradebook. Two queries (assessments; users in order with their
 * chosen instances), written straight to PrairieLearn's JSON bytes (keys in its order).
 */
export const getGradebook: CourseInstanceHandler = async ({ db, ci }) => {
  const ciId = ci.course_instance_id;
  const [assessments, users] = await Promise.all([
    db.query<GradebookAssessment>(GRADEBOOK_SQL.assessments, [ciId]),
    db.query<GradebookUser & { cells: string | null }>(GRADEBOOK_SQL.users, [ciId]),
  ]);
  return new PrettyJson(gradebookBytes(users, assessments, (u) => (u.cells ? JSON.parse(u.cells) : []), ci.display_timezone));
};
