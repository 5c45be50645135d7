import { randomBytes } from 'node:crypto';
import { gradeExternally, type ExternalOutcome } from './externalGrading/externalGrader';
import { findPython } from './findPython';
import { buildHeadHtml, type ElementDependencies } from './headHtml';
import {
  fileData, generateData, gradeData, parseData, prepareData, randomSeed, renderData, seedNumber, testData,
  withWorkspaceFiles, type Panel, type DataSource,
} from './phaseData';
import { runPhases, type PhaseCall } from './phaseRunner';
import { PythonPool } from './pythonPool';
import { pythonRoot } from './pythonRoot';
import { createLegacyVariant, renderLegacy, submitLegacy, testLegacy } from './legacy/legacyRuntime';
import type { LegacyLimits } from './legacy/legacyWorker';
import { jobData } from './externalGrading/jobFolder';
import { WarmGrader } from './externalGrading/warmGrader';
import { readGradingOptions, usesPythonGrader } from './externalGrading/gradingOptions';
import { readQuestion, type QuestionSource } from './question';
import { runQuestionTest, type QuestionPhases } from './questionTest';
import type {
  JsonObject, QuestionTestResult, RenderedQuestion, RuntimeIssue, RuntimeOptions, Submission, Variant,
} from '../protocol';

export const BROKEN_QUESTION = 'Broken question due to error in question code';
export const BROKEN_SUBMISSION = 'Broken submission due to error in question code';
export const RENDER_ERROR = 'Error rendering question';
export const EXTERNAL_NOT_RUN = 'External grading is not run here: this question is graded by an external grader when it runs in PrairieLearn.';
export const MANUAL_NOT_RUN = 'This question is graded manually; nothing is graded automatically.';

/** Thrown by file() when the file cannot be made; `issues` says why. */
export class FileError extends Error {
  constructor(message: string, readonly issues: RuntimeIssue[]) {
    super(message);
  }
}

export class QuestionRuntime implements QuestionPhases {
  private pool?: Promise<PythonPool>;
  private python?: Promise<string>;
  private warmGrader?: Promise<WarmGrader>;
  private disposed = false;

  constructor(private readonly options: RuntimeOptions = {}) {}

  /** The first working Python, found once. */
  private getPython(): Promise<string> {
    this.python ??= findPython(this.options.python).then((found) => {
      if (!found.ok) throw new Error(found.message);
      return found.python;
    });
    return this.python;
  }

  /** The helper pool, started on first use with the first working Python. */
  private getPool(): Promise<PythonPool> {
    if (this.disposed) return Promise.reject(new Error('the question runtime was disposed'));
    this.pool ??= this.getPython().then((python) => new PythonPool(python, pythonRoot(), this.options.poolSize ?? 2, this.options.timeoutMs ?? 10000, this.options.memoryMb ?? 2048, this.options.questionTimeoutMs));
    return this.pool;
  }

  /** The built-in Python autograder's warm process, started on first use. */
  private getWarmGrader(): Promise<WarmGrader> {
    if (this.disposed) return Promise.reject(new Error('the question runtime was disposed'));
    this.warmGrader ??= this.getPython().then((python) => new WarmGrader(python));
    return this.warmGrader;
  }

  /** A Python autograder question will be graded soon: its grader warms up while the variant is made. */
  private prestartGrader(q: QuestionSource): void {
    if (q.gradingMethod !== 'External' || this.options.externalGrading === 'off' || this.options.externalGrading === 'container') return;
    const options = readGradingOptions(q.externalGradingOptions);
    if ('problem' in options || !usesPythonGrader(options)) return;
    this.getWarmGrader().then((warm) => warm.prestart(), () => undefined);
  }

  /** The bounds of one legacy v2 call (its own Node process), the same as a Python phase's. */
  private get legacyLimits(): LegacyLimits {
    return { timeoutMs: this.options.timeoutMs ?? 10000, memoryMb: this.options.memoryMb ?? 2048 };
  }

  /** Python helper process ids (for memory measurements). */
  async helperPids(): Promise<number[]> {
    return (await this.getPool()).pids();
  }

  async createVariant(courseRoot: string, qid: string, seed?: string): Promise<Variant> {
    const q = readQuestion(courseRoot, qid);
    const variant: Variant = { courseRoot: q.courseRoot, qid, seed: seed ?? randomSeed(), params: {}, correctAnswers: {}, broken: false, issues: [...q.issues], numTries: 0 };
    if (q.issues.length > 0) return { ...variant, broken: true };
    const n = seedNumber(variant.seed);
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) {
      variant.issues.push({ message: `variant seed "${variant.seed}" is not a base-36 number below 2^32`, fatal: true, phase: 'generate' });
      return { ...variant, broken: true };
    }
    if (q.legacyType) return createLegacyVariant(q, variant, this.legacyLimits);
    this.prestartGrader(q);
    const pool = await this.getPool();
    const [generated] = await runPhases(pool, q, [{ phase: 'generate', data: generateData(q, variant.seed) }]);
    variant.issues.push(...generated.issues);
    if (generated.fatal) return { ...variant, broken: true };
    const gen = generated.data;
    const [prepared] = await runPhases(pool, q, [{ phase: 'prepare', data: prepareData(q, variant.seed, withWorkspaceFiles(q, gen.params as JsonObject), gen.correct_answers as JsonObject) }]);
    variant.issues.push(...prepared.issues);
    if (prepared.fatal) return { ...variant, broken: true, params: gen.params as JsonObject, correctAnswers: gen.correct_answers as JsonObject };
    return { ...variant, params: prepared.data.params as JsonObject, correctAnswers: prepared.data.correct_answers as JsonObject };
  }

  /**
   * The panels as the instructor preview shows them, in one call unit: question (with the latest
   * submission's data), the newest 3 submissions (newest first), and the answer panel when
   * showCorrectAnswer is true and there is a submission. `submissions` is oldest first.
   */
  async render(variant: Variant, submissions: Submission[] = []): Promise<RenderedQuestion> {
    const q = readQuestion(variant.courseRoot, variant.qid);
    const answerShown = q.showCorrectAnswer && submissions.length > 0;
    const rendered: RenderedQuestion = { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [...q.issues] };
    if (variant.broken || q.issues.length > 0) {
      rendered.questionHtml = BROKEN_QUESTION;
      rendered.submissionHtmls = submissions.slice(-3).map(() => BROKEN_QUESTION);
      if (answerShown) rendered.answerHtml = BROKEN_QUESTION;
      return rendered;
    }
    if (q.legacyType) {
      const legacy = await renderLegacy(q, variant, submissions, answerShown, this.legacyLimits);
      return { ...legacy, issues: [...rendered.issues, ...legacy.issues] };
    }
    const latestIndex = submissions.map((s) => !s.broken).lastIndexOf(true);
    const panels: Array<{ panel: Panel; from: DataSource; broken?: boolean }> = [];
    panels.push({ panel: 'question', from: latestIndex >= 0 ? { submission: submissions[latestIndex], index: latestIndex } : {} });
    for (let i = submissions.length - 1; i >= Math.max(0, submissions.length - 3); i--) {
      panels.push({ panel: 'submission', from: { submission: submissions[i], index: i }, broken: submissions[i].broken });
    }
    if (answerShown) panels.push({ panel: 'answer', from: latestIndex >= 0 ? { submission: submissions[latestIndex], index: latestIndex } : {} });
    const live = panels.filter((p) => !p.broken);
    rendered.nonce = randomBytes(18).toString('base64');
    const calls: PhaseCall[] = live.map((p) => ({ phase: 'render', data: renderData(q, variant, p.panel, p.from, answerShown), nonce: rendered.nonce }));
    const outcomes = await runPhases(await this.getPool(), q, calls);
    const html = new Map<(typeof panels)[number], string>();
    const deps: ElementDependencies[] = [];
    live.forEach((p, i) => {
      const o = outcomes[i];
      rendered.issues.push(...o.issues);
      html.set(p, o.fatal ? RENDER_ERROR : (o.html ?? ''));
      for (const tag of o.result?.unsupportedElements ?? []) if (!rendered.unsupportedElements.includes(tag)) rendered.unsupportedElements.push(tag);
      deps.push(...((o.result as { elementDependencies?: ElementDependencies[] } | undefined)?.elementDependencies ?? []));
    });
    for (const p of panels) {
      const text = p.broken ? BROKEN_SUBMISSION : (html.get(p) ?? '');
      if (p.panel === 'question') rendered.questionHtml = text;
      else if (p.panel === 'submission') rendered.submissionHtmls.push(text);
      else rendered.answerHtml = text;
    }
    rendered.headHtml = buildHeadHtml(q, deps, rendered.nonce);
    return rendered;
  }

  /** Save (parse) or Save & Grade, as PrairieLearn's pipeline does (docs/reference/questionLifecycle.md, Scores); writes params back to the variant. */
  async submit(variant: Variant, raw: Record<string, string | string[]>, action: 'save' | 'grade', how: { externalGrading?: boolean } = {}): Promise<Submission> {
    const q = readQuestion(variant.courseRoot, variant.qid);
    const submission: Submission = {
      raw,
      submittedAnswers: { ...raw },
      formatErrors: {},
      partialScores: null,
      score: null,
      feedback: {},
      gradable: false,
      broken: false,
      params: variant.params,
      correctAnswers: variant.correctAnswers,
      graded: false,
      issues: [...q.issues],
    };
    if (variant.broken || q.issues.length > 0) {
      submission.broken = true;
      submission.issues.push({ message: 'the variant is broken, so nothing can be submitted', fatal: true, phase: 'parse' });
      return submission;
    }
    if (q.legacyType) {
      const legacy = await submitLegacy(q, variant, raw, action, this.legacyLimits);
      if (legacy.graded || action === 'save' || legacy.broken) return legacy;
      return { ...legacy, note: q.gradingMethod === 'External' ? EXTERNAL_NOT_RUN : MANUAL_NOT_RUN };
    }
    const pool = await this.getPool();
    const [parsed] = await runPhases(pool, q, [{ phase: 'parse', data: parseData(q, variant, raw) }]);
    submission.issues.push(...parsed.issues);
    if (parsed.fatal) return { ...submission, broken: true };
    this.takeParsed(submission, parsed.data);
    variant.params = submission.params;
    variant.correctAnswers = submission.correctAnswers;
    if (action === 'save' || !submission.gradable) return submission;
    if (q.gradingMethod === 'External' && how.externalGrading !== false) return this.gradeExternal(q, variant, submission);
    if (q.gradingMethod !== 'Internal') {
      submission.note = q.gradingMethod === 'External' ? EXTERNAL_NOT_RUN : MANUAL_NOT_RUN;
      return submission;
    }
    return this.grade(pool, q, variant, submission, parsed.data);
  }

  private takeParsed(submission: Submission, data: JsonObject): void {
    submission.submittedAnswers = (data.submitted_answers as JsonObject) ?? {};
    submission.formatErrors = (data.format_errors as JsonObject) ?? {};
    submission.feedback = (data.feedback as JsonObject) ?? {};
    submission.params = (data.params as JsonObject) ?? {};
    submission.correctAnswers = (data.correct_answers as JsonObject) ?? {};
    submission.gradable = Object.keys(submission.formatErrors).length === 0;
  }

  private async grade(pool: PythonPool, q: QuestionSource, variant: Variant, submission: Submission, parsed: JsonObject): Promise<Submission> {
    const [graded] = await runPhases(pool, q, [{ phase: 'grade', data: gradeData(q, variant, { ...parsed, gradable: true }) }]);
    submission.issues.push(...graded.issues);
    if (graded.fatal) return { ...submission, broken: true, gradable: false };
    const data = graded.data;
    this.takeParsed(submission, data);
    variant.params = submission.params;
    variant.correctAnswers = submission.correctAnswers;
    if (!submission.gradable) return submission;
    submission.graded = true;
    submission.partialScores = (data.partial_scores as JsonObject) ?? {};
    submission.score = typeof data.score === 'number' ? data.score : 0;
    variant.numTries++;
    return submission;
  }

  /**
   * Grades files as the submission of an externally graded question, without the elements' parse
   * (pl-check --test grades the reference solution and the starter code this way). `files` maps
   * file names to their text.
   */
  async gradeFiles(variant: Variant, files: Record<string, string>, how: { referenceSolution?: boolean } = {}): Promise<Submission> {
    const q = readQuestion(variant.courseRoot, variant.qid);
    const submittedAnswers = { _files: Object.entries(files).map(([name, text]) => ({ name, contents: Buffer.from(text, 'utf8').toString('base64') })) };
    const submission: Submission = {
      raw: {}, submittedAnswers, formatErrors: {}, partialScores: null, score: null, feedback: {}, gradable: true, broken: false,
      params: variant.params, correctAnswers: variant.correctAnswers, graded: false, issues: [...q.issues],
    };
    return this.gradeExternal(q, variant, submission, how.referenceSolution);
  }

  private async gradeExternal(q: QuestionSource, variant: Variant, submission: Submission, referenceAsStudent = false): Promise<Submission> {
    const data = jobData({
      params: submission.params, correctAnswers: submission.correctAnswers, submittedAnswers: submission.submittedAnswers,
      formatErrors: submission.formatErrors, rawSubmittedAnswers: submission.raw, seed: variant.seed, gradable: submission.gradable,
    });
    const outcome: ExternalOutcome = await gradeExternally(q.courseRoot, q.dir, q.externalGradingOptions, data, {
      mode: this.options.externalGrading ?? 'auto',
      engine: this.options.containerEngine ?? 'auto',
      python: await this.getPython(),
      memoryMb: this.options.memoryMb ?? 2048,
      referenceAsStudent,
      warm: await this.getWarmGrader(),
    });
    if ('notRun' in outcome) return { ...submission, note: outcome.notRun };
    const { grade } = outcome;
    const formatErrors = { ...submission.formatErrors };
    const graderErrors = grade.formatErrors._external_grader;
    if (Array.isArray(graderErrors) && graderErrors.length > 0) formatErrors._external_grader = graderErrors;
    const graded: Submission = {
      ...submission,
      formatErrors,
      feedback: grade.feedback,
      gradable: grade.gradable,
      graded: grade.gradable,
      // PrairieLearn keeps an external grader's score as it is: partialCredit applies to internal grading only.
      score: grade.gradable ? grade.score : null,
      partialScores: grade.gradable ? {} : null,
      externalGrader: outcome.grader,
      graderOutput: outcome.output,
      graderFailure: grade.failure,
    };
    if (grade.gradable) variant.numTries++;
    return graded;
  }

  /** A dynamic file (`generatedFilesQuestion`) from the elements' and server.py's file(). */
  async file(variant: Variant, filename: string, submission?: Submission): Promise<Buffer> {
    const q = readQuestion(variant.courseRoot, variant.qid);
    if (variant.broken || q.issues.length > 0) throw new FileError(`Error creating file: ${filename} (the variant is broken)`, q.issues);
    if (q.legacyType) throw new FileError(`Error creating file: ${filename} (a legacy v2 question makes no files here)`, []);
    const [outcome] = await runPhases(await this.getPool(), q, [{ phase: 'file', data: fileData(q, variant, { submission }, filename) }]);
    if (outcome.fatal) throw new FileError(`Error creating file: ${filename}`, outcome.issues);
    return outcome.file ?? Buffer.alloc(0);
  }

  /**
   * The raw answers the elements' and server.py's test() make for `type` (as PrairieLearn's instructor
   * Test submits them); undefined when the variant is broken or test() failed (`issues` says why).
   */
  async testAnswers(variant: Variant, type: 'correct' | 'incorrect'): Promise<{ raw?: Record<string, string | string[]>; issues: RuntimeIssue[] }> {
    const q = readQuestion(variant.courseRoot, variant.qid);
    if (variant.broken || q.issues.length > 0) return { issues: q.issues };
    if (q.legacyType) return { issues: [{ message: 'a legacy v2 question has no test(); PrairieLearn offers no Test for it', fatal: true, phase: 'test' }] };
    const [tested] = await runPhases(await this.getPool(), q, [{ phase: 'test', data: testData(q, variant, type) }]);
    if (tested.fatal) return { issues: tested.issues };
    return { raw: (tested.data.raw_submitted_answers as Record<string, string | string[]>) ?? {}, issues: tested.issues };
  }

  /** PrairieLearn's instructor Test with the "correct" type (docs/reference/questionLifecycle.md, Test). */
  async test(courseRoot: string, qid: string, seed?: string): Promise<QuestionTestResult> {
    const q = readQuestion(courseRoot, qid);
    if (q.legacyType && q.issues.length === 0) {
      const fresh = seed ?? randomSeed();
      const variant: Variant = { courseRoot: q.courseRoot, qid, seed: fresh, params: {}, correctAnswers: {}, broken: false, issues: [], numTries: 0 };
      return testLegacy(q, variant, this.legacyLimits);
    }
    return runQuestionTest(this, await this.getPool(), courseRoot, qid, seed);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const pool = this.pool;
    this.pool = undefined;
    const warm = this.warmGrader;
    this.warmGrader = undefined;
    await Promise.all([pool && (await pool.catch(() => undefined))?.dispose(), warm && (await warm.catch(() => undefined))?.dispose()]);
  }
}
