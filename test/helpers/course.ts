import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadCourse } from '../../server/lib/course/course';
import { newCourseChecker, type CheckOptions } from '../../server/lib/questionHtml/courseChecks';
import type { CourseDiagnostic } from '../../server/lib/course/diagnostic';
import { computeLineStarts } from '../../server/lib/course/jsonFile';

export type CourseFiles = Record<string, string | object>;

/** A minimal valid course; tests spread their own files over it. */
export const BASE_COURSE: CourseFiles = {
  'infoCourse.json': {
    name: 'TST 101',
    title: 'Test course',
    topics: [{ name: 'Basics', color: 'blue1' }],
  },
};

/** The temporary folders this test process made, removed when it exits. */
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new temporary folder, removed when the test process exits. */
export function temporaryFolder(prefix = 'pl-course-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Writes `files` (path → text, or an object written as JSON) into a new temporary course folder. */
export function writeCourse(files: CourseFiles, root = temporaryFolder()): string {
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(root, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

export interface FoundDiagnostic extends CourseDiagnostic {
  /** Path relative to the course root, '/' separated. */
  relPath: string;
  /** 1-based line of the range start. */
  line: number;
  /** The text the range covers. */
  text: string;
}

/** Checks a course folder and returns diagnostics with course-relative paths, lines and covered text. */
export function checkFolder(root: string, options: CheckOptions = {}): FoundDiagnostic[] {
  const course = loadCourse(root);
  const diagnostics = newCourseChecker().check(course, { reportSyntaxErrors: true, ...options });
  return diagnostics.map((d) => {
    let line = 0;
    let text = '';
    try {
      const content = fs.readFileSync(d.file, 'utf8');
      const starts = computeLineStarts(content);
      line = starts.filter((s) => s <= d.range.start).length;
      text = content.slice(d.range.start, d.range.end);
    } catch {
      // a folder (missing info file) or an unreadable file has no text
    }
    return { ...d, relPath: path.relative(root, d.file).split(path.sep).join('/'), line, text };
  });
}

/** Writes `files` over BASE_COURSE into a temporary folder and checks it. */
export function checkCourseFiles(files: CourseFiles, options: CheckOptions = {}): FoundDiagnostic[] {
  return checkFolder(writeCourse({ ...BASE_COURSE, ...files }), options);
}

/** Diagnostics of one code, for compact assertions. */
export function withCode(diagnostics: FoundDiagnostic[], code: string): FoundDiagnostic[] {
  return diagnostics.filter((d) => d.code === code);
}
