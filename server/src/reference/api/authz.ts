import type { Database } from '../db/database';
import type { AuthnUser } from './auth';
import { HttpError } from './respond';

export type CourseRole = 'None' | 'Previewer' | 'Viewer' | 'Editor' | 'Owner';
export type CourseInstanceRole = 'None' | 'Student Data Viewer' | 'Student Data Editor';

export interface CourseInstanceContext {
  course_instance_id: string;
  course_id: string;
  display_timezone: string;
  course_role: CourseRole;
  course_instance_role: CourseInstanceRole;
}

export interface CourseContext {
  course_id: string;
  course_role: CourseRole;
}

const PREVIEW_ROLES: CourseRole[] = ['Previewer', 'Viewer', 'Editor', 'Owner'];
const EDITOR_ROLES: CourseRole[] = ['Editor', 'Owner'];

/**
 * PrairieLearn's course-instance chain: authzCourseOrInstance, assertNotExampleCourse,
 * authzHasCoursePreviewOrInstanceView. (No PrairieTest reservations exist here, so the mode is
 * always Public and the exam-mode check never refuses.) Every refusal is a 403.
 */
export async function authorizeCourseInstance(
  db: Database,
  user: AuthnUser,
  courseInstanceId: string,
): Promise<CourseInstanceContext> {
  const rows = await db.query(
    `SELECT ci.id AS course_instance_id, c.id AS course_id, ci.display_timezone, c.example_course,
       COALESCE(cp.course_role, 'None') AS course_role,
       COALESCE(cip.course_instance_role, 'None') AS course_instance_role,
       EXISTS (SELECT 1 FROM enrollments e
               WHERE e.user_id = $2 AND e.course_instance_id = ci.id AND e.status = 'joined') AS enrolled
     FROM course_instances ci
     JOIN courses c ON c.id = ci.course_id AND c.deleted_at IS NULL
     LEFT JOIN course_permissions cp ON cp.course_id = c.id AND cp.user_id = $2
     LEFT JOIN course_instance_permissions cip ON cip.course_instance_id = ci.id AND cip.user_id = $2
     WHERE ci.id = $1 AND ci.deleted_at IS NULL`,
    [courseInstanceId, user.user_id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(403, 'Access denied');
  const courseRole: CourseRole = user.is_administrator ? 'Owner' : row.course_role;
  const ciRole: CourseInstanceRole = user.is_administrator ? 'Student Data Editor' : row.course_instance_role;
  if (courseRole === 'None' && ciRole === 'None' && !row.enrolled) throw new HttpError(403, 'Access denied');
  if (row.example_course && !user.is_administrator) throw new HttpError(403, 'Access denied');
  const context: CourseInstanceContext = {
    course_instance_id: row.course_instance_id,
    course_id: row.course_id,
    display_timezone: row.display_timezone,
    course_role: courseRole,
    course_instance_role: ciRole,
  };
  if (!PREVIEW_ROLES.includes(courseRole) && !hasStudentDataView(context)) {
    throw new HttpError(403, 'Requires either course preview access or student data view access');
  }
  return context;
}

export function hasStudentDataView(context: CourseInstanceContext): boolean {
  return context.course_instance_role !== 'None';
}

/** PrairieLearn's course chain: authzCourseOrInstance, assertNotExampleCourse, authzHasCourseEditor. */
export async function authorizeCourseEditor(db: Database, user: AuthnUser, courseId: string): Promise<CourseContext> {
  const rows = await db.query(
    `SELECT c.id AS course_id, c.example_course, COALESCE(cp.course_role, 'None') AS course_role
     FROM courses c LEFT JOIN course_permissions cp ON cp.course_id = c.id AND cp.user_id = $2
     WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [courseId, user.user_id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(403, 'Access denied');
  const courseRole: CourseRole = user.is_administrator ? 'Owner' : row.course_role;
  if (courseRole === 'None') throw new HttpError(403, 'Access denied');
  if (row.example_course && !user.is_administrator) throw new HttpError(403, 'Access denied');
  if (!EDITOR_ROLES.includes(courseRole)) throw new HttpError(403, 'Access denied (must be course editor)');
  return { course_id: row.course_id, course_role: courseRole };
}
