import { getAssessment, listAssessmentAccessRules, listAssessments } from './assessments';
import { getAssessmentInstance, listAssessmentInstances, listInstanceQuestions } from './assessmentInstances';
import { getCourseInstanceInfo, listCourseInstanceAccessRules } from './courseInstanceInfo';
import { getGradebook } from './gradebook';
import type { CourseInstanceHandler } from './handler';
import { getAssessmentInstanceLog } from './log';
import { getSubmission, listSubmissions } from './submissions';

export interface Route {
  /** Matches the path below `/course_instances/:ci`, Express-style: case-insensitive, optional trailing slash. */
  pattern: RegExp;
  /** Names of the pattern's capture groups, in order. */
  params: string[];
  handler: CourseInstanceHandler;
}

const route = (path: string, handler: CourseInstanceHandler): Route => {
  const params: string[] = [];
  const source = path.replace(/:(\w+)(\(\\d\+\))?/g, (_, name: string, digits?: string) => {
    params.push(name);
    return digits ? '(\\d+)' : '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`, 'i'), params, handler };
};

/** The GET routes of the course-instance chain (HEAD is served by them too). */
export const COURSE_INSTANCE_ROUTES: Route[] = [
  route('', getCourseInstanceInfo),
  route('/gradebook', getGradebook),
  route('/course_instance_access_rules', listCourseInstanceAccessRules),
  route('/assessments', listAssessments),
  route('/assessments/:assessment_id(\\d+)', getAssessment),
  route('/assessments/:assessment_id(\\d+)/assessment_access_rules', listAssessmentAccessRules),
  route('/assessments/:assessment_id(\\d+)/assessment_instances', listAssessmentInstances),
  route('/assessment_instances/:assessment_instance_id(\\d+)', getAssessmentInstance),
  route('/assessment_instances/:assessment_instance_id(\\d+)/instance_questions', listInstanceQuestions),
  route('/assessment_instances/:assessment_instance_id(\\d+)/submissions', listSubmissions),
  route('/assessment_instances/:assessment_instance_id(\\d+)/log', getAssessmentInstanceLog),
  // No digits constraint here in PrairieLearn: a non-numeric id reaches SQL and becomes a 500.
  route('/submissions/:submission_id', getSubmission),
];

/** Sub-paths that also need student data view access, for every method (authzHasCourseInstanceView). */
export const STUDENT_DATA_PREFIX = /^\/(assessment_instances|submissions|gradebook)(\/|$)/i;
