import type { Database } from '../db/database';
import { authenticate, hashToken, markTokenUsed, type AuthnUser } from './auth';
import { HttpError } from './respond';
import type { Api } from '../../../lib/protocol';

export type CourseRole = 'None' | 'Previewer' | 'Viewer' | 'Editor' | 'Owner';
export type CourseInstanceRole = 'None' | 'Student Data Viewer' | 'Student Data Editor';

export interface CourseInstanceContext {
  course_instance_id: string;
  course_id: string;
  display_timezone: string;
  course_role: CourseRole;
  course_instance_role: CourseInstanceRole;
  /** The instance body, read with the authorization for GET /course_instances/:ci (one round trip for that request). */
  info: Api.CourseInstanceInfo;
}

export interface CourseContext {
  course_id: string;
  course_role: CourseRole;
}

const PREVIEW_ROLES: CourseRole[] = ['Previewer', 'Viewer', 'Editor', 'Owner'];
const EDITOR_ROLES: CourseRole[] = ['Editor', 'Owner'];

const BIGINT_MAX = 9223372036854775807n;

/**
 * Authentication and PrairieLearn's course-instance chain in one query: the token lookup, then
 * authzCourseOrInstance, assertNotExampleCourse, authzHasCoursePreviewOrInstanceView. (No
 * PrairieTest reservations exist here, so the mode is always Public and the exam-mode check never
 * refuses.) Undefined for an unknown token (a 401); every refusal after that is a 403.
 */
export async function authorizeCourseInstance(
  db: Database,
  token: string,
  courseInstanceId: string,
): Promise<CourseInstanceContext | undefined> {
  if (BigInt(courseInstanceId) > BIGINT_MAX) {
    // PostgreSQL refuses the id (a 500), but only once the token has been accepted.
    if (!(await authenticate(db, token))) return undefined;
    throw new Error(`course instance id ${courseInstanceId} out of range`);
  }
  // The query is a PL/pgSQL function (migration 0002) so that its plan is kept between requests.
  const rows = await db.query('SELECT * FROM api_authorize_course_instance($1, $2)', [hashToken(token), courseInstanceId]);
  const row = rows[0];
  if (!row) return undefined;
  markTokenUsed(db, row.token_id);
  const user: AuthnUser = { user_id: row.user_id, uid: row.uid, is_administrator: row.is_administrator };
  if (row.course_instance_id === null) throw new HttpError(403, 'Access denied');
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
    info: {
      course_instance_id: row.course_instance_id,
      course_instance_long_name: row.long_name,
      course_instance_short_name: row.short_name,
      course_instance_course_id: row.course_id,
      display_timezone: row.display_timezone,
      course_title: row.course_title,
      course_short_name: row.course_short_name,
      deleted_at: null,
    },
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
