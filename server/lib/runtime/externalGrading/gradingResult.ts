import type { JsonObject } from '../../protocol';

/** What running a grading job gave: how it ended, its console output and results/results.json (if any). */
export interface JobRun {
  /** The grader process (or container) exited with status 0 before the timeout. */
  exitedCleanly: boolean;
  timedOut: boolean;
  timeoutSeconds: number;
  /** Console output of the grader, as the job's log shows it. */
  output: string;
  /** results/results.json's bytes; undefined when there is no such file. */
  results?: Buffer;
}

/** The submission fields a grading job sets. */
export interface ExternalGrade {
  score: number;
  gradable: boolean;
  /** The grading feedback the pl-external-grader-results element shows (`succeeded`, `results`, `message`...). */
  feedback: JsonObject;
  /** `{ _external_grader: [...] }` when the grader reported format errors. */
  formatErrors: JsonObject;
  /** Why the job itself failed (timeout, crash, missing or bad results); undefined when it ran. */
  failure?: string;
}

export const RESULTS_LIMIT_BYTES = 1024 * 1024;

/** The host's part: the job's status and results.json parsed, as PrairieLearn's grader host reports them. */
export function hostReport(run: JobRun): JsonObject {
  const report: JsonObject = { succeeded: run.exitedCleanly && !run.timedOut, output: run.output };
  if (run.timedOut) {
    report.timedOut = true;
    report.message = `Your grading job did not complete within the time limit of ${run.timeoutSeconds} seconds.\nPlease fix your code before submitting again.`;
    report.results = null;
    return report;
  }
  if (!report.succeeded) {
    report.results = null;
    return report;
  }
  if (run.results === undefined) {
    report.succeeded = false;
    report.message = 'The grader wrote no results/results.json.';
  } else if (run.results.length > RESULTS_LIMIT_BYTES) {
    report.succeeded = false;
    report.message = 'The grading results were larger than 1MB. If the problem persists, please contact course staff or a proctor.';
  } else {
    try {
      report.results = JSON.parse(run.results.toString('utf8').replaceAll('\0', '\ufffd')) as unknown;
    } catch {
      report.succeeded = false;
      report.message = 'Could not parse the grading results.';
    }
  }
  return report;
}

/**
 * The grade PrairieLearn records from a host report: a failed job is ungradable with score 0; a
 * results object whose `succeeded` is false scores 0; `gradable: false` is ungradable; a missing
 * score is 0; a non-numeric score fails the job; an out-of-range one makes it ungradable with the reason.
 */
export function gradeFromReport(report: JsonObject): ExternalGrade {
  const failed = (message: string, feedback: JsonObject = { succeeded: false, message }): ExternalGrade => ({ score: 0, gradable: false, feedback, formatErrors: {}, failure: message });
  if (!report.succeeded) {
    const why = typeof report.message === 'string' ? report.message : 'The grading job failed.';
    return failed(why, report);
  }
  const results = report.results;
  if (!results || typeof results !== 'object' || Array.isArray(results)) return failed("results did not contain 'results' object.");
  const r = results as JsonObject;
  let score = 0;
  if (r.score != null) {
    if (typeof r.score !== 'number' || Number.isNaN(r.score)) return failed(`score "${String(r.score)}" was not a number.`);
    score = r.score;
  }
  const formatList = typeof r.format_errors === 'string' ? [r.format_errors] : Array.isArray(r.format_errors) ? r.format_errors : [];
  const grade: ExternalGrade = { score, gradable: r.gradable !== false, feedback: report, formatErrors: { _external_grader: formatList } };
  if (r.succeeded === false) {
    grade.score = 0;
    grade.failure = typeof r.message === 'string' && r.message ? r.message : 'The grader reported that it did not succeed.';
  }
  if (grade.gradable) {
    // A missing score counts as 0, as PrairieLearn's host fills it in before this check.
    const bad = !Number.isFinite(grade.score) ? 'score is not a number' : grade.score < 0 || grade.score > 1 ? 'score is out of range' : undefined;
    if (bad) {
      const message = `Error parsing external grading results: ${bad}.`;
      return { score: 0, gradable: false, feedback: { results: { succeeded: false, gradable: false }, message, original_feedback: report }, formatErrors: grade.formatErrors, failure: message };
    }
  }
  return grade;
}
