// Response shapes of PrairieLearn's instructor API v1 (see shared/reference/prairielearn-api.md §3).
// Every id is a JSON string; `assessment_number` is a string too. Dates are pre-formatted strings.

export type Id = string;

export interface CourseInstanceInfo {
  course_instance_id: Id;
  course_instance_long_name: string | null;
  course_instance_short_name: string;
  course_instance_course_id: Id;
  display_timezone: string;
  course_title: string | null;
  course_short_name: string | null;
}

export interface Assessment {
  assessment_id: Id;
  assessment_name: string | null;
  assessment_label: string;
  type: string;
  assessment_number: string;
  assessment_order_by: number | null;
  title: string | null;
  assessment_set_id: Id | null;
  assessment_set_abbreviation: string;
  assessment_set_name: string;
  assessment_set_number: number;
  assessment_set_heading: string;
  assessment_set_color: string;
}

export interface AssessmentAccessRule {
  assessment_id: Id;
  assessment_label: string;
  assessment_access_rule_id: Id;
  assessment_access_rule_number: number;
  mode: string | null;
  uids: string[] | null;
  credit: number | null;
  time_limit_min: number | null;
  password: string | null;
  exam_uuid: string | null;
  show_closed_assessment: boolean;
  show_closed_assessment_score: boolean;
  start_date: string | null;
  end_date: string | null;
}

export interface CourseInstanceAccessRule {
  course_instance_id: Id;
  course_instance_access_rule_id: Id;
  course_instance_access_rule_number: number;
  institution: string | null;
  uids: string[] | null;
  start_date: string | null;
  end_date: string | null;
}

export interface AssessmentInstance {
  assessment_instance_id: Id;
  assessment_id: Id;
  assessment_label: string;
  user_id: Id | null;
  user_uid: string | null;
  user_name: string | null;
  user_role: string;
  max_points: number | null;
  points: number | null;
  score_perc: number | null;
  assessment_instance_number: number;
  open: boolean | null;
  group_id: Id | null;
  group_name: string | null;
  group_uids: string[] | null;
  highest_score: boolean;
  modified_at: string;
  time_remaining: string;
  start_date: string | null;
  duration_seconds: number | null;
}

export interface InstanceQuestion {
  zone_number: number;
  zone_title: string | null;
  question_id: Id;
  question_name: string | null;
  instance_question_id: Id;
  instance_question_number: number | null;
  assessment_question_max_points: number | null;
  instance_question_points: number | null;
  instance_question_score_perc: number | null;
  number_attempts: number;
}

export interface Submission {
  submission_id: Id;
  user_uid: string | null;
  assessment_instance_id: Id;
  question_id: Id;
  question_name: string | null;
  instance_question_id: Id;
  instance_question_number: number | null;
  variant_id: Id;
  variant_number: number | null;
  submitted_answer: Record<string, unknown> | null;
  score: number | null;
  correct: boolean | null;
  date: string | null;
  graded_at: string | null;
  [key: string]: unknown;
}

export interface LogEvent {
  event_name: string;
  event_color: string;
  event_date: string;
  auth_user_uid: string | null;
  qid: string | null;
  submission_id: Id | null;
  data: Record<string, unknown> | null;
  formatted_date: string;
  [key: string]: unknown;
}

export interface GradebookAssessment {
  assessment_id: Id;
  assessment_name: string | null;
  assessment_label: string;
  assessment_set_abbreviation: string;
  assessment_number: string;
  score_perc: number | null;
  max_points: number | null;
  points: number | null;
  assessment_instance_id: Id | null;
  start_date: string | null;
  duration_seconds: number | null;
}

export interface GradebookRow {
  user_id: Id;
  user_uid: string;
  user_uin: string | null;
  user_name: string | null;
  user_role: string;
  assessments: GradebookAssessment[];
}

export interface SyncStarted {
  job_sequence_id: Id;
}

/** `Running` until the job ends; real PrairieLearn keeps `output` null until then. */
export interface SyncJob {
  job_sequence_id: Id;
  start_date: string | null;
  finish_date: string | null;
  status: string | null;
  output: string | null;
}
