import assert from 'node:assert/strict';

/**
 * Every endpoint's keys in PrairieLearn's order with their JSON types, transcribed from
 * shared/reference/prairielearn-api.md §3. `?` = nullable. date1/date2/date3 are the three timestamp formats.
 */
export type FieldType =
  | 'id' | 'str' | 'int' | 'num' | 'bool' | 'strs' | 'obj' | 'arr' | 'date1' | 'date2' | 'date3' | 'null';
export type Shape = [key: string, type: `${FieldType}` | `${FieldType}?`][];

export const COURSE_INSTANCE_INFO: Shape = [
  ['course_instance_id', 'id'], ['course_instance_long_name', 'str?'], ['course_instance_short_name', 'str'],
  ['course_instance_course_id', 'id'], ['display_timezone', 'str'], ['course_title', 'str?'],
  ['course_short_name', 'str?'], ['deleted_at', 'null'],
];

export const GRADEBOOK_USER: Shape = [
  ['user_id', 'id'], ['user_uid', 'str'], ['user_uin', 'str?'], ['user_name', 'str?'], ['user_role', 'str'],
  ['assessments', 'arr'],
];

export const GRADEBOOK_CELL: Shape = [
  ['assessment_id', 'id'], ['assessment_name', 'str?'], ['assessment_label', 'str'],
  ['assessment_set_abbreviation', 'str'], ['assessment_number', 'str'], ['score_perc', 'num?'],
  ['max_points', 'num?'], ['points', 'num?'], ['assessment_instance_id', 'id?'], ['start_date', 'date1?'],
  ['duration_seconds', 'num?'],
];

export const COURSE_INSTANCE_ACCESS_RULE: Shape = [
  ['course_instance_id', 'id'], ['course_instance_short_name', 'str'], ['course_instance_long_name', 'str'],
  ['course_instance_course_id', 'id'], ['course_instance_access_rule_id', 'id'], ['institution', 'str?'],
  ['course_instance_access_rule_number', 'int'], ['uids', 'strs?'], ['start_date', 'date1?'], ['end_date', 'date1?'],
];

export const ASSESSMENT: Shape = [
  ['assessment_id', 'id'], ['assessment_name', 'str?'], ['assessment_label', 'str'], ['type', 'str'],
  ['assessment_number', 'str'], ['assessment_order_by', 'int?'], ['title', 'str?'], ['assessment_set_id', 'id?'],
  ['assessment_set_abbreviation', 'str'], ['assessment_set_name', 'str'], ['assessment_set_number', 'int'],
  ['assessment_set_heading', 'str'], ['assessment_set_color', 'str'],
];

export const ASSESSMENT_ACCESS_RULE: Shape = [
  ['assessment_id', 'id'], ['assessment_name', 'str?'], ['assessment_title', 'str?'],
  ['assessment_set_abbreviation', 'str'], ['assessment_number', 'str'], ['credit', 'int?'], ['exam_uuid', 'str?'],
  ['assessment_access_rule_id', 'id'], ['mode', 'str?'], ['assessment_access_rule_number', 'int'],
  ['password', 'str?'], ['show_closed_assessment', 'bool'], ['show_closed_assessment_score', 'bool'],
  ['time_limit_min', 'int?'], ['uids', 'strs?'], ['assessment_label', 'str'], ['start_date', 'date1?'],
  ['end_date', 'date1?'],
];

export const ASSESSMENT_INSTANCE: Shape = [
  ['assessment_instance_id', 'id'], ['assessment_id', 'id'], ['assessment_name', 'str?'],
  ['assessment_title', 'str?'], ['assessment_set_abbreviation', 'str'], ['assessment_number', 'str'],
  ['user_id', 'id?'], ['user_uid', 'str?'], ['user_uin', 'str?'], ['user_name', 'str?'], ['user_role', 'str'],
  ['max_points', 'num?'], ['max_bonus_points', 'num?'], ['points', 'num?'], ['score_perc', 'num?'],
  ['assessment_instance_number', 'int'], ['open', 'bool?'], ['group_id', 'id?'], ['group_name', 'str?'],
  ['group_uids', 'strs?'], ['highest_score', 'bool'], ['assessment_label', 'str'], ['modified_at', 'date1'],
  ['time_remaining', 'str'], ['start_date', 'date1?'], ['duration_seconds', 'num?'],
];

export const INSTANCE_QUESTION: Shape = [
  ['zone_number', 'int'], ['zone_title', 'str?'], ['question_id', 'id'], ['question_name', 'str?'],
  ['instance_question_id', 'id'], ['instance_question_number', 'int?'], ['assessment_question_max_points', 'num?'],
  ['assessment_question_max_auto_points', 'num?'], ['assessment_question_max_manual_points', 'num?'],
  ['instance_question_points', 'num?'], ['instance_question_auto_points', 'num?'],
  ['instance_question_manual_points', 'num?'], ['instance_question_score_perc', 'num?'],
  ['highest_submission_score', 'num?'], ['last_submission_score', 'num?'], ['number_attempts', 'int'],
  ['duration_seconds', 'num?'],
];

export const SUBMISSION: Shape = [
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
];

export const LOG_EVENT: Shape = [
  ['event_name', 'str'], ['event_color', 'str'], ['event_date', 'date2'], ['auth_user_uid', 'str?'], ['qid', 'str?'],
  ['question_id', 'id?'], ['instance_question_id', 'id?'], ['variant_id', 'id?'], ['variant_number', 'int?'],
  ['variant_seed', 'str?'], ['submission_id', 'id?'], ['data', 'obj?'], ['client_fingerprint', 'obj?'],
  ['client_fingerprint_number', 'int?'], ['student_question_number', 'str?'], ['instructor_question_number', 'str?'],
  ['formatted_date', 'date3'], ['date_iso8601', 'date1'],
];

export const CLIENT_FINGERPRINT_KEYS = [
  'id', 'user_id', 'created_at', 'ip_address', 'user_agent', 'accept_language', 'user_session_id',
];

export const SYNC_START: Shape = [['job_sequence_id', 'id']];

export const SYNC_STATUS: Shape = [
  ['job_sequence_id', 'id'], ['start_date', 'date2?'], ['finish_date', 'date2?'], ['status', 'str?'], ['output', 'str?'],
];

const DATE1 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const DATE2 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE3 = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \([^)]+\)$/;

function typeMatches(type: FieldType, v: unknown): boolean {
  switch (type) {
    case 'id':
      return typeof v === 'string' && /^[1-9]\d*$/.test(v);
    case 'str':
      return typeof v === 'string';
    case 'int':
      return Number.isInteger(v);
    case 'num':
      return typeof v === 'number' && Number.isFinite(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'strs':
      return Array.isArray(v) && v.every((s) => typeof s === 'string');
    case 'obj':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'arr':
      return Array.isArray(v);
    case 'date1':
      return typeof v === 'string' && DATE1.test(v);
    case 'date2':
      return typeof v === 'string' && DATE2.test(v);
    case 'date3':
      return typeof v === 'string' && DATE3.test(v);
    case 'null':
      return v === null;
  }
}

/** Asserts the exact keys in order and each value's type. */
export function assertShape(obj: unknown, shape: Shape, what: string): void {
  assert.ok(obj && typeof obj === 'object' && !Array.isArray(obj), `${what}: not an object`);
  assert.deepEqual(Object.keys(obj as object), shape.map(([k]) => k), `${what}: keys or their order differ`);
  for (const [key, spec] of shape) {
    const nullable = spec.endsWith('?');
    const type = spec.replace('?', '') as FieldType;
    const v = (obj as Record<string, unknown>)[key];
    if (nullable && v === null) continue;
    assert.ok(typeMatches(type, v), `${what}.${key}: ${JSON.stringify(v)} is not ${spec}`);
  }
}
