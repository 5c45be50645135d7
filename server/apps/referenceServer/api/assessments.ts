import type { CourseInstanceHandler } from './handler';
import { NotFound } from './handler';
import { formatDateIso } from './dates';

const SELECT_ASSESSMENTS = `
  SELECT a.id AS assessment_id, a.tid AS assessment_name, aset.abbreviation || a.number AS assessment_label,
    a.type, a.number AS assessment_number, a.order_by AS assessment_order_by, a.title,
    a.assessment_set_id, aset.abbreviation AS assessment_set_abbreviation, aset.name AS assessment_set_name,
    aset.number AS assessment_set_number, aset.heading AS assessment_set_heading,
    aset.color AS assessment_set_color
  FROM assessments a
  JOIN course_instances ci ON ci.id = a.course_instance_id
  LEFT JOIN assessment_sets aset ON aset.id = a.assessment_set_id
  WHERE ci.id = $1 AND a.deleted_at IS NULL AND ($2::bigint IS NULL OR a.id = $2::bigint)
  ORDER BY aset.number, a.order_by, a.id`;

/** GET /course_instances/:ci/assessments */
export const listAssessments: CourseInstanceHandler = ({ db, ci }) =>
  db.query(SELECT_ASSESSMENTS, [ci.course_instance_id, null]);

/** GET /course_instances/:ci/assessments/:a */
export const getAssessment: CourseInstanceHandler = async ({ db, ci, params }) => {
  const rows = await db.query(SELECT_ASSESSMENTS, [ci.course_instance_id, params.assessment_id]);
  if (!rows[0]) throw new NotFound();
  return rows[0];
};

/** GET /course_instances/:ci/assessments/:a/assessment_access_rules (no existence check: `[]`). */
export const listAssessmentAccessRules: CourseInstanceHandler = async ({ db, ci, params }) => {
  const rows = await db.query(
    `SELECT a.id AS assessment_id, a.tid AS assessment_name, a.title AS assessment_title,
       aset.abbreviation AS assessment_set_abbreviation, a.number AS assessment_number, aar.credit,
       aar.exam_uuid::text AS exam_uuid, aar.id AS assessment_access_rule_id, aar.mode,
       aar.number AS assessment_access_rule_number, aar.password, aar.show_closed_assessment,
       aar.show_closed_assessment_score, aar.time_limit_min, aar.uids,
       aset.abbreviation || a.number AS assessment_label, aar.start_date, aar.end_date
     FROM assessments a
     JOIN course_instances ci ON ci.id = a.course_instance_id
     JOIN assessment_sets aset ON aset.id = a.assessment_set_id
     JOIN assessment_access_rules aar ON aar.assessment_id = a.id
     WHERE ci.id = $1 AND a.id = $2
     ORDER BY aar.number, aar.id`,
    [ci.course_instance_id, params.assessment_id],
  );
  return rows.map((r) => ({
    ...r,
    start_date: formatDateIso(r.start_date, ci.display_timezone),
    end_date: formatDateIso(r.end_date, ci.display_timezone),
  }));
};
