import { PrettyJson, type CourseInstanceHandler } from './handler';
import { gradebookJson, type GradebookAssessment, type GradebookUser, type ScoreCell } from './gradebookJson';

/** The gradebook's three queries, each with the course instance id as $1 (the bench times them bare). */
export const GRADEBOOK_SQL = {
  assessments: `SELECT a.id AS assessment_id, a.tid AS assessment_name, aset.abbreviation || a.number AS assessment_label,
       aset.abbreviation AS assessment_set_abbreviation, a.number AS assessment_number
     FROM assessments a JOIN assessment_sets aset ON aset.id = a.assessment_set_id
     WHERE a.course_instance_id = $1 AND a.deleted_at IS NULL
     ORDER BY aset.number, a.order_by, a.id`,
  // One instance per (user, assessment): the best score (NULL first, as DESC sorts it), then the
  // newest; one row per user with its cells as JSON, which is far cheaper to transfer than a row each.
  scores: `WITH instances AS (
       SELECT COALESCE(ai.user_id, tu.user_id) AS user_id, ai.assessment_id, ai.score_perc, ai.max_points,
         ai.points, ai.id, ai.date, ai.duration
       FROM assessment_instances ai
       JOIN assessments a ON a.id = ai.assessment_id AND a.course_instance_id = $1 AND a.deleted_at IS NULL
       LEFT JOIN teams g ON g.id = ai.team_id
       LEFT JOIN team_users tu ON tu.team_id = g.id
       WHERE ai.team_id IS NULL OR g.deleted_at IS NULL
     ), chosen AS (
       SELECT DISTINCT ON (user_id, assessment_id) * FROM instances WHERE user_id IS NOT NULL
       ORDER BY user_id, assessment_id, score_perc DESC, id DESC
     )
     SELECT user_id, json_agg(json_build_array(assessment_id::text, score_perc, max_points, points, id::text,
         (EXTRACT(EPOCH FROM date) * 1000)::double precision, EXTRACT(EPOCH FROM duration)::double precision)) AS cells
     FROM chosen GROUP BY user_id`,
  users: `SELECT u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin, u.name AS user_name,
       users_get_displayed_role(u.id, $1) AS user_role
     FROM users u
     WHERE u.id IN (
       SELECT COALESCE(ai.user_id, tu.user_id) FROM assessment_instances ai
       JOIN assessments a ON a.id = ai.assessment_id AND a.course_instance_id = $1 AND a.deleted_at IS NULL
       LEFT JOIN team_users tu ON tu.team_id = ai.team_id
       UNION SELECT e.user_id FROM enrollments e WHERE e.course_instance_id = $1)
     ORDER BY user_role DESC, u.uid COLLATE "C" ASC`,
};

/**
 * §3.2 GET /course_instances/:ci/gradebook. Three queries (assessments, users, chosen scores) joined
 * here, written straight to PrairieLearn's JSON (keys in its order).
 */
export const getGradebook: CourseInstanceHandler = async ({ db, ci }) => {
  const ciId = ci.course_instance_id;
  const [assessments, scores, users] = await Promise.all([
    db.query<GradebookAssessment>(GRADEBOOK_SQL.assessments, [ciId]),
    db.query<{ user_id: string; cells: ScoreCell[] }>(GRADEBOOK_SQL.scores, [ciId]),
    db.query<GradebookUser>(GRADEBOOK_SQL.users, [ciId]),
  ]);
  const cells = new Map(scores.map((s) => [s.user_id, new Map(s.cells.map((c) => [c[0], c]))]));
  return new PrettyJson(gradebookJson(users, assessments, cells, ci.display_timezone));
};
