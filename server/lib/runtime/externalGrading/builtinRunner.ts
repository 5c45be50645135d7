import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { pythonRoot } from '../pythonRoot';
import type { GradingOptions } from './gradingOptions';
import type { JobRun } from './gradingResult';
import { runBounded } from './processRun';

/** What the grader prints on stderr once its imports are done and the job starts (runner.py). */
export const START_MARKER = '[pythongrader] started';
export const LAST_DITCH_MESSAGE = 'Your code could not be processed by the autograder. Please contact course staff and have them check the logs for this submission.';

export interface BuiltinLimits {
  python: string;
  /** Address-space cap of the grading process in MiB (PrairieLearn's containers get 2 GiB). */
  memoryMb: number;
  /** The submitted file is tests/ans.py: it runs with the reference's names and no leading or trailing code. */
  referenceAsStudent?: boolean;
}

/**
 * Runs a job folder with our Python autograder (server/python/pythongrader) in a process of its
 * own: the question's timeout for the wall clock, an rlimit for memory, CPU time and file size,
 * no network unless the question enables it, writes only in the job's run/ and tmp/ folders.
 */
export async function runBuiltin(jobDir: string, options: GradingOptions, limits: BuiltinLimits): Promise<JobRun> {
  const env: NodeJS.ProcessEnv = { ...graderEnvironment() };
  for (const [k, v] of Object.entries(options.environment)) {
    if (v === null) delete env[k];
    else env[k] = v;
  }
  const outcome = await runBounded(limits.python, ['-B', '-m', 'pythongrader', ...graderArgs(jobDir, options, limits)], { cwd: jobDir, env, timeoutMs: options.timeoutSeconds * 1000, startMarker: START_MARKER });
  return jobRun(jobDir, options, outcome);
}

/** The environment the grader's Python starts with (the question's own `environment` comes on top). */
export function graderEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, PYTHONPATH: pythonRoot(), PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8', OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' };
}

/** The grader's command-line arguments for one job (runner.py parse_args). */
export function graderArgs(jobDir: string, options: GradingOptions, limits: BuiltinLimits): string[] {
  const args = [jobDir, '--memory-mb', String(limits.memoryMb), '--cpu-seconds', String(Math.ceil(options.timeoutSeconds) + 5)];
  if (options.enableNetworking) args.push('--networking');
  if (limits.referenceAsStudent) args.push('--reference-as-student');
  return args;
}

/** How the job ended and its results/results.json, as the grader-python image reports them. */
export function jobRun(jobDir: string, options: GradingOptions, outcome: { timedOut: boolean; output: string }): JobRun {
  const resultsPath = nodePath.join(jobDir, 'results', 'results.json');
  let results: Buffer | undefined;
  try {
    results = fs.readFileSync(resultsPath);
  } catch {
    results = undefined;
  }
  if (outcome.timedOut) return { exitedCleanly: false, timedOut: true, timeoutSeconds: options.timeoutSeconds, output: outcome.output };
  // The image's run.sh ends cleanly whatever its grader did, and writes this when the grader wrote nothing.
  results ??= Buffer.from(JSON.stringify({ succeeded: false, score: 0.0, message: LAST_DITCH_MESSAGE }));
  return { exitedCleanly: true, timedOut: false, timeoutSeconds: options.timeoutSeconds, output: outcome.output, results };
}
