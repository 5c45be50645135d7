import type { CourseReader } from '../courseReader';
import type { InfoEntry } from '../course';
import type { SeverityOverrides } from '../diagnostic';

/** How a `CourseChecker` checks a course (see `checkPass.ts` for the words). */
export interface CheckOptions {
  /** Injectable clock for date-dependent rules. */
  now?: Date;
  severities?: SeverityOverrides;
  reader?: CourseReader;
  /**
   * Report JSON syntax errors. The command-line checker does; the language server leaves them to
   * the editor's own JSON support so that they do not show twice.
   */
  reportSyntaxErrors?: boolean;
  /**
   * The disk generation: a number that changes whenever a file other than the info files may have
   * changed on disk (or appeared in or left the reader's overlay); the language server counts
   * file-watcher events. While it stays the same, results that looked at other files (question.html
   * checks, the course rules that read the disk) are reused. Without it, they are computed afresh
   * on every pass.
   */
  diskGeneration?: number;
  /**
   * The entries re-read (`reloadEntry`) since this checker's last pass over the same course model.
   * When given, the other entries are taken as unchanged and their files are not looked at;
   * without it, every entry is compared with the last pass.
   */
  reloaded?: Iterable<InfoEntry>;
  /**
   * No pass will follow (the command-line checker): what only a next pass would reuse (parsed
   * question files, scanned server.py files) is not kept, which spares memory and its collection.
   */
  once?: boolean;
  /**
   * false: the question files (question.html) are left out, because the caller checks them
   * elsewhere with `checkQuestionFileAfresh` (pl-check does, on a second thread).
   */
  questionFiles?: boolean;
}
