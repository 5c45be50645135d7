// Legacy v2 questions (Calculation, Checkbox, MultipleChoice, MultipleTrueFalse, File), run as
// PrairieLearn runs them: generate = server.js getData(seed, options, questionDir); grade =
// gradeAnswer(seed, params, trueAnswer, submittedAnswer, options), rounded to 0 or 1 without partial
// credit; nothing else runs on the server. The panels are the v2 templates filled with the variant,
// which PrairieLearn's v2 client does in the browser; here the worker fills them.
import type { QuestionSource } from '../question';
import type {
  JsonObject, QuestionTestResult, RenderedQuestion, RuntimeIssue, RuntimePhase, Submission, Variant,
} from '../../protocol';
import { callLegacyWorker, type LegacyCallOutcome, type LegacyLimits } from './legacyWorker';

export const LEGACY_NOTE_CLASS = 'pl-legacy-note';

function request(q: QuestionSource, func: string, extra: Record<string, unknown>): Record<string, unknown> {
  return { func, type: q.legacyType, questionDir: q.dir, coursePath: q.courseRoot, partialCredit: q.partialCredit, ...extra };
}

function issueOf(outcome: LegacyCallOutcome, phase: RuntimePhase, q: QuestionSource): RuntimeIssue {
  const trace = [outcome.stack, outcome.output].filter(Boolean).join('\n');
  const line = /server\.js:(\d+)/.exec(outcome.stack ?? '')?.[1];
  return { message: `Error in v2 server.js or template (${phase}): ${outcome.message}`, fatal: true, phase, file: `${q.dir}/server.js`, ...(line ? { line: Number(line) } : {}), ...(trace ? { traceback: trace } : {}) };
}

function variantData(v: Variant) {
  return { seed: v.seed, params: v.params, trueAnswer: v.correctAnswers, options: v.options ?? {} };
}

/** What the preview says about the panels it cannot draw as PrairieLearn's v2 client does. */
function note(q: QuestionSource): string {
  return `<p class="${LEGACY_NOTE_CLASS} muted">Legacy v2 "${q.legacyType}" question: its templates are filled and its server.js grades here; PrairieLearn's v2 client (client.js, live rivets bindings, its own scripts and MathJax) does not run in the preview, so inputs are plain form fields.</p>`;
}

export async function createLegacyVariant(q: QuestionSource, variant: Variant, limits: LegacyLimits): Promise<Variant> {
  const out = await callLegacyWorker(request(q, 'generate', { seed: variant.seed, options: q.options }), q.dir, limits);
  if (!out.ok) return { ...variant, broken: true, issues: [...variant.issues, issueOf(out, 'generate', q)] };
  const r = out.result as JsonObject;
  return { ...variant, params: (r.params as JsonObject) ?? {}, correctAnswers: (r.true_answer as JsonObject) ?? {}, options: (r.options as JsonObject) ?? {} };
}

export async function renderLegacy(q: QuestionSource, variant: Variant, submissions: Submission[], answerShown: boolean, limits: LegacyLimits): Promise<RenderedQuestion> {
  const rendered: RenderedQuestion = { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] };
  const latest = [...submissions].reverse().find((s) => !s.broken);
  const base = { params: variant.params, trueAnswer: variant.correctAnswers };
  const shown = submissions.slice(-3).reverse();
  const panels = [
    { panel: 'question', data: { ...base, submittedAnswer: latest?.submittedAnswers ?? {}, feedback: latest?.feedback ?? {} } },
    ...shown.map((s) => ({ panel: 'submission', data: { ...base, submittedAnswer: s.submittedAnswers, feedback: s.feedback } })),
    ...(answerShown ? [{ panel: 'answer', data: { ...base, submittedAnswer: latest?.submittedAnswers ?? {}, feedback: latest?.feedback ?? {} } }] : []),
  ];
  const out = await callLegacyWorker(request(q, 'render', { panels }), q.dir, limits);
  if (!out.ok) {
    rendered.issues.push(issueOf(out, 'render', q));
    rendered.questionHtml = 'Error rendering question';
    return rendered;
  }
  const htmls = ((out.result as JsonObject).panels as Array<{ html: string }>).map((p) => p.html);
  rendered.questionHtml = note(q) + htmls[0];
  rendered.submissionHtmls = htmls.slice(1, 1 + shown.length);
  if (answerShown) rendered.answerHtml = htmls[1 + shown.length];
  return rendered;
}

/** Save reads the form as the v2 client would; Save & Grade also grades (v2 questions have no format errors). */
export async function submitLegacy(q: QuestionSource, variant: Variant, raw: Record<string, string | string[]>, action: 'save' | 'grade', limits: LegacyLimits, useTrueAnswer = false): Promise<Submission> {
  const submission: Submission = {
    raw, submittedAnswers: {}, formatErrors: {}, partialScores: null, score: null, feedback: {}, gradable: true, broken: false,
    params: variant.params, correctAnswers: variant.correctAnswers, graded: false, issues: [],
  };
  // Externally or manually graded v2 questions are not graded by server.js in PrairieLearn either.
  const func = action === 'grade' && q.gradingMethod === 'Internal' ? 'grade' : 'parse';
  const out = await callLegacyWorker(request(q, func, { ...variantData(variant), raw, useTrueAnswer }), q.dir, limits);
  if (!out.ok) return { ...submission, broken: true, gradable: false, issues: [issueOf(out, action === 'grade' ? 'grade' : 'parse', q)] };
  const r = out.result as JsonObject;
  submission.submittedAnswers = (r.submitted_answer as JsonObject) ?? {};
  if (action === 'save') return submission;
  if (q.gradingMethod !== 'Internal') return submission;
  submission.graded = true;
  submission.score = typeof r.score === 'number' ? r.score : 0;
  submission.partialScores = {};
  submission.feedback = (r.feedback as JsonObject) ?? {};
  variant.numTries++;
  return submission;
}

/**
 * pl-check --test for a v2 question: PrairieLearn has no Test for these, so the check is the one an
 * author makes by hand: a new variant, its panels, and its true answer submitted as the v2 client
 * would send it, which must score 100%.
 */
export async function testLegacy(q: QuestionSource, variant: Variant, limits: LegacyLimits): Promise<QuestionTestResult> {
  const made = await createLegacyVariant(q, variant, limits);
  const result: QuestionTestResult = { qid: q.qid, seed: variant.seed, variant: made, mismatches: [], issues: [...made.issues], passed: false, legacy: true };
  if (!made.broken) {
    result.renderedBefore = await renderLegacy(q, made, [], false, limits);
    result.issues.push(...result.renderedBefore.issues);
    const raw = Object.fromEntries(Object.entries(made.correctAnswers).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const submission = await submitLegacy(q, made, raw, 'grade', limits, true);
    result.submission = submission;
    result.issues.push(...submission.issues);
    if (!submission.broken && q.gradingMethod === 'Internal' && submission.score !== 1) {
      result.mismatches.push(`"score" mismatch: the true answer scored ${JSON.stringify(submission.score)}, expected 1`);
    }
    result.renderedAfter = await renderLegacy(q, made, [submission], q.showCorrectAnswer, limits);
    result.issues.push(...result.renderedAfter.issues);
  }
  result.passed = result.issues.length === 0 && result.mismatches.length === 0 && !made.broken;
  return result;
}
