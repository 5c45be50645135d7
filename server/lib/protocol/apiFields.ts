// The JSON bodies of PrairieLearn's instructor API v1 (docs/reference/instructorApi.md, Records), one table
// per record: every key in PrairieLearn's order with its JSON type. The one definition of these shapes: the
// record types (apiRecords.ts) are derived from it, the reference server answers with them, the extension reads
// them, and the API tests check live answers against these tables. A leaf module: it imports nothing.

/**
 * A value's JSON type; a trailing `?` means it may also be null. Every id is a string of digits;
 * date1/date2/date3 are the API's three timestamp formats (ISO with offset, ISO UTC with milliseconds,
 * `YYYY-MM-DD HH:MM:SS (zone)`).
 */
export type FieldType =
  | 'id' | 'str' | 'int' | 'num' | 'bool' | 'strs' | 'obj' | 'arr' | 'date1' | 'date2' | 'date3' | 'null';
export type FieldSpec = FieldType | `${FieldType}?`;
export type FieldList = readonly (readonly [key: string, type: FieldSpec])[];

export const COURSE_INSTANCE_INFO = [
  ['course_instance_id', 'id'], ['course_instance_long_name', 'str?'], ['course_instance_short_name', 'str'],
  ['course_instance_course_id', 'id'], ['display_timezone', 'str'], ['course_title', 'str?'],
  ['course_short_name', 'str?'], ['deleted_at', 'null'],
] as const satisfies FieldList;

export const GRADEBOOK_USER = [
  ['user_id', 'id'], ['user_uid', 'str'], ['user_uin', 'str?'], ['user_name', 'str?'], ['user_role', 'str'],
  ['assessments', 'arr'],
] as const satisfies FieldList;

export const GRADEBOOK_CELL = [
  ['assessment_id', 'id'], ['assessment_name', 'str?'], ['assessment_label', 'str'],
  ['assessment_set_abbreviation', 'str'], ['assessment_number', 'str'], ['score_perc', 'num?'],
  ['max_points', 'num?'], ['points', 'num?'], ['assessment_instance_id', 'id?'], ['start_date', 'date1?'],
  ['duration_seconds', 'num?'],
] as const satisfies FieldList;

export const COURSE_INSTANCE_ACCESS_RULE = [
  ['course_instance_id', 'id'], ['course_instance_short_name', 'str'], ['course_instance_long_name', 'str'],
  ['course_instance_course_id', 'id'], ['course_instance_access_rule_id', 'id'], ['institution', 'str?'],
  ['course_instance_access_rule_number', 'int'], ['uids', 'strs?'], ['start_date', 'date1?'], ['end_date', 'date1?'],
] as const satisfies FieldList;

export const ASSESSMENT = [
  ['assessment_id', 'id'], ['assessment_name', 'str?'], ['assessment_label', 'str'], ['type', 'str'],
  ['assessment_number', 'str'], ['assessment_order_by', 'int?'], ['title', 'str?'], ['assessment_set_id', 'id?'],
  ['assessment_set_abbreviation', 'str'], ['assessment_set_name', 'str'], ['assessment_set_number', 'int'],
  ['assessment_set_heading', 'str'], ['assessment_set_color', 'str'],
] as const satisfies FieldList;

export const ASSESSMENT_ACCESS_RULE = [
  ['assessment_id', 'id'], ['assessment_name', 'str?'], ['assessment_title', 'str?'],
  ['assessment_set_abbreviation', 'str'], ['assessment_number', 'str'], ['credit', 'int?'], ['exam_uuid', 'str?'],
  ['assessment_access_rule_id', 'id'], ['mode', 'str?'], ['assessment_access_rule_number', 'int'],
  ['password', 'str?'], ['show_closed_assessment', 'bool'], ['show_closed_assessment_score', 'bool'],
  ['time_limit_min', 'int?'], ['uids', 'strs?'], ['assessment_label', 'str'], ['start_date', 'date1?'],
  ['end_date', 'date1?'],
] as const satisfies FieldList;

export const ASSESSMENT_INSTANCE = [
  ['assessment_instance_id', 'id'], ['assessment_id', 'id'], ['assessment_name', 'str?'],
  ['assessment_title', 'str?'], ['assessment_set_abbreviation', 'str'], ['assessment_number', 'str'],
  ['user_id', 'id?'], ['user_uid', 'str?'], ['user_uin', 'str?'], ['user_name', 'str?'], ['user_role', 'str'],
  ['max_points', 'num?'], ['max_bonus_points', 'num?'], ['points', 'num?'], ['score_perc', 'num?'],
  ['assessment_instance_number', 'int'], ['open', 'bool?'], ['group_id', 'id?'], ['group_name', 'str?'],
  ['group_uids', 'strs?'], ['highest_score', 'bool'], ['assessment_label', 'str'], ['modified_at', 'date1'],
  ['time_remaining', 'str'], ['start_date', 'date1?'], ['duration_seconds', 'num?'],
] as const satisfies FieldList;

export const INSTANCE_QUESTION = [
  ['zone_number', 'int'], ['zone_title', 'str?'], ['question_id', 'id'], ['question_name', 'str?'],
  ['instance_question_id', 'id'], ['instance_question_number', 'int?'], ['assessment_question_max_points', 'num?'],
  ['assessment_question_max_auto_points', 'num?'], ['assessment_question_max_manual_points', 'num?'],
  ['instance_question_points', 'num?'], ['instance_question_auto_points', 'num?'],
  ['instance_question_manual_points', 'num?'], ['instance_question_score_perc', 'num?'],
  ['highest_submission_score', 'num?'], ['last_submission_score', 'num?'], ['number_attempts', 'int'],
  ['duration_seconds', 'num?'],
] as const satisfies FieldList;

export const SUBMISSION = [
  ['submission_id', 'id'], ['user_id', 'id?'], ['user_uid', 'str?'], ['user_uin', 'str?'], ['user_name', 'str?'],
  ['user_role', 'str'], ['group_id', 'id?'], ['group_name', 'str?'], ['group_uids', 'strs?'], ['assessment_id', 'id'],
  ['assessment_name', 'str?'], ['assessment_label', 'str'], ['assessment_instance_id', 'id'],
  ['assessment_instance_number', 'int'], ['question_id', 'id'], ['question_name', 'str?'], ['question_topic', 'str'],
  ['question_tags', 'strs'], ['instance_question_id', 'id'], ['instance_question_number', 'int?'],
  ['assessment_question_max_points', 'num?'], ['assessment_question_max_auto_points', 'num?'],
  ['assessment_question_max_manual_points', 'num?'], ['instance_question_points', 'num?'],
  ['instance_question_auto_points', 'num?'], ['instance_question_manual_points', 'num?'],
  ['instance_question_score_perc', 'num?'], ['variant_id', 'id'], ['variant_number', 'int?'], ['variant_seed', 'str'],
  ['params', 'obj?'], ['true_answer', 'obj?'], ['options', 'obj?'], ['submitted_answer', 'obj?'],
  ['partial_scores', 'obj?'], ['override_score', 'num?'], ['credit', 'int?'], ['mode', 'str?'], ['score', 'num?'],
  ['correct', 'bool?'], ['feedback', 'obj?'], ['rubric_grading_computed_points', 'num?'],
  ['rubric_grading_adjust_points', 'num?'], ['rubric_grading_items', 'arr?'], ['final_submission_per_variant', 'bool'],
  ['best_submission_per_variant', 'bool'], ['date', 'date1?'], ['grading_requested_at', 'date1?'],
  ['graded_at', 'date1?'],
] as const satisfies FieldList;

export const LOG_EVENT = [
  ['event_name', 'str'], ['event_color', 'str'], ['event_date', 'date2'], ['auth_user_uid', 'str?'], ['qid', 'str?'],
  ['question_id', 'id?'], ['instance_question_id', 'id?'], ['variant_id', 'id?'], ['variant_number', 'int?'],
  ['variant_seed', 'str?'], ['submission_id', 'id?'], ['data', 'obj?'], ['client_fingerprint', 'obj?'],
  ['client_fingerprint_number', 'int?'], ['student_question_number', 'str?'], ['instructor_question_number', 'str?'],
  ['formatted_date', 'date3'], ['date_iso8601', 'date1'],
] as const satisfies FieldList;

export const CLIENT_FINGERPRINT_KEYS = [
  'id', 'user_id', 'created_at', 'ip_address', 'user_agent', 'accept_language', 'user_session_id',
] as const;

export const SYNC_START = [['job_sequence_id', 'id']] as const satisfies FieldList;

export const SYNC_STATUS = [
  ['job_sequence_id', 'id'], ['start_date', 'date2?'], ['finish_date', 'date2?'], ['status', 'str?'], ['output', 'str?'],
] as const satisfies FieldList;
