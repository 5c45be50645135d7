/**
 * The messages between the question runtime (server/lib/runtime/pythonPool.ts) and its Python helper
 * (server/python/plruntime/zygote.py): one JSON object a line, requests on the helper's descriptor 3,
 * replies on descriptor 4. server/python/plruntime/protocol.py declares the same messages as
 * TypedDicts; test/lib/protocol/pythonHelper.test.ts checks that the two agree, field by field.
 *
 * The helper first says `HelperReady`; the runtime uses a helper only when its `protocol` is
 * `PYTHON_HELPER_PROTOCOL`. Then each `HelperRequest` gets one `HelperReply` with the same id and seq.
 */

/** The version both sides speak; a change of any message below changes it. */
export const PYTHON_HELPER_PROTOCOL = 2;

/** The helper's first line, once its heavy imports are warm. */
export interface HelperReady {
  ready: true;
  protocol: number;
  /** The Python version, e.g. "3.11.7". */
  version: string;
}

/** One phase of a call unit: generate, prepare, render, parse, grade, test or file. */
export interface PhaseJob {
  phase: string;
  /** question.html after mustache and markdown; absent for generate. */
  html?: string;
  data: Record<string, unknown>;
  partialCredit?: boolean;
  /** render: the nonce every `<script>` tag of the output gets (see RenderedQuestion.nonce). */
  nonce?: string;
}

/** A call unit of phase jobs that share one RNG seeding, as the runtime composes it. */
export interface UnitRequest {
  courseRoot: string;
  questionDir: string;
  knownElements: string[];
  /** Child-only tags (pl-answer, pl-location...): left as they are, not boxed as unknown elements. */
  childTags?: string[];
  jobs: PhaseJob[];
}

/** A unit as sent: the pool adds the request's id and seq and the limits the helper enforces. */
export interface HelperRequest extends UnitRequest {
  id: number;
  seq: number;
  /** Per phase. */
  timeoutMs: number;
  /** All phases of the unit together. */
  questionTimeoutMs: number;
  /** Address space of the worker that runs course code. */
  memoryMb: number;
}

/** Something course code did that the author should hear of; `fatal` ones break the variant or submission. */
export interface PhaseIssue {
  message: string;
  fatal: boolean;
  phase: string;
  file?: string;
  line?: number;
  traceback?: string;
}

export interface PhaseResult {
  data: Record<string, unknown>;
  html?: string;
  /** base64, file phase only. */
  file?: string;
  fatal: boolean;
  issues: PhaseIssue[];
  processedElements: string[];
  unsupportedElements: string[];
}

export type HelperErrorKind = 'timeout' | 'recursion' | 'crash' | 'memory' | 'protocol';

/** Why a unit has no results: the call was killed, crashed or could not be read. */
export interface HelperError {
  kind: HelperErrorKind;
  message: string;
}

export interface ResultsReply {
  id: number;
  seq: number;
  results: PhaseResult[];
}

export interface ErrorReply {
  id: number;
  seq: number;
  error: HelperError;
}

export type HelperReply = ResultsReply | ErrorReply;

/** A reply as the pool hands it on, without the id and seq it was matched by. */
export type UnitReply = Omit<ResultsReply, 'id' | 'seq'> | Omit<ErrorReply, 'id' | 'seq'>;
