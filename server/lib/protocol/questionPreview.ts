/**
 * The custom LSP requests of the question preview, shared by the language server and the extension
 * (types only: the client imports nothing else from server/). Each method maps to [params, result].
 */
import type { JsonObject, RenderedQuestion, RuntimeIssue } from './questionRuntime';

export type { RuntimeIssue };

/** Where the question is and which Python runs it (the client's `prairielearn.python`, or none). */
export interface QuestionRef {
  /** Absolute path of the question's folder (the one holding info.json). */
  questionDir: string;
  python?: string;
}

/** What the last submission came to, for the score line of the preview. */
export interface SubmissionSummary {
  action: 'save' | 'grade';
  score: number | null;
  graded: boolean;
  gradable: boolean;
  broken: boolean;
  formatErrors: JsonObject;
  note?: string;
}

export interface PreviewState {
  session: string;
  courseRoot: string;
  qid: string;
  seed: string;
  broken: boolean;
  params: JsonObject;
  correctAnswers: JsonObject;
  rendered: RenderedQuestion;
  /** Oldest first, as rendered. */
  submissions: SubmissionSummary[];
  /** Issues of the variant, the submissions and this render, each once. */
  issues: RuntimeIssue[];
  /** After a refresh: the re-generated variant has the same params and correct answers as before. */
  sameVariant: boolean;
}

/** A submission as PrairieLearn's API returns it (docs/reference/instructorApi.md), the fields a render needs. */
export interface SubmissionRecord {
  params?: JsonObject | null;
  true_answer?: JsonObject | null;
  submitted_answer?: JsonObject | null;
  raw_submitted_answer?: JsonObject | null;
  format_errors?: JsonObject | null;
  partial_scores?: JsonObject | null;
  score?: number | null;
  feedback?: JsonObject | null;
  variant_seed?: string | null;
  gradable?: boolean | null;
}

/** A file a rendered page refers to, as base64 (dynamic files and uploaded submission files). */
export interface PreviewFile {
  base64?: string;
  error?: string;
}

export interface PreviewRequests {
  /** A new variant (random seed unless given) and its first render. */
  'prairielearn/preview/createVariant': [QuestionRef & { seed?: string }, PreviewState];
  /** The files changed: the same seed generated again, submissions kept when the variant is the same. */
  'prairielearn/preview/render': [{ session: string }, PreviewState];
  'prairielearn/preview/submit': [{ session: string; raw: Record<string, string | string[]>; action: 'save' | 'grade' }, PreviewState];
  /** `url` is a `plfile:/generatedFilesQuestion/...` or `plfile:/submissionFiles/...` placeholder. */
  'prairielearn/preview/file': [{ session: string; url: string }, PreviewFile];
  /** A submission from the API, rendered in the question's own panels (a session of its own). */
  'prairielearn/preview/renderSubmission': [QuestionRef & { submission: SubmissionRecord }, PreviewState];
  'prairielearn/preview/close': [{ session: string }, null];
}

export type PreviewMethod = keyof PreviewRequests;

/** Error code of a request that failed because no Python can run questions (data: the message). */
export const NO_PYTHON_CODE = -32050;
