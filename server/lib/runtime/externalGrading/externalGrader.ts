import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import type { JsonObject } from '../../protocol';
import { runBuiltin } from './builtinRunner';
import { findEngine, runContainer, type Engine, type EnginePreference } from './containerRunner';
import { readGradingOptions, usesPythonGrader, type GradingOptions } from './gradingOptions';
import { gradeFromReport, hostReport, type ExternalGrade, type JobRun } from './gradingResult';
import { buildJobFolder } from './jobFolder';
import type { WarmGrader } from './warmGrader';

/** auto: the built-in runner for the Python autograder, a container for any other image; or only one of them; or none. */
export type ExternalGradingMode = 'auto' | 'builtin' | 'container' | 'off';

export interface ExternalGradingSettings {
  mode: ExternalGradingMode;
  engine: EnginePreference;
  python: string;
  memoryMb: number;
  /** The submission is the reference solution (see BuiltinLimits.referenceAsStudent). */
  referenceAsStudent?: boolean;
  /** Runs built-in jobs in a warm process; without it each job starts a fresh Python. */
  warm?: WarmGrader;
}

export type Grader = 'builtin' | Engine;

export type ExternalOutcome = { grade: ExternalGrade; grader: Grader; output: string } | { notRun: string };

/** Which grader would run this question under these settings, or why none can. */
export async function chooseGrader(options: GradingOptions, mode: ExternalGradingMode, engine: EnginePreference): Promise<{ grader: Grader } | { notRun: string }> {
  if (mode === 'off') return { notRun: 'External grading is turned off here, so this submission is not graded.' };
  const builtin = usesPythonGrader(options);
  if (mode === 'builtin' || (mode === 'auto' && builtin)) {
    if (builtin) return { grader: 'builtin' };
    return { notRun: `This question's grader (image "${options.image}"${options.entrypoint ? `, entrypoint "${options.entrypoint.join(' ')}"` : ''}) runs only in a container; the built-in grader runs prairielearn/grader-python questions with the image's own entrypoint.` };
  }
  const found = await findEngine(engine);
  if ('engine' in found) return { grader: found.engine };
  return {
    notRun:
      `This question is graded in the "${options.image}" image, which needs Docker or Podman: ${found.problem}. ` +
      'Install Docker (https://docs.docker.com/get-docker/) or Podman and start it, then submit again.',
  };
}

/**
 * Grades one submission in a job folder made for it (in the system's temporary folder, removed
 * afterwards): the built-in runner or the question's image in a container, then the results read
 * back as PrairieLearn reads them.
 */
export async function gradeExternally(courseRoot: string, questionDir: string, rawOptions: unknown, data: JsonObject, settings: ExternalGradingSettings): Promise<ExternalOutcome> {
  const options = readGradingOptions(rawOptions);
  if ('problem' in options) return { notRun: `External grading cannot run: ${options.problem}.` };
  const chosen = await chooseGrader(options, settings.mode, settings.engine);
  if ('notRun' in chosen) return chosen;
  const dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'pl-grade-'));
  try {
    let run: JobRun;
    try {
      buildJobFolder(dir, courseRoot, questionDir, options, data);
    } catch (err) {
      const message = `The grading job could not be made: ${(err as Error).message}`;
      return { grade: gradeFromReport({ succeeded: false, message }), grader: chosen.grader, output: '' };
    }
    if (chosen.grader === 'builtin') {
      const limits = { python: settings.python, memoryMb: settings.memoryMb, referenceAsStudent: settings.referenceAsStudent };
      run = settings.warm ? await settings.warm.run(dir, options, limits) : await runBuiltin(dir, options, limits);
    }
    else run = await runContainer(chosen.grader, dir, options);
    return { grade: gradeFromReport(hostReport(run)), grader: chosen.grader, output: run.output };
  } finally {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // files a container's root user made can stay behind in the temporary folder
    }
  }
}
