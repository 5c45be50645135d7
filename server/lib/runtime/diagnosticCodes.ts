import type { CodeInfo } from '../course';
import { allCodes } from '../questionHtml';

// A leaf of the runtime library: it loads the checkers' code lists, never the runtime itself, so that
// pl-check knows every code without loading Python's side.

/** Diagnostic codes of a question run (`pl-check --test`), beside the checkers' codes. */
export const QUESTION_TEST_CODES: Record<string, CodeInfo> = {
  'server-py-error': { severity: 'error', description: 'server.py raised an exception (at its line) while the question ran.' },
  'element-error': { severity: 'error', description: 'An element controller raised an exception while the question ran.' },
  'question-error': { severity: 'error', description: 'The question could not run: a mustache error, a data check, a timeout or the memory cap.' },
  'console-output': { severity: 'warning', description: 'Question code printed to the console (PrairieLearn logs it as a course issue).' },
  'test-mismatch': { severity: 'error', description: "The question's test() answer did not parse and grade as test() expected." },
  'correct-answer-not-full-score': { severity: 'error', description: 'The correct answer did not grade to 100%.' },
  'blank-submission-graded': { severity: 'error', description: 'An empty submission was neither a format error nor scored 0, or it broke the question.' },
  'element-not-previewed': { severity: 'information', description: 'An element has no controller in the local runtime, so it was not run.' },
  'grading-not-run': { severity: 'information', description: 'External or manual grading is not run locally, and why.' },
  'grader-failed': { severity: 'error', description: 'The external grader crashed, timed out or wrote no usable results for the reference solution.' },
  // A warning: PrairieLearn never submits ans.py, and some courses write it only to compute expected values.
  'reference-not-full-score': { severity: 'warning', description: "The Python autograder's reference solution (tests/ans.py), submitted as the student's file, did not grade to 100%." },
  'starter-full-credit': { severity: 'warning', description: 'The starter code of a file editor already earns full credit from the external grader.' },
};

/**
 * The one registry of diagnostic codes: the info-file rules', the question file checkers' and, with
 * `questionTests`, those of a question run. `--severity`, `--list-codes`, SARIF's rules and the code
 * table of docs/checks.md (`codeTableMarkdown`) all come from it.
 */
export function diagnosticCodes(options: { questionTests?: boolean } = {}): Map<string, CodeInfo> {
  const codes = new Map(allCodes());
  if (options.questionTests) {
    for (const [code, info] of Object.entries(QUESTION_TEST_CODES)) {
      if (codes.has(code)) throw new Error(`diagnostic code ${code} is declared twice`);
      codes.set(code, info);
    }
  }
  return codes;
}

/** The table of docs/checks.md: every code with its default severity and description. */
export function codeTableMarkdown(codes: Map<string, CodeInfo> = diagnosticCodes({ questionTests: true })): string {
  const rows = [...codes].map(([code, info]) => `| \`${code}\` | ${info.severity} | ${info.description.replace(/\|/g, '\\|')} |`);
  return [`<details><summary>Every diagnostic code (${codes.size}) with its default severity</summary>`, '', '| Code | Severity | When |', '|---|---|---|', ...rows, '', '</details>'].join('\n');
}
