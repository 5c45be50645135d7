import * as nodePath from 'node:path';
import { inertMarkup } from './inertMarkup';
import type { QuestionSource } from './question';
import type { JsonObject, Submission, Variant } from '../protocol';
import { isGlobPattern, WORKSPACE_PREVIEW_URL } from './workspace';
import { renderUrlOptions, submissionDynamicUrl, submissionFilesUrl, VARIANT_DYNAMIC_URL } from './urls';

/**
 * The data dict of each phase, with exactly the keys PrairieLearn gives it (docs/reference/questionLifecycle.md,
 * Keys per phase): the Python side rejects any other top-level key.
 */

function pathOptions(q: QuestionSource): JsonObject {
  return {
    question_path: q.dir,
    client_files_question_path: nodePath.join(q.dir, 'clientFilesQuestion'),
    client_files_course_path: nodePath.join(q.courseRoot, 'clientFilesCourse'),
    server_files_course_path: nodePath.join(q.courseRoot, 'serverFilesCourse'),
    course_extensions_path: nodePath.join(q.courseRoot, 'elementExtensions'),
    user: null,
    group: null,
  };
}

/** `parseInt(seed, 36)` as PrairieLearn passes `variant_seed`; NaN when the seed has no base-36 digit first. */
export function seedNumber(seed: string): number {
  return parseInt(seed, 36);
}

export function randomSeed(): string {
  return Math.floor(Math.random() * 2 ** 32).toString(36);
}

function common(q: QuestionSource, seed: string, options: JsonObject = {}): JsonObject {
  return { variant_seed: seedNumber(seed), options: { ...pathOptions(q), ...options }, preferences: { ...q.preferences } as JsonObject };
}

export function generateData(q: QuestionSource, seed: string): JsonObject {
  return { params: {}, correct_answers: {}, ...common(q, seed) };
}

/**
 * Params after generate as PrairieLearn stores them before prepare: a workspace question gets
 * `_workspace_required_file_names` (its graded files that are not glob patterns) and those names
 * appended to `_required_file_names`, so pl-workspace can report missing files.
 */
export function withWorkspaceFiles(q: QuestionSource, params: JsonObject): JsonObject {
  if (q.workspaceGradedFiles === undefined) return params;
  const names = q.workspaceGradedFiles.filter((f) => !isGlobPattern(f));
  const before = Array.isArray(params._required_file_names) ? (params._required_file_names as string[]) : [];
  return { ...params, _workspace_required_file_names: names, _required_file_names: [...before, ...names] };
}

export function prepareData(q: QuestionSource, seed: string, params: JsonObject, correctAnswers: JsonObject): JsonObject {
  return { params, correct_answers: correctAnswers, ...common(q, seed), answers_names: {} };
}

export type Panel = 'question' | 'submission' | 'answer';

/** Where render/file data comes from: a submission (with its index in render's list) or the variant alone. */
export interface DataSource {
  submission?: Submission;
  index?: number;
}

function submissionFields(variant: Variant, from: DataSource): JsonObject {
  const s = from.submission;
  return {
    params: s ? s.params : variant.params,
    correct_answers: s ? s.correctAnswers : variant.correctAnswers,
    submitted_answers: s ? s.submittedAnswers : {},
    format_errors: s ? s.formatErrors : {},
    partial_scores: s?.partialScores ?? {},
    score: s?.score ?? 0,
    feedback: s ? s.feedback : {},
    raw_submitted_answers: s ? s.raw : {},
  };
}

export function renderData(q: QuestionSource, variant: Variant, panel: Panel, from: DataSource, answerShown: boolean): JsonObject {
  const inSubmissionPanel = panel === 'submission' && from.index !== undefined;
  const dynamicUrl = inSubmissionPanel ? submissionDynamicUrl(from.index!) : VARIANT_DYNAMIC_URL;
  const filesUrl = from.index !== undefined ? submissionFilesUrl(from.index) : null;
  const fields = submissionFields(variant, from);
  return {
    ...fields,
    // The HTML a page shows from the grading: what a student wrote may be in it.
    feedback: inertMarkup(fields.feedback),
    partial_scores: inertMarkup(fields.partial_scores),
    format_errors: inertMarkup(fields.format_errors),
    ...common(q, variant.seed, { ...renderUrlOptions(dynamicUrl, filesUrl), workspace_url: q.workspace ? WORKSPACE_PREVIEW_URL : null }),
    num_valid_submissions: variant.numTries,
    editable: true,
    manual_grading: false,
    ai_grading: false,
    panel,
    correct_answer_shown: answerShown,
  };
}

export function fileData(q: QuestionSource, variant: Variant, from: DataSource, filename: string): JsonObject {
  return { ...submissionFields(variant, from), ...common(q, variant.seed), num_valid_submissions: variant.numTries, filename };
}

export function parseData(q: QuestionSource, variant: Variant, raw: Record<string, string | string[]>): JsonObject {
  return {
    params: variant.params,
    correct_answers: variant.correctAnswers,
    submitted_answers: { ...raw },
    raw_submitted_answers: { ...raw },
    feedback: {},
    format_errors: {},
    gradable: true,
    ...common(q, variant.seed),
  };
}

export function gradeData(q: QuestionSource, variant: Variant, parsed: JsonObject): JsonObject {
  return {
    params: parsed.params,
    correct_answers: parsed.correct_answers,
    submitted_answers: parsed.submitted_answers,
    format_errors: parsed.format_errors,
    partial_scores: {},
    score: 0,
    feedback: parsed.feedback,
    raw_submitted_answers: parsed.raw_submitted_answers,
    gradable: parsed.gradable,
    ...common(q, variant.seed),
  };
}

export function testData(q: QuestionSource, variant: Variant, testType: 'correct' | 'incorrect' | 'invalid'): JsonObject {
  return {
    params: variant.params,
    correct_answers: variant.correctAnswers,
    format_errors: {},
    partial_scores: {},
    score: 0,
    feedback: {},
    raw_submitted_answers: {},
    gradable: true,
    test_type: testType,
    ...common(q, variant.seed),
  };
}
