import type { CourseInstanceHandler } from './handler';
import { formatDateIso } from './dates';

/** GET /course_instances/:ci: the row the authorization read. */
export const getCourseInstanceInfo: CourseInstanceHandler = async ({ ci }) => ci.info;

/** GET /course_instances/:ci/course_instance_access_rules */
export const listCourseInstanceAccessRules: CourseInstanceHandler = async ({ db, ci }) => {
  const rows = await db.query(
    `SELECT ci.id AS course_instance_id, ci.short_name AS course_instance_short_name,
       ci.long_name AS course_instance_long_name, ci.course_id AS course_instance_course_id,
       ciar.id AS course_instance_access_rule_id, ciar.institution,
       ciar.number AS course_instance_access_rule_number, ciar.uids, ciar.start_date, ciar.end_date
     FROM course_instances ci JOIN course_instance_access_rules ciar ON ciar.course_instance_id = ci.id
     WHERE ci.id = $1
     ORDER BY ciar.number, ciar.id`,
    [ci.course_instance_id],
  );
  return rows.map((r) => {
    // PrairieLearn's schema has a non-null long name here; a NULL fails its parse (a 500).
    if (r.course_instance_long_name === null) throw new Error('course instance long_name is null');
    return {
      ...r,
      start_date: formatDateIso(r.start_date, ci.display_timezone),
      end_date: formatDateIso(r.end_date, ci.display_timezone),
    };
  });
};
