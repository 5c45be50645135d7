import type { CodeInfo } from '../../lib/course/diagnostic';

// Apart from questionTests.ts, so that pl-check knows these codes without loading the question runtime.
/** Diagnostic codes of `pl-check --test`, beside the course rules' codes. */
export const QUESTION_TEST_CODES: Record<string, CodeInfo> = {
  'server-py-error': { severity: 'error', description: 'server.py raised an exception (at its line) while the question ran.' },
  'element-error': { severity: 'error', description: 'An element controller raised an exception while the question ran.' },
  'question-error': { severity: 'error', description: 'The question could not run: a mustache error, a data check, a timeout or the memory cap.' },
  'console-output': { severity: 'warning', description: 'Question code printed to the console (PrairieLearn logs it as a course issue).' },
  'test-mismatch': { severity: 'error', description: "The question's test() answer did not parse and grade as test() expected." },
  'correct-answer-not-full-score': { severity: 'error', description: 'The correct answer did not grade to 100%.' },
  'blank-submission-graded': { severity: 'error', description: 'An empty submission was neither a format error nor scored 0, or it broke the question.' },
  'element-not-previewed': { severity: 'information', description: 'An element has no controller in the local runtime, so it was not run.' },
  'grading-not-run': { severity: 'information', description: 'External or manual grading is not run locally.' },
};

/** The course rules' codes plus those of --test, for --severity, --list-codes and SARIF rules. */
export function withQuestionTestCodes(codes: Map<string, CodeInfo>): Map<string, CodeInfo> {
  return new Map([...codes, ...Object.entries(QUESTION_TEST_CODES)]);
}
