// The per-file errors and warnings in a sync job's output, so that they can be shown on the files they
// name. PrairieLearn's syncDiskToSql writes (docs/reference/instructorApi.md, The sync job's output),
// after its one-line summary (✓ / ⚠ / ✖ at the start of a line):
//   \x1b[1m• questions/foo/info.json\x1b[22m            bold, the path relative to the course root
//   \x1b[91m  ✖ <error>\x1b[39m                           red, one per error
//   \x1b[93m  ⚠ <warning>\x1b[39m                         yellow, one per warning
// with line breaks inside a message indented by four spaces (chalk closes and reopens its colour around each).
import { stripAnsi } from './syncOutput';

export type SyncSeverity = 'error' | 'warning';

export interface SyncProblem {
  /** Relative to the course root, with forward slashes, as PrairieLearn prints it. */
  file: string;
  message: string;
  severity: SyncSeverity;
}

const SUMMARY = /^[✓⚠✖] /;
const FILE = /^• (.+)$/;
const PROBLEM = /^ {2}([✖⚠]) (.*)$/;
const CONTINUATION = /^ {4}(.*)$/;

/**
 * The problems the sync reported, file by file in its order. Undefined when the output never got to the
 * database step's summary (the job failed before it, e.g. in git), so it says nothing about the files.
 */
export function parseSyncProblems(output: string | null | undefined): SyncProblem[] | undefined {
  if (!output) return undefined;
  const lines = stripAnsi(output).replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((line) => SUMMARY.test(line));
  if (start < 0) return undefined;
  const problems: SyncProblem[] = [];
  let file: string | undefined;
  let last: SyncProblem | undefined;
  for (const line of lines.slice(start + 1)) {
    let m: RegExpExecArray | null;
    if ((m = FILE.exec(line))) {
      file = m[1].trim();
      last = undefined;
    } else if (file && (m = PROBLEM.exec(line))) {
      last = { file, message: m[2], severity: m[1] === '✖' ? 'error' : 'warning' };
      problems.push(last);
    } else if (last && (m = CONTINUATION.exec(line))) {
      last.message += `\n${m[1]}`;
    } else {
      // Anything else (chunk lists, the closing failure line, a blank line) ends the per-file report.
      file = undefined;
      last = undefined;
    }
  }
  return problems;
}

/** A folder of the workspace holding a course (its infoCourse.json) and that file's names. */
export interface CourseFolder {
  path: string;
  /** infoCourse.json "name", which PrairieLearn shows as the course's short name. */
  name?: string;
}

/**
 * Where the synced course is in the workspace: the course folder whose infoCourse.json name is the course's
 * short name; or, the short name unknown, the only course folder. Undefined when it cannot be told.
 */
export function pickCourseFolder(folders: CourseFolder[], courseShortName: string | undefined): CourseFolder | undefined {
  if (courseShortName) {
    const named = folders.filter((f) => f.name === courseShortName);
    return named.length === 1 ? named[0] : undefined;
  }
  return folders.length === 1 ? folders[0] : undefined;
}

/** Course-relative paths only: nothing absolute, nothing climbing out of the course folder. */
export function isCourseRelative(file: string): boolean {
  return !/^([a-z]:)?[\\/]/i.test(file) && !file.split(/[\\/]/).includes('..');
}
