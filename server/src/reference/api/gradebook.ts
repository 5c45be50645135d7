import type { CourseInstanceHandler } from './handler';
import { formatDateIso } from './dates';

/**
 * §3.2 GET /course_instances/:ci/gradebook. Three queries (assessments, users, chosen scores) joined
 * here so that each cell's keys come out in PrairieLearn's order.
 */
export const getGradebook: CourseInstanceHandler = async ({ db, ci }) => {
  const ciId = ci.course_instance_id;
  const assessments = await db.query(
    `SELECT a.id AS assessment_id, a.tid AS assessment_name, aset.abbreviation || a.number AS assessment_label,
       aset.abbreviation AS assessment_set_abbreviation, a.number AS assessment_number
     FROM assessments a JOIN assessment_sets aset ON aset.id = a.assessment_set_id
     WHERE a.course_instance_id = $1 AND a.deleted_at IS NULL
     ORDER BY aset.number, a.order_by, a.id`,
    [ciId],
  );
  // One instance per (user, assessment): the best score (NULL first, as DESC sorts it), then the newest.
  const scores = await db.query(
    `WITH instances AS (
       SELECT COALESCE(ai.user_id, tu.user_id) AS user_id, ai.assessment_id, ai.score_perc, ai.max_points,
         ai.points, ai.id, ai.date, ai.duration
       FROM assessment_instances ai
       JOIN assessments a ON a.id = ai.assessment_id AND a.course_instance_id = $1 AND a.deleted_at IS NULL
       LEFT JOIN teams g ON g.id = ai.team_id
       LEFT JOIN team_users tu ON tu.team_id = g.id
       WHERE ai.team_id IS NULL OR g.deleted_at IS NULL
     )
     SELECT DISTINCT ON (user_id, assessment_id) user_id, assessment_id, score_perc, max_points, points,
       id AS assessment_instance_id, date AS start_date,
       EXTRACT(EPOCH FROM duration)::double precision AS duration_seconds
     FROM instances WHERE user_id IS NOT NULL
     ORDER BY user_id, assessment_id, score_perc DESC, id DESC`,
    [ciId],
  );
  const users = await db.query(
    `SELECT u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin, u.name AS user_name,
       users_get_displayed_role(u.id, $1) AS user_role
     FROM users u
     WHERE u.id IN (
       SELECT COALESCE(ai.user_id, tu.user_id) FROM assessment_instances ai
       JOIN assessments a ON a.id = ai.assessment_id AND a.course_instance_id = $1 AND a.deleted_at IS NULL
       LEFT JOIN team_users tu ON tu.team_id = ai.team_id
       UNION SELECT e.user_id FROM enrollments e WHERE e.course_instance_id = $1)
     ORDER BY user_role DESC, u.uid COLLATE "C" ASC`,
    [ciId],
  );
  const byUser = new Map<string, Map<string, (typeof scores)[number]>>();
  for (const s of scores) {
    let m = byUser.get(s.user_id);
    if (!m) byUser.set(s.user_id, (m = new Map()));
    m.set(s.assessment_id, s);
  }
  return users.map((u) => {
    const mine = byUser.get(u.user_id);
    return {
      ...u,
      assessments: assessments.map((a) => {
        const s = mine?.get(a.assessment_id);
        return {
          ...a,
          score_perc: s?.score_perc ?? null,
          max_points: s?.max_points ?? null,
          points: s?.points ?? null,
          assessment_instance_id: s?.assessment_instance_id ?? null,
          start_date: s ? formatDateIso(s.start_date, ci.display_timezone) : null,
          duration_seconds: s?.duration_seconds ?? null,
        };
      }),
    };
  });
};
