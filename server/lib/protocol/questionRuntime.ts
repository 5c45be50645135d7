/** The data types of the question runtime's API, which cross to the language server and the extension (the functions are in server/lib/runtime/index.ts). */

export interface RuntimeOptions {
  /** Python executable; default: the first of `python3`, `/usr/bin/python3` that imports numpy and lxml. */
  python?: string;
  /** Helper processes running at most this many calls at once (default 2). */
  poolSize?: number;
  /** Limit for one phase call (elements + server.py) in milliseconds (default 10000). */
  timeoutMs?: number;
  /** Address-space cap of each call's process in MiB (default 2048). */
  memoryMb?: number;
  /** Limit for all phase calls of one unit together (a render of several panels) in milliseconds (default 30000). */
  questionTimeoutMs?: number;
  /** How externally graded questions grade on Save & Grade (default auto: see externalGrading/externalGrader.ts). */
  externalGrading?: 'auto' | 'builtin' | 'container' | 'off';
  /** The container engine for graders in an image (default auto: docker, then podman). */
  containerEngine?: 'auto' | 'docker' | 'podman' | 'off';
}

export interface PythonInfo {
  ok: true;
  /** The executable that worked. */
  python: string;
  /** `sys.version`, first line. */
  version: string;
}

export interface PythonProblem {
  ok: false;
  /** What was tried and what to install, in words for an author. */
  message: string;
}

export type RuntimePhase = 'generate' | 'prepare' | 'render' | 'parse' | 'grade' | 'test' | 'file' | 'setup';

/** A course issue: fatal ones break the variant or submission, others (printed output) only inform. */
export interface RuntimeIssue {
  message: string;
  fatal: boolean;
  phase: RuntimePhase;
  /** Absolute path of the file at fault (server.py, an element controller, question.html). */
  file?: string;
  /** 1-based line in `file`. */
  line?: number;
  traceback?: string;
}

export type JsonObject = Record<string, unknown>;

export interface Variant {
  courseRoot: string;
  qid: string;
  /** Base-36 seed string, as PrairieLearn stores it. */
  seed: string;
  params: JsonObject;
  correctAnswers: JsonObject;
  /** A fatal issue in generate or prepare: every panel shows the broken-question text. */
  broken: boolean;
  issues: RuntimeIssue[];
  /** Graded, gradable submissions so far (`num_valid_submissions` in render). Updated by submit(). */
  numTries: number;
  /** A legacy v2 variant's options (its tolerances, the built-in types' settings), as its server.js returned them. */
  options?: JsonObject;
}

export interface Submission {
  raw: Record<string, string | string[]>;
  submittedAnswers: JsonObject;
  formatErrors: JsonObject;
  /** null when not graded (save only, ungradable, external or manual grading). */
  partialScores: JsonObject | null;
  score: number | null;
  feedback: JsonObject;
  gradable: boolean;
  broken: boolean;
  /** The variant's params / correct answers as parse and grade left them (also written back to the variant). */
  params: JsonObject;
  correctAnswers: JsonObject;
  /** Whether grading ran; false for save, ungradable, broken, external and manual grading. */
  graded: boolean;
  /** Why a gradable submission was not graded here (external or manual grading). */
  note?: string;
  /** For external grading: what graded it, its console output, and why the job failed (timeout, crash, no results). */
  externalGrader?: 'builtin' | 'docker' | 'podman';
  graderOutput?: string;
  graderFailure?: string;
  issues: RuntimeIssue[];
}

export interface RenderedQuestion {
  questionHtml: string;
  /** Newest first, at most 3. */
  submissionHtmls: string[];
  /** Present when the answer panel is shown (showCorrectAnswer and at least one submission). */
  answerHtml?: string;
  /** `<link>`/`<script>` tags for the dependencies of the elements that rendered and of info.json. */
  headHtml: string;
  /**
   * The CSP nonce that every `<script>` tag written by question.html, the elements, server.py and
   * the dependencies carries (fresh for each render). A page shows the panels under this nonce, so
   * only those scripts run; a student's answer is only ever text in them.
   */
  nonce?: string;
  /** Tags known to PrairieLearn that have no controller here; each rendered as a marked box. */
  unsupportedElements: string[];
  issues: RuntimeIssue[];
}

/** The expected result that test() of the elements and server.py made. */
export interface ExpectedResult {
  rawSubmittedAnswers: Record<string, string | string[]>;
  formatErrors: JsonObject;
  partialScores: JsonObject;
  score: number;
  gradable: boolean;
}

export interface QuestionTestResult {
  qid: string;
  seed: string;
  variant: Variant;
  /** Absent when the variant is broken or test() had a fatal issue. */
  expected?: ExpectedResult;
  submission?: Submission;
  /** The panels before and after the test submission. */
  renderedBefore?: RenderedQuestion;
  renderedAfter?: RenderedQuestion;
  /** `"<field>" mismatch: expected ... but got ...` and the skip messages of the instructor Test (docs/reference/questionLifecycle.md, Test). */
  mismatches: string[];
  /** Every issue of every step, in order. */
  issues: RuntimeIssue[];
  /** No issue at all and no mismatch (PrairieLearn's pass rule). */
  passed: boolean;
  /** A legacy v2 question: its true answer was graded (PrairieLearn has no Test for these). */
  legacy?: boolean;
}
