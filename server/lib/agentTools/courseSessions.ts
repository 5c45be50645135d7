import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import {
  findEntryByPath, INFO_FILE_NAME, loadCourse, reloadEntry, cachingReader, findCourseRoots, nodeCourseReader,
  overlayReader, type Course, type InfoEntry, type CachingReader, type CourseReader, type CourseDiagnostic,
} from '../course';
import { newCourseChecker, QUESTION_FILE_NAMES } from '../questionHtml';
import { findPython, QuestionRuntime, type RuntimeOptions } from '../runtime';
import { ToolError } from './toolError';

export interface CourseSessionsOptions {
  /** Course roots, or folders holding courses. */
  folders: string[];
  /** The Python that runs questions (default: the first of python3, /usr/bin/python3 with numpy and lxml). */
  python?: string;
  runtime?: Omit<RuntimeOptions, 'python'>;
  /** The clock of date-dependent rules (tests). */
  now?: Date;
}

/**
 * One course as the tools keep it between calls: its model, read through a cache, and a checker
 * that re-checks only what changed. Nothing tells this process of edits (an agent writes files
 * itself), so `check` re-reads what it is pointed at and the other tools read the disk afresh.
 */
export class CourseSession {
  private readonly disk: CachingReader = cachingReader(nodeCourseReader, () => true);
  /**
   * The question files (question.html) the agent checked lately, with their text as last read: the
   * checker re-reads these on every pass, as it does files open in an editor, so that a re-check
   * after an edit to one of them does not sweep every question file of the course.
   */
  private readonly recent = new Map<string, string>();
  private readonly reader: CourseReader = overlayReader(this.recent, this.disk);
  private readonly checker = newCourseChecker();
  private generation = 0;
  private model?: Course;

  constructor(readonly root: string, private readonly now?: Date) {}

  /** The course as on disk now (read afresh: another program may have changed it). */
  fresh(): Course {
    this.disk.invalidate(this.root);
    this.recent.clear();
    this.generation++;
    this.model = loadCourse(this.root, this.reader);
    return this.model;
  }

  /**
   * Checks after a change to `path` (a file or folder of the course; the root: everything). A
   * changed info file the model knows is re-read alone, and so is a question file checked lately;
   * another file, a new info file or a folder reloads the course.
   */
  check(path: string): { course: Course; diagnostics: CourseDiagnostic[]; questionFileText: (file: string) => string | undefined } {
    let reloaded: InfoEntry[] | undefined;
    const known = this.model && path !== this.root ? findEntryByPath(this.model, path) : undefined;
    if (this.model && path !== this.root && (known || !isInfoFile(path)) && isFile(path)) {
      this.refreshRecent();
      this.disk.invalidate(path);
      if (known) reloaded = [reloadEntry(this.model, known, this.reader)];
      else {
        reloaded = [];
        if (!this.keepRecent(path)) this.generation++;
      }
    } else this.fresh();
    const course = this.model!;
    const diagnostics = this.checker.check(course, { reader: this.reader, diskGeneration: this.generation, reloaded, reportSyntaxErrors: true, now: this.now });
    return { course, diagnostics, questionFileText: (file) => this.checker.questionFileText(file) };
  }

  /** The recent question files' texts as on disk now (an agent may have edited one since). */
  private refreshRecent(): void {
    for (const path of [...this.recent.keys()]) {
      try {
        this.recent.set(path, fs.readFileSync(path, 'utf8'));
      } catch {
        this.recent.delete(path);
        this.generation++;
      }
    }
  }

  /**
   * Puts a question file's text among the recent ones; true when it was there already (then the
   * checker re-reads it without a sweep). Other files, and one file too many, make a sweep.
   */
  private keepRecent(path: string): boolean {
    if (!QUESTION_FILE_NAMES.has(nodePath.basename(path))) return false;
    let text: string;
    try {
      text = fs.readFileSync(path, 'utf8');
    } catch {
      this.recent.delete(path);
      return false;
    }
    const was = this.recent.has(path);
    this.recent.delete(path);
    this.recent.set(path, text);
    if (this.recent.size > MAX_RECENT) {
      this.recent.delete(this.recent.keys().next().value as string);
      return false;
    }
    return was;
  }
}

/** Question files kept as recent: each is re-read on every check. */
const MAX_RECENT = 16;

function isInfoFile(path: string): boolean {
  return Object.values(INFO_FILE_NAME).includes(nodePath.basename(path));
}

function isFile(path: string): boolean {
  try {
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The courses the tools serve, and the question runtime they share. */
export class CourseSessions {
  private readonly sessions = new Map<string, CourseSession>();
  private runtimePromise?: Promise<QuestionRuntime>;

  constructor(private readonly options: CourseSessionsOptions) {
    for (const folder of options.folders) {
      const abs = nodePath.resolve(folder);
      for (const root of findCourseRoots(abs)) this.sessions.set(nodePath.resolve(root), new CourseSession(nodePath.resolve(root), options.now));
    }
  }

  roots(): string[] {
    return [...this.sessions.keys()].sort();
  }

  private rootList(): string {
    return this.roots().join(', ') || '(none)';
  }

  /** The course named by `course` (a root, or a path inside one), or the only course. */
  session(course?: unknown): CourseSession {
    if (typeof course === 'string' && course.trim()) {
      const abs = nodePath.resolve(course.trim());
      let best: CourseSession | undefined;
      for (const s of this.sessions.values()) if ((abs === s.root || abs.startsWith(s.root + nodePath.sep)) && (!best || s.root.length > best.root.length)) best = s;
      if (best) return best;
      throw new ToolError(`"${course}" is not in any of the courses served: ${this.rootList()}.`);
    }
    if (this.sessions.size === 1) return this.sessions.values().next().value as CourseSession;
    if (this.sessions.size === 0) throw new ToolError('No PrairieLearn course (a folder with infoCourse.json) is open.');
    throw new ToolError(`Several courses are served; name one with "course": ${this.rootList()}.`);
  }

  /** The session and absolute path of a file or folder given absolute or relative to its course. */
  locate(path: unknown, course?: unknown): { session: CourseSession; path: string } {
    if (typeof path !== 'string' || !path.trim()) {
      const session = this.session(course);
      return { session, path: session.root };
    }
    if (nodePath.isAbsolute(path)) return { session: this.session(path), path: nodePath.resolve(path) };
    const session = this.session(course);
    const abs = nodePath.resolve(session.root, path);
    if (abs !== session.root && !abs.startsWith(session.root + nodePath.sep)) throw new ToolError(`"${path}" is outside the course ${session.root}.`);
    return { session, path: abs };
  }

  /** The folder of question `qid`, which must exist on disk now. */
  questionDir(session: CourseSession, qid: unknown): string {
    if (typeof qid !== 'string' || !qid.trim()) throw new ToolError('Give the QID of a question (its folder under questions/).');
    const dir = nodePath.join(session.root, 'questions', ...qid.split('/'));
    if (qid.split('/').some((p) => p === '..' || p === '.' || p === '') || !fs.existsSync(nodePath.join(dir, INFO_FILE_NAME.question))) {
      throw new ToolError(`There is no question "${qid}" in ${session.root} (no questions/${qid}/info.json). find_questions lists the QIDs.`);
    }
    return dir;
  }

  /** The question runtime, made on first use with the configured Python. */
  runtime(): Promise<QuestionRuntime> {
    this.runtimePromise ??= findPython(this.options.python).then((found) => {
      if (!found.ok) throw new ToolError(found.message);
      return new QuestionRuntime({ poolSize: 2, timeoutMs: 10000, ...this.options.runtime, python: found.python });
    });
    const made = this.runtimePromise;
    // A missing Python is said again on the next call, and found if it was installed meanwhile.
    made.catch(() => {
      if (this.runtimePromise === made) this.runtimePromise = undefined;
    });
    return made;
  }

  async dispose(): Promise<void> {
    const runtime = this.runtimePromise;
    this.runtimePromise = undefined;
    await runtime?.then((r) => r.dispose(), () => undefined);
  }
}
