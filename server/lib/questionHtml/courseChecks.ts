import { CourseChecker, infoFileCodes, type CodeInfo, type QuestionFileChecker } from '../course';
import { questionFileCheckers } from './checkTemplate';

export type { CheckOptions } from '../course';
export { questionFileCheckers };

/** The names of the question files those checks read. */
export const QUESTION_FILE_NAMES: ReadonlySet<string> = new Set(questionFileCheckers().map((c) => c.fileName));

/**
 * The course library's checker composed as the editor and pl-check use it: the info files, and
 * question.html (by default with a server.py cache of its own; a course state passes its own).
 * The reference sync's status checker is the library's plain `new CourseChecker()` (info files only).
 */
export function newCourseChecker(checkers: readonly QuestionFileChecker[] = questionFileCheckers()): CourseChecker {
  return new CourseChecker(checkers);
}

let codes: Map<string, CodeInfo> | undefined;

/** Every diagnostic code those checks emit, with its default severity and description. */
export function allCodes(): Map<string, CodeInfo> {
  if (!codes) {
    codes = new Map(infoFileCodes());
    for (const checker of questionFileCheckers()) {
      for (const [code, info] of Object.entries(checker.codes)) {
        if (codes.has(code)) throw new Error(`diagnostic code ${code} is declared twice`);
        codes.set(code, info);
      }
    }
  }
  return codes;
}
