import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import {
  loadCourse, applySeverityOverrides, findCourseRoots, type CourseDiagnostic, type Severity,
  type SeverityOverrides,
} from '../../lib/course';
import {
  EXTERNAL_NOT_RUN, findPython, QuestionRuntime, QUESTION_TEST_CODES, type RuntimeIssue, type RuntimeOptions,
} from '../../lib/runtime';
import { checkExternalGrading } from './externalGradingCheck';
import { UsageError } from './options';
import { selectShard, type Shard } from './shard';
import type { CheckResult, CheckedCourse, Problem } from './runCheck';

/** One question variant in `--format json`. */
export interface VariantReport {
  qid: string;
  seed: string;
  rendered: boolean;
  unsupportedElements: string[];
  correctAnswerScore: number | null;
  /** Externally graded questions: the reference solution's score (null when not graded here). */
  referenceScore: number | null;
  error: string | null;
}

export interface QuestionTestRun extends CheckResult {
  variants: VariantReport[];
}

export interface QuestionTestOptions {
  folder: string;
  qids: string[];
  variants: number;
  /** Only this part of the questions (after the QIDs given, if any). */
  shard?: Shard;
  severities?: SeverityOverrides;
  runtime?: RuntimeOptions;
  /** Called after each variant (for progress). */
  onVariant?: (report: VariantReport) => void;
}

/**
 * pl-check --test: every question (or the QIDs given) of the course in `folder`, `variants` new
 * variants each, through PrairieLearn's instructor Test ("correct" type), a blank submission and
 * renders of all panels; problems as diagnostics at the file and line at fault.
 */
export async function runQuestionTests(options: QuestionTestOptions): Promise<QuestionTestRun> {
  const abs = nodePath.resolve(options.folder);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new UsageError(`not a folder: ${options.folder}`);
  const roots = findCourseRoots(abs);
  if (roots.length !== 1) throw new UsageError(`--test needs one course folder (a folder with infoCourse.json), found ${roots.length} in ${options.folder}`);
  const course = loadCourse(roots[0]);
  const all = [...course.questions.keys()].sort();
  for (const qid of options.qids) if (!course.questions.has(qid)) throw new UsageError(`no question "${qid}" in ${roots[0]}`);
  const qids = selectShard(options.qids.length > 0 ? options.qids : all, options.shard);
  const checked: CheckedCourse = { root: course.root, scannedFolder: abs, files: qids.length };
  // No Python, no run: said once, plainly, like a usage problem (exit status 2).
  const python = await findPython(options.runtime?.python);
  if (!python.ok) throw new UsageError(python.message);
  const poolSize = options.runtime?.poolSize ?? 2;
  const runtime = new QuestionRuntime({ ...options.runtime, python: python.python, poolSize });
  // The same problem in several variants is reported once, with the first seed and a count.
  const problems = new Map<string, { problem: Omit<Problem, 'scannedFolder'>; qid: string; seeds: string[] }>();
  const variants: VariantReport[] = [];
  const work = qids.flatMap((qid) => Array.from({ length: options.variants }, () => qid));
  try {
    let next = 0;
    const worker = async () => {
      while (next < work.length) {
        const qid = work[next++];
        const report = await testVariant(runtime, course.root, qid, (p, seed) => {
          const key = `${qid}|${p.code}|${p.file}|${p.line}|${p.message}`;
          const seen = problems.get(key);
          if (seen) {
            if (!seen.seeds.includes(seed)) seen.seeds.push(seed);
          }
          else problems.set(key, { problem: p, qid, seeds: [seed] });
        });
        variants.push(report);
        options.onVariant?.(report);
      }
    };
    // One question at a time per helper, so that each question's calls reuse that helper's worker.
    await Promise.all(Array.from({ length: poolSize }, worker));
  } finally {
    await runtime.dispose();
  }
  variants.sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  const found: Problem[] = [...problems.values()].map(({ problem, qid, seeds }) => {
    const more = seeds.length > 1 ? ` and ${seeds.length - 1} more variant${seeds.length > 2 ? 's' : ''}` : '';
    return { ...problem, scannedFolder: abs, message: `${problem.message} (${qid}, variant seed ${seeds[0]}${more})` };
  });
  // Overrides read only code and severity, which a Problem has as a course diagnostic does.
  const sorted = applySeverityOverrides(found as unknown as CourseDiagnostic[], options.severities) as unknown as Problem[];
  sorted.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.message < b.message ? -1 : 1)));
  return { courses: [checked], problems: sorted, variants };
}

type Report = (p: Omit<Problem, 'scannedFolder'>, seed: string) => void;

async function testVariant(runtime: QuestionRuntime, root: string, qid: string, reportTo: Report): Promise<VariantReport> {
  const questionDir = nodePath.join(root, 'questions', ...qid.split('/'));
  const result = await runtime.test(root, qid);
  const seed = result.seed;
  const report = (p: Omit<Problem, 'scannedFolder'>) => reportTo(p, seed);
  const out: VariantReport = { qid, seed, rendered: false, unsupportedElements: [], correctAnswerScore: null, referenceScore: null, error: null };
  const fail = (message: string) => (out.error ??= message);
  for (const issue of result.issues) {
    report(issueProblem(issue, questionDir, ''));
    if (issue.fatal) fail(issue.message);
  }
  const rendered = result.renderedAfter ?? result.renderedBefore;
  out.rendered = Boolean(rendered) && !result.variant.broken && ![rendered!.questionHtml, ...rendered!.submissionHtmls, rendered!.answerHtml].some((h) => h === 'Error rendering question');
  out.unsupportedElements = [...new Set([...(result.renderedBefore?.unsupportedElements ?? []), ...(result.renderedAfter?.unsupportedElements ?? [])])];
  const questionHtml = nodePath.join(questionDir, 'question.html');
  for (const tag of out.unsupportedElements) {
    report(at(questionHtml, lineOf(questionHtml, `<${tag}`), 'element-not-previewed', `<${tag}> is not run by the local runtime, so its answers are not tested here`));
  }
  const submission = result.submission;
  if (submission?.note && submission.note !== EXTERNAL_NOT_RUN) report(at(nodePath.join(questionDir, 'info.json'), 1, 'grading-not-run', submission.note));
  // Whatever the elements' test() answers did (they are placeholders for a grader), the grader is tried on the reference.
  if (!result.variant.broken) {
    const external = await checkExternalGrading(runtime, result.variant, questionDir);
    out.referenceScore = external.referenceScore;
    for (const p of external.problems) {
      report(at(p.file, p.line, p.code, p.message));
      if (QUESTION_TEST_CODES[p.code].severity === 'error') fail(p.message);
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
    for (const issue of blank.issues) report(issueProblem(issue, questionDir, 'blank submission'));
    const ok = !blank.broken && (Object.keys(blank.formatErrors).length > 0 || !blank.graded || blank.score === 0);
    if (!ok) {
      const what = blank.broken ? 'broke the question' : `was graded ${Math.floor((blank.score ?? 0) * 100)}% without a format error`;
      report(at(questionHtml, 1, 'blank-submission-graded', `an empty submission ${what}`));
      fail(`an empty submission ${what}`);
    }
  }
  return out;
}

function issueProblem(issue: RuntimeIssue, questionDir: string, context: string): Omit<Problem, 'scannedFolder'> {
  const file = issue.file && fs.existsSync(issue.file) ? issue.file : nodePath.join(questionDir, 'question.html');
  let code = 'question-error';
  if (!issue.fatal) code = 'console-output';
  else if (issue.file?.endsWith(`${nodePath.sep}server.py`) && issue.traceback) code = 'server-py-error';
  else if (/^Error in element /.test(issue.message)) code = 'element-error';
  // One line per problem: printed output keeps its line breaks as " | ".
  const message = issue.message.trim().replace(/\s*\n\s*/g, ' | ') + (context ? ` [${context}]` : '');
  return at(file, issue.line ?? 1, code, message);
}

function at(file: string, line: number, code: string, message: string): Omit<Problem, 'scannedFolder'> {
  const severity: Severity = QUESTION_TEST_CODES[code].severity;
  return { file, line, column: 1, endLine: line, endColumn: 1, severity, code, message, related: [] };
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
