import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import {
  allEntries, loadCourse, findCourseRoots, nodeCourseReader, applySeverityOverrides, limitFindings, courseNotes, SourceText,
  type CourseDiagnostic, type Severity, type Positions, type SeverityOverrides, type TextRange,
} from '../../lib/course';
import { UsageError } from './options';
import { newCourseChecker } from '../../lib/questionHtml';
import type { QuestionFileThread } from './questionFileThread';

/** A place in a file with 1-based lines and columns; the end column is exclusive. */
export interface Span {
  /** Absolute path. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface RelatedSpan extends Span {
  message: string;
}

export interface Problem extends Span {
  /** The folder given on the command line that led to this course. */
  scannedFolder: string;
  severity: Severity;
  code: string;
  message: string;
  related: RelatedSpan[];
}

export interface CheckedCourse {
  root: string;
  scannedFolder: string;
  /** Info files checked. */
  files: number;
}

export interface CheckResult {
  courses: CheckedCourse[];
  /** Sorted by course, then file, then position. */
  problems: Problem[];
}

export interface RunOptions {
  severities?: SeverityOverrides;
  now?: Date;
  /**
   * A second thread (started by pl-check before it loads the checkers): the question files are then
   * checked on it, and it is closed at the end. Without it, all on this one.
   */
  questionFileThread?: QuestionFileThread;
}

/**
 * Finds the courses in `folders` (each a course root or a folder containing courses) and checks
 * them as the editor does, syntax errors included. Bad folders are usage errors.
 */
export async function checkFolders(folders: string[], options: RunOptions = {}): Promise<CheckResult> {
  const courses: CheckedCourse[] = [];
  const seen = new Set<string>();
  for (const folder of folders) {
    const abs = nodePath.resolve(folder);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      throw new UsageError(`folder not found: ${folder}`);
    }
    if (!stat.isDirectory()) throw new UsageError(`not a folder: ${folder}`);
    const roots = findCourseRoots(abs);
    if (roots.length === 0) throw new UsageError(`no PrairieLearn course (a folder with infoCourse.json) in ${folder}`);
    for (const root of roots) {
      if (seen.has(root)) continue;
      seen.add(root);
      courses.push({ root, scannedFolder: abs, files: 0 });
    }
  }

  const checker = newCourseChecker();
  const thread = options.questionFileThread;
  const problems: Problem[] = [];
  try {
    for (const checked of courses) {
      thread?.startCourse(checked.root);
      const course = loadCourse(checked.root, nodeCourseReader, thread && ((question) => thread.addQuestion(question.dir)));
      // The last questions go now, not after the info file checks below.
      thread?.flush();
      const files = new Map<string, Positions | undefined>();
      for (const entry of allEntries(course)) files.set(entry.path, entry.file);
      const diagnostics = checker.check(course, { reportSyntaxErrors: true, severities: options.severities, now: options.now, once: true, questionFiles: !thread });
      // Info files, and the question files (question.html) that were found and read.
      checked.files = files.size;
      if (thread) {
        const results = await thread.endCourse(checked === courses[courses.length - 1]);
        checked.files += results.found;
        for (const file of results.files) {
          files.set(file.path, new SourceText(file.text));
          for (const d of applySeverityOverrides(file.diagnostics, options.severities)) diagnostics.push(d);
        }
        // The course notes the checker adds when it checks the question files itself.
        const notes = courseNotes(checker.questionFileCheckers, course.info.path, results.files.map((f) => ({ path: f.path, diagnostics: f.diagnostics })));
        for (const d of applySeverityOverrides(notes, options.severities)) diagnostics.push(d);
      } else {
        for (const q of course.questions.values()) {
          for (const { fileName } of checker.questionFileCheckers) if (checker.questionFileText(q.dir + nodePath.sep + fileName) !== undefined) checked.files++;
        }
        for (const d of diagnostics) {
          const text = files.has(d.file) ? undefined : checker.questionFileText(d.file);
          if (text !== undefined) files.set(d.file, new SourceText(text));
        }
      }
      const found = limitFindings(diagnostics).map((d) => toProblem(d, checked.scannedFolder, files));
      found.sort(compareProblems);
      for (const p of found) problems.push(p);
    }
  } finally {
    await thread?.close();
  }
  return { courses, problems };
}

function toProblem(d: CourseDiagnostic, scannedFolder: string, files: Map<string, Positions | undefined>): Problem {
  return {
    scannedFolder,
    ...toSpan(d.file, d.range, files),
    severity: d.severity,
    code: d.code,
    message: d.message,
    related: (d.related ?? []).map((r) => ({ ...toSpan(r.file, r.range, files), message: r.message })),
  };
}

function toSpan(file: string, range: TextRange, files: Map<string, Positions | undefined>): Span {
  const json = files.get(file);
  const start = json ? position(json, range.start) : { line: 1, column: 1 };
  const end = json ? position(json, range.end) : start;
  return { file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** 1-based position as an editor shows it: editors hide a byte order mark, so it takes no column. */
function position(file: Positions, offset: number): { line: number; column: number } {
  const p = file.positionAt(offset);
  const bom = p.line === 0 && file.text.charCodeAt(0) === 0xfeff && offset > 0 ? 1 : 0;
  return { line: p.line + 1, column: p.character + 1 - bom };
}

function compareProblems(a: Problem, b: Problem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

export function countBySeverity(problems: Problem[]): { errors: number; warnings: number; notes: number } {
  let errors = 0;
  let warnings = 0;
  let notes = 0;
  for (const p of problems) {
    if (p.severity === 'error') errors++;
    else if (p.severity === 'warning') warnings++;
    else notes++;
  }
  return { errors, warnings, notes };
}
