import type { Row } from '../db/database';
import type { CourseInstanceHandler } from './handler';
import { NotFound } from './handler';
import { formatDateIso } from './dates';

/** $1 course instance, $2 assessment or NULL, $3 assessment instance or NULL. */
export const SELECT_ASSESSMENT_INSTANCES = `
  SELECT ai.id AS assessment_instance_id, a.id AS assessment_id, a.tid AS assessment_name,
    a.title AS assessment_title, aset.abbreviation AS assessment_set_abbreviation,
    a.number AS assessment_number, u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin,
    u.name AS user_name, users_get_displayed_role(u.id, ci.id) AS user_role, ai.max_points,
    ai.max_bonus_points, ai.points, ai.score_perc, ai.number AS assessment_instance_number, ai.open,
    g.id AS group_id, g.name AS group_name,
    CASE WHEN ai.team_id IS NULL THEN NULL ELSE COALESCE(
      (SELECT array_agg(tu_u.uid) FROM team_users tu JOIN users tu_u ON tu_u.id = tu.user_id
       WHERE tu.team_id = ai.team_id), ARRAY[]::text[]) END AS group_uids,
    (row_number() OVER (PARTITION BY u.id
       ORDER BY ai.score_perc DESC NULLS LAST, ai.date DESC, ai.number DESC, ai.id DESC) = 1) AS highest_score,
    aset.abbreviation || a.number AS assessment_label, ai.modified_at, NULL AS time_remaining,
    ai.date AS start_date, EXTRACT(EPOCH FROM ai.duration)::double precision AS duration_seconds,
    ai.date_limit AS date_limit_for_time_remaining
  FROM assessments a
  JOIN course_instances ci ON ci.id = a.course_instance_id
  JOIN assessment_sets aset ON aset.id = a.assessment_set_id
  JOIN assessment_instances ai ON ai.assessment_id = a.id
  LEFT JOIN teams g ON g.id = ai.team_id AND g.deleted_at IS NULL
  LEFT JOIN users u ON u.id = ai.user_id
  WHERE ci.id = $1 AND ($2::bigint IS NULL OR a.id = $2::bigint) AND ($3::bigint IS NULL OR ai.id = $3::bigint)
    AND (ai.team_id IS NULL OR g.id IS NOT NULL)
  ORDER BY user_role DESC, u.uid COLLATE "C" ASC, u.id ASC, ai.number ASC, ai.id ASC`;

/** `"12 min"` before the time limit, `"Open"` without one, `"Closed"` once closed (at request time). */
function timeRemaining(open: boolean | null, dateLimit: Date | null, now: Date): string {
  if (!open) return 'Closed';
  if (!dateLimit) return 'Open';
  return `${Math.max(0, Math.floor((dateLimit.getTime() - now.getTime()) / 60000))} min`;
}

function toAssessmentInstance(r: Row, timeZone: string, now: Date): Row {
  const { date_limit_for_time_remaining: dateLimit, ...rest } = r;
  return {
    ...rest,
    modified_at: formatDateIso(r.modified_at, timeZone),
    time_remaining: timeRemaining(r.open, dateLimit, now),
    start_date: formatDateIso(r.start_date, timeZone),
  };
}

/** GET /course_instances/:ci/assessments/:a/assessment_instances (unknown `a`: `[]`). */
export const listAssessmentInstances: CourseInstanceHandler = async ({ db, ci, params, now }) => {
  const rows = await db.query(SELECT_ASSESSMENT_INSTANCES, [ci.course_instance_id, params.assessment_id, null]);
  return rows.map((r) => toAssessmentInstance(r, ci.display_timezone, now));
};

/** GET /course_instances/:ci/assessment_instances/:ai */
export const getAssessmentInstance: CourseInstanceHandler = async ({ db, ci, params, now }) => {
  const rows = await db.query(SELECT_ASSESSMENT_INSTANCES, [
    ci.course_instance_id,
    null,
    params.assessment_instance_id,
  ]);
  if (!rows[0]) throw new NotFound();
  return toAssessmentInstance(rows[0], ci.display_timezone, now);
};

/** GET /course_instances/:ci/assessment_instances/:ai/instance_questions (unknown `ai`: `[]`). */
export const listInstanceQuestions: CourseInstanceHandler = ({ db, ci, params }) =>
  db.query(
    `SELECT z.number AS zone_number, z.title AS zone_title, q.id AS question_id, q.qid AS question_name,
       iq.id AS instance_question_id, iq.number AS instance_question_number,
       aq.max_points AS assessment_question_max_points,
       aq.max_auto_points AS assessment_question_max_auto_points,
       aq.max_manual_points AS assessment_question_max_manual_points,
       iq.points AS instance_question_points, iq.auto_points AS instance_question_auto_points,
       iq.manual_points AS instance_question_manual_points, iq.score_perc AS instance_question_score_perc,
       iq.highest_submission_score, iq.last_submission_score, iq.number_attempts,
       EXTRACT(EPOCH FROM iq.duration)::double precision AS duration_seconds
     FROM assessment_instances ai
     JOIN instance_questions iq ON iq.assessment_instance_id = ai.id
     JOIN assessment_questions aq ON aq.id = iq.assessment_question_id
     JOIN questions q ON q.id = aq.question_id
     JOIN assessments a ON a.id = ai.assessment_id
     JOIN course_instances ci ON ci.id = a.course_instance_id
     JOIN alternative_groups ag ON ag.id = aq.alternative_group_id
     JOIN zones z ON z.id = ag.zone_id
     WHERE ai.id = $2 AND ci.id = $1
     ORDER BY iq.id`,
    [ci.course_instance_id, params.assessment_instance_id],
  );
