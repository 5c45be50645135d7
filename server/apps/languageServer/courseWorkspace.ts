import * as nodePath from 'node:path';
import { URI } from 'vscode-uri';
import { courseRootOf } from '../../lib/protocol';
import {
  allEntries, INFO_FILE_NAME, loadCourse, reloadEntry, cachingReader, findCourseRoots, nodeCourseReader,
  overlayReader, SourceText, type Course, type InfoEntry, type CheckOptions, type CourseDiagnostic, type Positions,
  type CourseChecker,
} from '../../lib/course';
import {
  newCourseChecker, QUESTION_FILE_NAMES, questionFileCheckers, ServerPyCache,
} from '../../lib/questionHtml';

const INFO_NAMES = new Set(Object.values(INFO_FILE_NAME));
/**
 * Files whose every change the client reports (its file watchers), so that their reads can be
 * cached: info files, question files, server.py, and client files.
 */
const WATCHED_FILE = /(^|[\\/])(info(Course|CourseInstance|Assessment)?\.json|question\.html|server\.py)$|[\\/]clientFiles(Question|Course)[\\/]/;

/** Whether a file name is one of the four info file names. */
export function isInfoFileName(path: string): boolean {
  return INFO_NAMES.has(nodePath.basename(path));
}

/** Whether the checker looks at files of this name: the info files, and question files (question.html). */
export function isCourseFileName(path: string): boolean {
  return isInfoFileName(path) || QUESTION_FILE_NAMES.has(nodePath.basename(path));
}

/** One course of the workspace and the work waiting for its next check. */
export interface CourseState {
  root: string;
  course: Course;
  /** Info files to re-read before the next check. */
  reload: Set<string>;
  /** Re-discover the course's entities (a folder or info file appeared or went away). */
  rescan: boolean;
  /** The entries re-read since the last check: the only ones the checker needs to look at again. */
  reloaded: Set<InfoEntry>;
  /** Each course has its own checker, which keeps what it found between checks of that course. */
  checker: CourseChecker;
  /** The course's scanned server.py files, shared by its checker and the editing help of question.html. */
  serverPy: ServerPyCache;
}

/**
 * The courses of the workspace, read through an overlay of the editor's unsaved text. Keeps each
 * course loaded between checks and updates it by the smallest step an event needs: re-read one
 * file, or re-discover the folders while keeping the parsed files that did not change.
 */
export class CourseWorkspace {
  /** Text of open documents by absolute path; it wins over the disk. Changed through `setText` and `closeText`. */
  readonly overlay = new Map<string, string>();
  /**
   * The disk, remembered between checks so that an edit does not re-read every question folder;
   * the server forgets a path when file watching reports it changed (see `WATCHED_FILE`).
   */
  private readonly disk = cachingReader(nodeCourseReader, (path) => WATCHED_FILE.test(path));
  readonly reader = overlayReader(this.overlay, this.disk);
  private readonly courses = new Map<string, CourseState>();
  /**
   * Counts what can change the files the checker looks at beyond the info files and question files'
   * own text: disk events and documents opened or closed. The checker reuses results that looked at
   * other files while it stays the same.
   */
  private diskGenerationCount = 0;
  /** Each course's info files by path. */
  private readonly entryIndex = new WeakMap<Course, Map<string, InfoEntry>>();

  /** Sets the editor's text of a document. */
  setText(path: string, text: string): void {
    if (!this.overlay.has(path)) this.diskGenerationCount++;
    this.overlay.set(path, text);
  }

  /** Hands a closed document back to the disk; false when it was not open. */
  closeText(path: string): boolean {
    if (!this.overlay.delete(path)) return false;
    // Read it afresh, whether or not a save was reported.
    this.diskChanged(path);
    return true;
  }

  /** Forgets what was read of `path` (and under it): file watching reported a change. */
  diskChanged(path: string): void {
    this.disk.invalidate(path);
    this.diskGenerationCount++;
  }

  states(): CourseState[] {
    return [...this.courses.values()];
  }

  /** Loads every course found under `folder`; returns the newly added ones. */
  addFolder(folder: string): CourseState[] {
    return findCourseRoots(folder)
      .filter((root) => !this.courses.has(nodePath.resolve(root)))
      .map((root) => this.addRoot(root));
  }

  addRoot(root: string): CourseState {
    root = nodePath.resolve(root);
    const existing = this.courses.get(root);
    if (existing) return existing;
    const serverPy = new ServerPyCache();
    const checker = newCourseChecker(questionFileCheckers(serverPy));
    const state: CourseState = { root, course: loadCourse(root, this.reader), reload: new Set(), rescan: false, reloaded: new Set(), checker, serverPy };
    this.courses.set(root, state);
    return state;
  }

  /** Forgets the courses whose infoCourse.json is `path` or lies under it; returns them. */
  removeCoursesWithin(path: string): CourseState[] {
    const removed = this.states().filter((s) => isWithin(s.course.info.path, path));
    for (const s of removed) this.courses.delete(s.root);
    return removed;
  }

  has(state: CourseState): boolean {
    return this.courses.get(state.root) === state;
  }

  /** The course a path belongs to. */
  courseOf(path: string): CourseState | undefined {
    let best: CourseState | undefined;
    for (const state of this.courses.values()) {
      if (isWithin(path, state.root) && (!best || state.root.length > best.root.length)) best = state;
    }
    return best;
  }

  /**
   * The course of a course file, looking upwards for an infoCourse.json when the file is outside
   * every known course (a course opened from outside the workspace folders).
   */
  courseOfFile(path: string): CourseState | undefined {
    const known = this.courseOf(path);
    if (known || !isCourseFileName(path)) return known;
    const root = courseRootOf(nodePath.dirname(path), (file) => this.reader.stat(file) === 'file');
    return root === undefined ? undefined : this.addRoot(root);
  }

  entryOf(path: string): { state: CourseState; entry: InfoEntry } | undefined {
    const state = this.courseOf(path);
    const entry = state && this.findEntry(state.course, path);
    return state && entry ? { state, entry } : undefined;
  }

  /** The entry whose info file is `path`, from an index made once per course (the model is replaced, never changed, on re-discovery). */
  private findEntry(course: Course, path: string): InfoEntry | undefined {
    let index = this.entryIndex.get(course);
    if (!index) {
      index = new Map();
      for (const entry of allEntries(course)) index.set(entry.path, entry);
      this.entryIndex.set(course, index);
    }
    return index.get(path);
  }

  /**
   * Records that the text of `path` changed; true when the check reads it: one of the course's info
   * files (re-read before the check) or a question file (the checker reads it each time). Which
   * files are entities depends only on folders and file names, never on text: no re-discovery.
   */
  noteChanged(state: CourseState, path: string): boolean {
    if (this.findEntry(state.course, path)) {
      state.reload.add(path);
      return true;
    }
    return QUESTION_FILE_NAMES.has(nodePath.basename(path));
  }

  /** Records that `path` appeared or went away; re-discovers the course if that can change its entities. */
  noteCreatedOrDeleted(state: CourseState, path: string): void {
    if (isInfoFileName(path) || this.holdsEntities(state, path) || this.reader.stat(path) === 'directory') state.rescan = true;
  }

  /** How the last check's offsets in a file of the course become positions: its info file, or the question file's text as checked. */
  positionsOf(state: CourseState, path: string): Positions | undefined {
    const entry = this.findEntry(state.course, path);
    if (entry) return entry.file;
    const text = state.checker.questionFileText(path);
    return text === undefined ? undefined : new SourceText(text);
  }

  /**
   * Applies the recorded changes and checks the course. Returns the files whose diagnostics may have
   * changed since its last check (undefined: any file's), whose lists `diagnosticsOf` gives.
   */
  check(state: CourseState, options: Omit<CheckOptions, 'reader' | 'diskGeneration' | 'reloaded'>): ReadonlySet<string> | undefined {
    this.refresh(state);
    const reloaded = state.reloaded;
    state.reloaded = new Set();
    return state.checker.update(state.course, { ...options, reader: this.reader, diskGeneration: this.diskGenerationCount, reloaded });
  }

  /** A file's diagnostics in the last check of its course. */
  diagnosticsOf(state: CourseState, file: string): CourseDiagnostic[] {
    return state.checker.diagnosticsOf(file);
  }

  /** Every file with diagnostics in the last check of the course, with them. */
  diagnosticsByFile(state: CourseState): Map<string, CourseDiagnostic[]> {
    return state.checker.diagnosticsByFile();
  }

  /** Changes whenever the set of open documents or anything on disk may have changed (see `CheckOptions.diskGeneration`). */
  get diskGeneration(): number {
    return this.diskGenerationCount;
  }

  /** Applies the recorded changes to the course model (requests may come before the debounced check). */
  refresh(state: CourseState): void {
    if (state.rescan) {
      state.course = rediscover(state.course, loadCourse(state.root, this.reader));
      // A new model: the checker looks at all of it.
      state.reloaded.clear();
    } else {
      for (const path of state.reload) {
        const entry = this.findEntry(state.course, path);
        if (entry) state.reloaded.add(reloadEntry(state.course, entry, this.reader));
      }
    }
    state.rescan = false;
    state.reload.clear();
  }

  /**
   * Re-reads an entry whose editor text is not the text it was parsed from, for a request that
   * comes before the debounced check (which re-reads it again through `reload` and tells the checker).
   */
  reloadIfEdited(state: CourseState, entry: InfoEntry, editorText: string): void {
    if (entry.file?.text !== editorText) reloadEntry(state.course, entry, this.reader);
  }

  /** Whether `path` is an entity folder, an info file, or a folder above them. */
  private holdsEntities(state: CourseState, path: string): boolean {
    for (const entry of allEntries(state.course)) if (isWithin(entry.path, path)) return true;
    return state.course.missing.some((m) => isWithin(m.dir, path));
  }
}

/**
 * Keeps the parsed files of `fresh` that did not change since `old`, so that the checker's
 * per-file cache (keyed by the parsed file) still applies after re-discovering a course.
 */
function rediscover(old: Course, fresh: Course): Course {
  const before = new Map<string, InfoEntry>();
  for (const entry of allEntries(old)) before.set(entry.path, entry);
  for (const entry of allEntries(fresh)) {
    const prev = before.get(entry.path);
    if (prev?.file && entry.file && prev.file.text === entry.file.text) entry.file = prev.file;
  }
  return fresh;
}

/** Absolute path of a file URI; undefined for other schemes (untitled, git...). */
export function uriToPath(uri: string): string | undefined {
  const parsed = URI.parse(uri);
  return parsed.scheme === 'file' ? parsed.fsPath : undefined;
}

/** The file URI of an absolute path. */
export function fileUri(path: string): string {
  return URI.file(path).toString();
}

export function isWithin(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(nodePath.sep) ? dir : dir + nodePath.sep);
}
