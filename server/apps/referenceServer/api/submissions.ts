import type { Row } from '../db/database';
import type { CourseInstanceHandler } from './handler';
import { NotFound } from './handler';
import { formatDateIso } from './dates';

const SELECT_SUBMISSIONS = `
  SELECT s.id AS submission_id, u.id AS user_id, u.uid AS user_uid, u.uin AS user_uin, u.name AS user_name,
    users_get_displayed_role(u.id, ci.id) AS user_role, g.id AS group_id, g.name AS group_name,
    CASE WHEN ai.team_id IS NULL THEN NULL ELSE COALESCE(
      (SELECT array_agg(tu_u.uid) FROM team_users tu JOIN users tu_u ON tu_u.id = tu.user_id
       WHERE tu.team_id = ai.team_id), ARRAY[]::text[]) END AS group_uids,
    a.id AS assessment_id, a.tid AS assessment_name, aset.abbreviation || a.number AS assessment_label,
    ai.id AS assessment_instance_id, ai.number AS assessment_instance_number, q.id AS question_id,
    q.qid AS question_name, top.name AS question_topic,
    COALESCE((SELECT jsonb_agg(tg.name ORDER BY qt.number, tg.name) FROM question_tags qt
              JOIN tags tg ON tg.id = qt.tag_id WHERE qt.question_id = q.id), '[]'::jsonb) AS question_tags,
    iq.id AS instance_question_id, iq.number AS instance_question_number,
    aq.max_points AS assessment_question_max_points,
    aq.max_auto_points AS assessment_question_max_auto_points,
    aq.max_manual_points AS assessment_question_max_manual_points,
    iq.points AS instance_question_points, iq.auto_points AS instance_question_auto_points,
    iq.manual_points AS instance_question_manual_points, iq.score_perc AS instance_question_score_perc,
    v.id AS variant_id, v.number AS variant_number, v.variant_seed, s.params, s.true_answer, v.options,
    s.submitted_answer, s.partial_scores, s.override_score, s.credit, s.mode, s.score, s.correct, s.feedback,
    rg.computed_points AS rubric_grading_computed_points, rg.adjust_points AS rubric_grading_adjust_points,
    (SELECT jsonb_agg(jsonb_build_array(ri.id::text, ri.description, rgi.points) ORDER BY rgi.id)
     FROM rubric_grading_items rgi JOIN rubric_items ri ON ri.id = rgi.rubric_item_id
     WHERE rgi.rubric_grading_id = rg.id) AS rubric_grading_items,
    (row_number() OVER (PARTITION BY v.id ORDER BY s.date DESC, s.id DESC) = 1) AS final_submission_per_variant,
    (row_number() OVER (PARTITION BY v.id ORDER BY s.score DESC NULLS LAST, s.date DESC, s.id DESC) = 1)
      AS best_submission_per_variant,
    s.date, s.grading_requested_at, s.graded_at
  FROM assessments a
  JOIN assessment_sets aset ON aset.id = a.assessment_set_id
  JOIN course_instances ci ON ci.id = a.course_instance_id
  JOIN assessment_instances ai ON ai.assessment_id = a.id
  LEFT JOIN teams g ON g.id = ai.team_id AND g.deleted_at IS NULL
  LEFT JOIN users u ON u.id = ai.user_id
  JOIN instance_questions iq ON iq.assessment_instance_id = ai.id
  JOIN assessment_questions aq ON aq.id = iq.assessment_question_id
  JOIN questions q ON q.id = aq.question_id
  JOIN topics top ON top.id = q.topic_id
  JOIN variants v ON v.instance_question_id = iq.id
  JOIN submissions s ON s.variant_id = v.id
  LEFT JOIN rubric_gradings rg ON rg.id = s.manual_rubric_grading_id
  WHERE ci.id = $1 AND ($2::bigint IS NULL OR ai.id = $2::bigint) AND ($3::bigint IS NULL OR s.id = $3::bigint)
  ORDER BY ai.number, q.qid COLLATE "C", iq.number, v.number, s.date, s.id`;

function toSubmission(r: Row, timeZone: string): Row {
  return {
    ...r,
    rubric_grading_items:
      r.rubric_grading_items?.map(([id, text, points]: [string, string, number]) => ({
        rubric_item_id: id,
        text,
        points,
      })) ?? null,
    date: formatDateIso(r.date, timeZone),
    grading_requested_at: formatDateIso(r.grading_requested_at, timeZone),
    graded_at: formatDateIso(r.graded_at, timeZone),
  };
}

/** GET /course_instances/:ci/assessment_instances/:ai/submissions (unknown `ai`: `[]`). */
export const listSubmissions: CourseInstanceHandler = async ({ db, ci, params }) => {
  const rows = await db.query(SELECT_SUBMISSIONS, [ci.course_instance_id, params.assessment_instance_id, null]);
  return rows.map((r) => toSubmission(r, ci.display_timezone));
};

/** GET /course_instances/:ci/submissions/:s (a non-numeric id fails in SQL: a 500, as PrairieLearn). */
export const getSubmission: CourseInstanceHandler = async ({ db, ci, params }) => {
  const rows = await db.query(SELECT_SUBMISSIONS, [ci.course_instance_id, null, params.submission_id]);
  if (!rows[0]) throw new NotFound();
  return toSubmission(rows[0], ci.display_timezone);
};
