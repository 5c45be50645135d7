import type { CourseReader } from '../courseReader';
import type { CodeInfo } from '../diagnostic';

/**
 * A check of one more file in each question folder (question.html), so that its problems come
 * with the info files'. Whoever composes a `CourseChecker` hands it these (the course library
 * knows none). `prepare` works on the text alone and is cached by text. `begin` gathers what a
 * pass over the course needs once (the course's element names...); its `check` may also look at
 * other files of the question, so its results are reused only while `key`, the text and the disk
 * generation stay the same.
 *
 * `check` and `prepare` are methods, not function-valued properties: TypeScript compares method
 * parameters both ways, so a checker of its own `Prepared` type fits in a list of `QuestionFileChecker`.
 */
export interface QuestionFileChecker<Prepared = unknown> {
  fileName: string;
  codes: Record<string, CodeInfo>;
  prepare(text: string): Prepared;
  /** The report for a file that is there but cannot be read (`code`: EACCES...). */
  unreadable(code: string): QuestionFileReport;
  /**
   * One note per course on infoCourse.json that counts the uses of some codes (hints that stay out of
   * the Problems panel), so that they are seen once instead of once per use. `code` is one of `codes`.
   */
  summary?: { code: string; counts(code: string): boolean; message(uses: number, files: number): string };
  /** `keep`: another pass will follow, so what only it would reuse (scanned server.py files) may be kept. */
  begin(courseRoot: string, reader: CourseReader, keep: boolean): QuestionFileRun<Prepared>;
}

/** One pass of a `QuestionFileChecker` over the question files of a course. */
export interface QuestionFileRun<Prepared = unknown> {
  key: string;
  check(prepared: Prepared, questionDir: string, path: string): QuestionFileReport[];
}

/**
 * What a question file's check reports, as its rules report it (question.html's rules too): offsets
 * into the file's text; `questionFileStore.ts` makes it a `CourseDiagnostic`.
 */
export interface QuestionFileReport {
  code: string;
  message: string;
  start: number;
  end: number;
  /** Other places in the same file. */
  related?: { start: number; end: number; message: string }[];
  data?: Record<string, unknown>;
}
