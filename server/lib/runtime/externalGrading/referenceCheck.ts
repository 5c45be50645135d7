import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { QuestionRuntime } from '../runtime';
import type { Submission, Variant } from '../../protocol';
import { readGradingOptions, usesPythonGrader } from './gradingOptions';
import { referenceFileNames, studentFiles } from './submissionFiles';

export interface ExternalCheckProblem {
  file: string;
  line: number;
  code: 'grading-not-run' | 'grader-failed' | 'reference-not-full-score' | 'starter-full-credit';
  message: string;
}

/** The last lines of what the grader printed or reported, on one line, for a diagnostic. */
function graderOutput(s: Submission): string {
  const results = (s.feedback.results ?? {}) as Record<string, unknown>;
  const text = [typeof results.output === 'string' ? results.output : '', typeof s.feedback.message === 'string' ? s.feedback.message : '', s.graderOutput ?? '']
    .join('\n')
    .replace(/\u001b\[[0-9;]*m/g, '');
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.length > 0 ? ` | grader output: ${lines.slice(-6).join(' | ')}` : '';
}

function failedTests(s: Submission): string {
  const tests = ((s.feedback.results as Record<string, unknown> | undefined)?.tests ?? []) as Array<Record<string, unknown>>;
  const failed = tests.filter((t) => typeof t.points === 'number' && typeof t.max_points === 'number' && t.points < t.max_points);
  return failed.length > 0 ? ` (failed: ${failed.map((t) => `${String(t.name)} ${String(t.points)}/${String(t.max_points)}`).join(', ')})` : '';
}

/** The file a test class reads the student's code from, when test.py names one. */
function studentCodeFile(testPy: string): string | undefined {
  return /^\s+student_code_file\s*=\s*["']([^"']+)["']/m.exec(testPy)?.[1];
}

/** The key that marks a notebook's graded cells, when test.py changes it from "#grade". */
function notebookKey(testPy: string): string {
  return /^\s+ipynb_key\s*=\s*["']([^"']+)["']/m.exec(testPy)?.[1] ?? '#grade';
}

/** ans.py as a student would hand it in under `name`: in a notebook, as one graded cell. */
export function referenceAsFile(name: string, ans: string, key: string): string {
  if (!name.endsWith('.ipynb')) return ans;
  const cell = { cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source: `${key}\n${ans}` };
  return JSON.stringify({ cells: [cell], metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 1);
}

/** A placeholder, not a solution: only blank lines, comments and `pass`. */
function isPlaceholder(ans: string): boolean {
  return ans.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('#') || line.trim() === 'pass');
}

/**
 * The question test round (pl-check --test, test_question) for an externally graded question: the Python autograder's reference solution
 * (tests/ans.py, submitted as the student's file, run as ans.py runs: with every name of the setup
 * code and without leading or trailing code) must grade to 100%, and the file editors'
 * starter code must not. A grader crash, a missing results file or a timeout is an error with the
 * grader's output; a question that cannot be graded here is a note saying why.
 */
export async function checkExternalGrading(runtime: QuestionRuntime, variant: Variant, questionDir: string): Promise<{ problems: ExternalCheckProblem[]; referenceScore: number | null }> {
  const problems: ExternalCheckProblem[] = [];
  const infoPath = nodePath.join(questionDir, 'info.json');
  const questionHtml = nodePath.join(questionDir, 'question.html');
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(fs.readFileSync(infoPath, 'utf8')) as Record<string, unknown>;
  } catch {
    return { problems, referenceScore: null };
  }
  if (info.gradingMethod !== 'External') return { problems, referenceScore: null };
  const options = readGradingOptions(info.externalGradingOptions);
  if ('problem' in options) return { problems, referenceScore: null };
  const ansPath = nodePath.join(questionDir, 'tests', 'ans.py');
  if (!usesPythonGrader(options) || !fs.existsSync(ansPath)) {
    const why = usesPythonGrader(options) ? 'it has no reference solution tests/ans.py' : `its grader "${options.image}" has no reference solution to try`;
    problems.push({ file: infoPath, line: 1, code: 'grading-not-run', message: `External grading is not checked here: ${why}.` });
    return { problems, referenceScore: null };
  }
  const html = fs.existsSync(questionHtml) ? fs.readFileSync(questionHtml, 'utf8') : '';
  const editors = studentFiles(questionDir, variant.courseRoot, html);
  const testPy = nodePath.join(questionDir, 'tests', 'test.py');
  const testText = fs.existsSync(testPy) ? fs.readFileSync(testPy, 'utf8') : undefined;
  const named = testText === undefined ? undefined : studentCodeFile(testText);
  const ans = fs.readFileSync(ansPath, 'utf8');
  if (isPlaceholder(ans)) {
    problems.push({ file: ansPath, line: 1, code: 'grading-not-run', message: 'External grading is not checked here: tests/ans.py holds no code (only blank lines, comments or pass), so there is no reference solution to grade.' });
    return { problems, referenceScore: null };
  }
  const names = named ? [named] : referenceFileNames(editors);
  const key = notebookKey(testText ?? '');
  const reference = await runtime.gradeFiles(variant, Object.fromEntries(names.map((n) => [n, referenceAsFile(n, ans, key)])), { referenceSolution: true });
  if (reference.note) {
    problems.push({ file: infoPath, line: 1, code: 'grading-not-run', message: reference.note });
    return { problems, referenceScore: null };
  }
  const at = fs.existsSync(testPy) ? testPy : infoPath;
  if (reference.graderFailure) {
    problems.push({ file: at, line: 1, code: 'grader-failed', message: `the grader failed on the reference solution tests/ans.py: ${reference.graderFailure}${graderOutput(reference)}` });
  } else if (!reference.gradable) {
    const errors = JSON.stringify(reference.formatErrors._external_grader ?? []);
    problems.push({ file: ansPath, line: 1, code: 'reference-not-full-score', message: `the reference solution tests/ans.py was not gradable ${errors}${graderOutput(reference)}` });
  } else if ((reference.score ?? 0) < 1) {
    const why = ' (PrairieLearn never submits ans.py itself: if the tests use it only for the expected values, not as an answer, this is expected)';
    problems.push({ file: ansPath, line: 1, code: 'reference-not-full-score', message: `the reference solution tests/ans.py graded to ${Math.floor((reference.score ?? 0) * 100)}%, not 100%${failedTests(reference)}${why}` });
  }
  const starters = editors.filter((e) => e.starter !== undefined);
  if (starters.length > 0) {
    const starter = await runtime.gradeFiles(variant, Object.fromEntries(starters.map((e) => [e.name, e.starter!])));
    if (starter.gradable && !starter.graderFailure && (starter.score ?? 0) >= 1) {
      problems.push({ file: questionHtml, line: starters[0].line, code: 'starter-full-credit', message: 'the starter code already earns full credit' });
    }
  }
  for (const p of problems) p.message = p.message.replace(/\s*\n\s*/g, ' ');
  return { problems, referenceScore: reference.gradable ? reference.score : null };
}
