import * as nodePath from 'node:path';
import { JsonFile } from './jsonFile';
import { nodeCourseReader, type CourseReader, type DirEntry } from './courseReader';

export type InfoKind = 'course' | 'question' | 'courseInstance' | 'assessment';

export const INFO_FILE_NAME: Record<InfoKind, string> = {
  course: 'infoCourse.json',
  question: 'info.json',
  courseInstance: 'infoCourseInstance.json',
  assessment: 'infoAssessment.json',
};

/** One info file of a course: where it is, what it is, and its parsed content. */
export interface InfoEntry {
  kind: InfoKind;
  /** QID, course instance id or assessment id (TID), with '/' separators; '' for infoCourse.json. */
  id: string;
  /** Absolute folder of the entity. */
  dir: string;
  /** Absolute path of the info file. */
  path: string;
  /** Path relative to the course root, with '/' separators, as PrairieLearn prints it. */
  relPath: string;
  /** Course instance id, for assessments. */
  courseInstanceId?: string;
  /** Parsed file; undefined when it could not be read. */
  file?: JsonFile;
  /** errno code (EACCES, EISDIR, ENOENT...) when the file could not be read. */
  readError?: string;
}

/**
 * A folder that holds no entity at all (PrairieLearn reports the deepest such folder), or one that
 * cannot be listed (`readError`), which fails PrairieLearn's sync.
 */
export interface MissingInfoFile {
  kind: Exclude<InfoKind, 'course'>;
  /** Absolute path of the folder. */
  dir: string;
  /** Course-relative path of the info file that should be there; of the folder itself when it cannot be listed. */
  relPath: string;
  /** errno code (EACCES...) when the folder cannot be listed. */
  readError?: string;
  /** A link to a folder that holds it, which is not followed. */
  loop?: boolean;
}

export interface CourseInstance {
  entry: InfoEntry;
  assessments: Map<string, InfoEntry>;
}

export interface Course {
  root: string;
  info: InfoEntry;
  questions: Map<string, InfoEntry>;
  courseInstances: Map<string, CourseInstance>;
  missing: MissingInfoFile[];
}

export const DRAFT_QID_PREFIX = '__drafts__/';
export const TEMPLATE_QID_PREFIX = 'template/';

export function isDraftQid(qid: string): boolean {
  return qid.startsWith(DRAFT_QID_PREFIX);
}

export function isTemplateQid(qid: string): boolean {
  return qid.startsWith(TEMPLATE_QID_PREFIX);
}

/**
 * Loads a whole course from disk (or from `reader`, which may overlay unsaved editor text).
 * `onQuestion` hears of each question as soon as it is found, for work that can start before the
 * rest of the course is read.
 */
export function loadCourse(root: string, reader: CourseReader = nodeCourseReader, onQuestion?: (entry: InfoEntry) => void): Course {
  root = nodePath.resolve(root);
  const course: Course = {
    root,
    info: readEntry(reader, root, 'course', '', root),
    questions: new Map(),
    courseInstances: new Map(),
    missing: [],
  };
  for (const entry of discover(reader, root, 'questions', 'question', course.missing, onQuestion)) {
    course.questions.set(entry.id, entry);
  }
  for (const ciEntry of discover(reader, root, 'courseInstances', 'courseInstance', course.missing)) {
    const assessments = new Map<string, InfoEntry>();
    const prefix = `courseInstances/${ciEntry.id}/assessments`;
    for (const a of discover(reader, root, prefix, 'assessment', course.missing)) {
      a.courseInstanceId = ciEntry.id;
      assessments.set(a.id, a);
    }
    course.courseInstances.set(ciEntry.id, { entry: ciEntry, assessments });
  }
  return course;
}

/** Re-reads one entry's file, keeping its place in the course. */
export function reloadEntry(course: Course, entry: InfoEntry, reader: CourseReader = nodeCourseReader): InfoEntry {
  const fresh = readEntry(reader, course.root, entry.kind, entry.id, entry.dir, entry.courseInstanceId);
  Object.assign(entry, { file: fresh.file, readError: fresh.readError });
  return entry;
}

/** Every info entry of the course, infoCourse.json first. A list, not a generator: it is walked over whole courses. */
export function allEntries(course: Course): InfoEntry[] {
  const out = [course.info];
  for (const q of course.questions.values()) out.push(q);
  for (const ci of course.courseInstances.values()) {
    out.push(ci.entry);
    for (const a of ci.assessments.values()) out.push(a);
  }
  return out;
}

/** Finds the entry whose info file is `path`, if any. */
export function findEntryByPath(course: Course, path: string): InfoEntry | undefined {
  for (const entry of allEntries(course)) if (entry.path === path) return entry;
  return undefined;
}

function readEntry(
  reader: CourseReader,
  root: string,
  kind: InfoKind,
  id: string,
  dir: string,
  courseInstanceId?: string,
): InfoEntry {
  const path = nodePath.join(dir, INFO_FILE_NAME[kind]);
  const entry: InfoEntry = { kind, id, dir, path, relPath: toPosix(nodePath.relative(root, path)), courseInstanceId };
  try {
    entry.file = new JsonFile(path, reader.readText(path));
  } catch (err) {
    entry.readError = (err as NodeJS.ErrnoException).code ?? String(err);
  }
  return entry;
}

/**
 * PrairieLearn's recursive discovery: a folder holding the info file is an entity and is not
 * searched further; other folders are searched; a subtree with no entity at all is reported once,
 * at its deepest empty folder.
 */
function discover(
  reader: CourseReader,
  root: string,
  relBase: string,
  kind: Exclude<InfoKind, 'course'>,
  missing: MissingInfoFile[],
  onFound?: (entry: InfoEntry) => void,
): InfoEntry[] {
  const base = nodePath.join(root, relBase);
  const found: InfoEntry[] = [];
  // The real paths of the folders being walked, by depth: a link to one of them, or to a folder
  // above them, would be walked over and over. Only links cost a look at the disk.
  const walking = [reader.realPath?.(base) ?? base];
  const loops = (target: string, depth: number): boolean => {
    const under = target.endsWith(nodePath.sep) ? target : target + nodePath.sep;
    for (let i = 0; i < depth; i++) if (walking[i] === target || walking[i].startsWith(under)) return true;
    return false;
  };
  const walk = (dir: string, idPrefix: string, depth = 1): number => {
    let names: DirEntry[];
    try {
      names = reader.readDir(dir);
    } catch (err) {
      // No such folder (a course without questions/ yet) holds nothing; one that cannot be listed is reported.
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') return 0;
      missing.push({ kind, dir, relPath: idPrefix ? `${relBase}/${idPrefix.slice(0, -1)}` : relBase, readError: code });
      return 1;
    }
    let count = 0;
    for (const { name, isDirectory, isLink } of names) {
      if (!isDirectory) continue;
      // Plain concatenation: `dir` is already normal and `name` has no separator (path.join is slow
      // over 10,000 folders). Reading straight away, as PrairieLearn does, spares a stat per folder.
      const childDir = dir + nodePath.sep + name;
      const id = idPrefix + name;
      const infoPath = childDir + nodePath.sep + INFO_FILE_NAME[kind];
      const relPath = `${relBase}/${id}/${INFO_FILE_NAME[kind]}`;
      let text: string | undefined;
      let readError: string | undefined;
      try {
        text = reader.readText(infoPath);
      } catch (err) {
        readError = (err as NodeJS.ErrnoException).code ?? String(err);
      }
      if (readError === 'ENOENT' || readError === 'ENOTDIR') {
        const real = isLink ? reader.realPath?.(childDir) ?? childDir : walking[depth - 1] + nodePath.sep + name;
        if (isLink && loops(real, depth)) {
          missing.push({ kind, dir: childDir, relPath: `${relBase}/${id}`, loop: true });
          count++;
          continue;
        }
        walking[depth] = real;
        const inside = walk(childDir, id + '/', depth + 1);
        if (inside === 0) missing.push({ kind, dir: childDir, relPath });
        // A report counts as found, as in PrairieLearn, so the folders above it are not reported too.
        count += Math.max(inside, 1);
        continue;
      }
      const entry: InfoEntry = { kind, id, dir: childDir, path: infoPath, relPath };
      if (text !== undefined) entry.file = new JsonFile(infoPath, text);
      else entry.readError = readError;
      found.push(entry);
      onFound?.(entry);
      count++;
    }
    return count;
  };
  walk(base, '');
  return found;
}

export function toPosix(p: string): string {
  return nodePath.sep === '/' ? p : p.split(nodePath.sep).join('/');
}
