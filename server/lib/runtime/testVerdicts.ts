import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { Severity } from '../course';
import type { QuestionRuntime } from './runtime';
import { QUESTION_TEST_CODES } from './diagnosticCodes';
import { checkExternalGrading } from './externalGrading/referenceCheck';
import { EXTERNAL_NOT_RUN } from './runtime';
import { notRunMessage } from './notRunReasons';
import { isPrairieLearnElement } from './phaseRunner';
import type { QuestionTestResult, RuntimeIssue, Submission } from '../protocol';

/** One problem a question test found, at the file and line at fault (1-based). */
export interface TestFinding {
  file: string;
  line: number;
  code: string;
  severity: Severity;
  message: string;
}

/** What one tested variant came to. */
export interface VariantVerdict {
  qid: string;
  seed: string;
  /** Every panel rendered, and the variant is not broken. */
  rendered: boolean;
  unsupportedElements: string[];
  /** The score of test()'s correct answer, when it was graded. */
  correctAnswerScore: number | null;
  /** Externally graded questions: the reference solution's score (null when not graded here). */
  referenceScore: number | null;
  /** The first failure, in words; null when the variant passed. */
  error: string | null;
  findings: TestFinding[];
  /** The instructor Test round, for callers that show more (answers, scores). */
  result: QuestionTestResult;
  /** The blank submission, unless the variant broke first or is a legacy v2 one. */
  blank?: Submission;
}

/**
 * The question test round of one variant, shared by pl-check --test and the agent tool test_question:
 * PrairieLearn's instructor Test ("correct"), an externally graded question's reference solution and
 * starter code, a blank submission that must be refused or scored 0, and renders of all panels.
 */
export async function testVariant(runtime: QuestionRuntime, root: string, qid: string, seed?: string): Promise<VariantVerdict> {
  const questionDir = nodePath.join(root, 'questions', ...qid.split('/'));
  const result = await runtime.test(root, qid, seed);
  const findings: TestFinding[] = [];
  const report = (f: TestFinding) => findings.push(f);
  const out: VariantVerdict = { qid, seed: result.seed, rendered: false, unsupportedElements: [], correctAnswerScore: null, referenceScore: null, error: null, findings, result };
  const fail = (message: string) => (out.error ??= message);
  for (const issue of result.issues) {
    report(issueFinding(issue, questionDir, ''));
    if (issue.fatal) fail(issue.message);
  }
  const rendered = result.renderedAfter ?? result.renderedBefore;
  out.rendered = Boolean(rendered) && !result.variant.broken && ![rendered!.questionHtml, ...rendered!.submissionHtmls, rendered!.answerHtml].some((h) => h === 'Error rendering question');
  // A pl-* tag PrairieLearn has no element for is plain HTML there too (the checker's unknown-element
  // warning says so): only PrairieLearn's own elements that do not run here count as not run.
  const boxed = [...(result.renderedBefore?.unsupportedElements ?? []), ...(result.renderedAfter?.unsupportedElements ?? [])];
  out.unsupportedElements = [...new Set(boxed)].filter(isPrairieLearnElement);
  const questionHtml = nodePath.join(questionDir, 'question.html');
  for (const tag of out.unsupportedElements) {
    report(at(questionHtml, lineOf(questionHtml, `<${tag}`), 'element-not-previewed', notRunMessage(tag)));
  }
  const submission = result.submission;
  // External grading's own note is replaced by checkExternalGrading's, which says more.
  if (submission?.note && submission.note !== EXTERNAL_NOT_RUN) report(at(nodePath.join(questionDir, 'info.json'), 1, 'grading-not-run', submission.note));
  // Whatever the elements' test() answers did (they are placeholders for a grader), the grader is tried on the reference.
  if (!result.variant.broken) {
    const external = await checkExternalGrading(runtime, result.variant, questionDir);
    out.referenceScore = external.referenceScore;
    for (const p of external.problems) {
      const finding = at(p.file, p.line, p.code, p.message);
      report(finding);
      if (finding.severity === 'error') fail(p.message);
    }
  }
  for (const m of result.mismatches) {
    if (!m.includes('skipping comparison')) {
      report(at(questionHtml, 1, 'test-mismatch', m));
      fail(m);
    }
  }
  if (submission?.graded) {
    out.correctAnswerScore = submission.score;
    // A question with nothing to grade (no partial scores either way) has no correct answer to check.
    const gradesSomething = Object.keys(submission.partialScores ?? {}).length > 0 || Object.keys(result.expected?.partialScores ?? {}).length > 0;
    if (gradesSomething && (submission.score ?? 0) < 1) {
      const message = `the correct answer graded to ${Math.floor((submission.score ?? 0) * 100)}%, not 100%`;
      report(at(questionHtml, 1, 'correct-answer-not-full-score', message));
      fail(message);
    }
  }
  // PrairieLearn's v2 client submits nothing until every answer is filled in, so a blank v2 submission cannot happen.
  if (!result.variant.broken && !result.legacy) {
    const blank = await runtime.submit(result.variant, {}, 'grade');
    out.blank = blank;
    for (const issue of blank.issues) report(issueFinding(issue, questionDir, 'blank submission'));
    const ok = !blank.broken && (Object.keys(blank.formatErrors).length > 0 || !blank.graded || blank.score === 0);
    if (!ok) {
      const what = blank.broken ? 'broke the question' : `was graded ${Math.floor((blank.score ?? 0) * 100)}% without a format error`;
      report(at(questionHtml, 1, 'blank-submission-graded', `an empty submission ${what}`));
      fail(`an empty submission ${what}`);
    }
  }
  return out;
}

function issueFinding(issue: RuntimeIssue, questionDir: string, context: string): TestFinding {
  const file = issue.file && fs.existsSync(issue.file) ? issue.file : nodePath.join(questionDir, 'question.html');
  let code = 'question-error';
  if (!issue.fatal) code = 'console-output';
  else if (issue.file?.endsWith(`${nodePath.sep}server.py`) && issue.traceback) code = 'server-py-error';
  else if (/^Error in element /.test(issue.message)) code = 'element-error';
  // One line per problem: printed output keeps its line breaks as " | ".
  const message = issue.message.trim().replace(/\s*\n\s*/g, ' | ') + (context ? ` [${context}]` : '');
  return at(file, issue.line ?? 1, code, message);
}

function at(file: string, line: number, code: string, message: string): TestFinding {
  return { file, line, code, severity: QUESTION_TEST_CODES[code].severity, message };
}

function lineOf(file: string, needle: string): number {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const i = text.toLowerCase().indexOf(needle.toLowerCase());
    return i < 0 ? 1 : text.slice(0, i).split('\n').length;
  } catch {
    return 1;
  }
}
