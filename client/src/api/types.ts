// The instructor API's response shapes, defined once beside the reference server (server/lib/protocol) and
// imported here as types only. Where the extension reads part of a record, its type says which part.
import type { Api } from '../../../server/lib/protocol';

export type Assessment = Api.Assessment;
export type AssessmentAccessRule = Api.AssessmentAccessRule;
export type CourseInstanceAccessRule = Api.CourseInstanceAccessRule;
export type GradebookAssessment = Api.GradebookCell;
export type GradebookRow = Api.GradebookUser;
export type Id = Api.Id;
export type LogEvent = Api.LogEvent;
export type Submission = Api.Submission;
export type SyncJob = Api.SyncJob;
export type SyncStarted = Api.SyncStarted;

/** `deleted_at` is always null (kept by PrairieLearn for backwards compatibility), so the extension ignores it. */
export type CourseInstanceInfo = Omit<Api.CourseInstanceInfo, 'deleted_at'>;

/** The parts of an assessment instance the Course Instances tree shows. */
export type AssessmentInstance = Pick<
  Api.AssessmentInstance,
  | 'assessment_instance_id' | 'assessment_id' | 'assessment_label' | 'user_id' | 'user_uid' | 'user_name'
  | 'user_role' | 'max_points' | 'points' | 'score_perc' | 'assessment_instance_number' | 'open' | 'group_id'
  | 'group_name' | 'group_uids' | 'highest_score' | 'modified_at' | 'time_remaining' | 'start_date'
  | 'duration_seconds'
>;

/** The parts of an instance question the Course Instances tree shows. */
export type InstanceQuestion = Pick<
  Api.InstanceQuestion,
  | 'zone_number' | 'zone_title' | 'question_id' | 'question_name' | 'instance_question_id' | 'instance_question_number'
  | 'assessment_question_max_points' | 'instance_question_points' | 'instance_question_score_perc' | 'number_attempts'
>;
