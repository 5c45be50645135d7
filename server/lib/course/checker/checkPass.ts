import type { Course, InfoEntry } from '../course';
import type { CourseReader } from '../courseReader';
import type { RuleContext } from '../rules/rule';

/*
 * The checker's words for what changed, used in every module of this folder:
 *
 * - pass: one `CourseChecker.update` (or `check`) of a course model. Each brings what it kept
 *   from the last pass up to date and keeps what the next may reuse (`keep`; not with `once`).
 * - disk generation: the caller's number for everything beyond the info files' and question
 *   files' own text (`CheckOptions.diskGeneration`). A result that read the disk holds while it is
 *   the same; without one, such results are computed afresh on every pass.
 * - reloaded: the entries the caller says it re-read since the last pass (an input only).
 * - changed: an entry whose own result (data, UUID, error state) differs from the last pass
 *   (`changedEntries`), or a file whose diagnostics may differ (`changedFiles`, the output).
 * - sweep: a pass that reads every question file; sweeps are numbered, and a question file not
 *   found by the latest sweep is forgotten. Other passes re-read only the editor's question files.
 * - current: a kept result whose inputs (text, course model, hour, disk generation, checker key)
 *   are all the same as now, and so is reused as it is.
 */

/** The hour of `now`: results that read the clock (date rules) are current within the same hour. */
export function hourOf(now: Date): number {
  return Math.floor(now.getTime() / 3_600_000);
}

/** What every step of one pass works with, handed along as one object. */
export interface CheckPass {
  course: Course;
  now: Date;
  /** The hour of `now`: per-file results (date rules) are current within the same hour. */
  hour: number;
  reader: CourseReader;
  diskGeneration: number | undefined;
  /** Another pass will follow: keep what only it would reuse. */
  keep: boolean;
  /** The rules' view of the course in this pass, without recording what they read. */
  ctx: RuleContext;
  changedEntries: Set<InfoEntry>;
  changedFiles: Set<string>;
}

/** Whether two lists hold the very same items in the same order (undefined: differs from every list). */
export function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  if (a === b) return true;
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
