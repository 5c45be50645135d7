import { isDeepStrictEqual } from 'node:util';
import { randomSeed, testData } from './phaseData';
import { runPhases } from './phaseRunner';
import type { PythonPool } from './pythonPool';
import { readQuestion } from './question';
import type {
  ExpectedResult, JsonObject, QuestionTestResult, RenderedQuestion, RuntimeIssue, Submission, Variant,
} from '../protocol';
import { dynamicFileNames } from './urls';

/** The runtime's phases a test round drives (QuestionRuntime has them; named here so the two do not import each other). */
export interface QuestionPhases {
  createVariant(courseRoot: string, qid: string, seed?: string): Promise<Variant>;
  render(variant: Variant, submissions?: Submission[]): Promise<RenderedQuestion>;
  submit(variant: Variant, raw: Record<string, string | string[]>, action: 'save' | 'grade', how?: { externalGrading?: boolean }): Promise<Submission>;
  file(variant: Variant, filename: string, submission?: Submission): Promise<Buffer>;
}

/**
 * One round of PrairieLearn's instructor Test with the "correct" type (docs/reference/questionLifecycle.md, Test): a new
 * variant, render (and fetch its dynamic files), test() of elements and server.py, the test
 * submission through parse and grade, the comparison, and render again.
 */
export async function runQuestionTest(runtime: QuestionPhases, pool: PythonPool, courseRoot: string, qid: string, seed = randomSeed()): Promise<QuestionTestResult> {
  const variant = await runtime.createVariant(courseRoot, qid, seed);
  const result: QuestionTestResult = { qid, seed, variant, mismatches: [], issues: [...variant.issues], passed: false };
  result.renderedBefore = await renderAndFetch(runtime, variant, [], result.issues);
  if (variant.broken) return finish(result);

  const q = readQuestion(courseRoot, qid);
  const [tested] = await runPhases(pool, q, [{ phase: 'test', data: testData(q, variant, 'correct') }]);
  result.issues.push(...tested.issues);
  if (tested.fatal) {
    result.mismatches.push('test() returned a fatal issue, skipping comparison');
    return finish(result);
  }
  const data = tested.data;
  const formatErrors = (data.format_errors as JsonObject) ?? {};
  const expected: ExpectedResult = {
    rawSubmittedAnswers: (data.raw_submitted_answers as Record<string, string | string[]>) ?? {},
    formatErrors,
    partialScores: (data.partial_scores as JsonObject) ?? {},
    score: typeof data.score === 'number' ? data.score : 0,
    gradable: Object.keys(formatErrors).length === 0,
  };
  result.expected = expected;

  // test() answers of an externally graded question are placeholders (a comment for a file
  // editor); the grader is tried on the reference solution instead (pl-check --test).
  const submission = await runtime.submit(variant, expected.rawSubmittedAnswers, 'grade', { externalGrading: false });
  result.submission = submission;
  result.issues.push(...submission.issues);
  compare(expected, submission, q.gradingMethod, result.mismatches);
  result.renderedAfter = await renderAndFetch(runtime, variant, [submission], result.issues);
  return finish(result);
}

async function renderAndFetch(runtime: QuestionPhases, variant: Variant, submissions: Submission[], issues: RuntimeIssue[]): Promise<RenderedQuestion> {
  const rendered = await runtime.render(variant, submissions);
  issues.push(...rendered.issues);
  if (variant.broken) return rendered;
  const html = [rendered.questionHtml, ...rendered.submissionHtmls, rendered.answerHtml ?? ''].join('\n');
  for (const name of dynamicFileNames(html)) {
    try {
      await runtime.file(variant, name);
    } catch (err) {
      const found = (err as { issues?: RuntimeIssue[] }).issues ?? [];
      issues.push(...(found.length > 0 ? found : [{ message: (err as Error).message, fatal: true, phase: 'file' as const }]));
    }
  }
  return rendered;
}

function compare(expected: ExpectedResult, submission: Submission, gradingMethod: string, mismatches: string[]): void {
  if (submission.broken) {
    mismatches.push('submission is broken, skipping comparison');
    return;
  }
  const check = (field: string, want: unknown, got: unknown) => {
    if (!isDeepStrictEqual(want, got)) mismatches.push(`"${field}" mismatch: expected "${JSON.stringify(want)}" but got "${JSON.stringify(got)}"`);
  };
  check('gradable', expected.gradable, submission.gradable);
  check('format_errors', Object.keys(expected.formatErrors).sort(), Object.keys(submission.formatErrors).sort());
  if (!expected.gradable || !submission.gradable) return;
  if (gradingMethod !== 'Internal') return;
  check('partial_scores', expected.partialScores, submission.partialScores);
  check('score', expected.score, submission.score);
}

function finish(result: QuestionTestResult): QuestionTestResult {
  result.passed = result.issues.length === 0 && result.mismatches.length === 0 && !result.variant.broken;
  return result;
}
