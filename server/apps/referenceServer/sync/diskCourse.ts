import * as nodePath from 'node:path';
import {
  allEntries, checkQuestionFileAfresh, loadCourse, nodeCourseReader, soleUuid, UUID_PATTERN, uuidMentions,
  type Course, type CourseDiagnostic, type InfoEntry,
} from '../../../lib/course';
import { newSyncChecks, type SyncChecks } from './syncChecks';

/** One info file as the sync sees it: its data only when it has no errors, and its messages. */
export interface SyncFile {
  entry: InfoEntry;
  /** Parsed content, present only when the file has no errors (files with errors keep their last good data). */
  data?: any;
  /** UUID recorded for the entity, also from a file with errors when it can be found. */
  uuid?: string;
  errors: string[];
  warnings: string[];
}

export interface DiskCourse {
  course: Course;
  info: SyncFile;
  questions: SyncFile[];
  courseInstances: { file: SyncFile; assessments: SyncFile[] }[];
  /** Messages about folders that hold no info file. */
  missing: SyncFile[];
  /**
   * The editor's own findings in other files of a question (question.html), which PrairieLearn's
   * sync never reads: shown apart, they never count towards the sync's status.
   */
  editorFindings: EditorFindings[];
  hasErrors: boolean;
  hasWarnings: boolean;
}

export interface EditorFindings {
  /** Relative to the course root, '/' separated. */
  relPath: string;
  errors: string[];
  warnings: string[];
}

function uuidOf(entry: InfoEntry): string | undefined {
  const value = entry.file?.value as any;
  if (value && typeof value.uuid === 'string' && UUID_PATTERN.test(value.uuid)) return value.uuid.toLowerCase();
  return entry.file ? soleUuid(uuidMentions(entry.file.text))?.toLowerCase() : undefined;
}

/**
 * Loads the course and checks it with the editor's checker, so the sync reports exactly what the
 * editor shows. Messages of a folder without an info file are filed under that missing file's path.
 */
export function readDiskCourse(root: string, checks: SyncChecks = newSyncChecks(), now = new Date()): DiskCourse {
  const course = loadCourse(root);
  const diagnostics = checks.status.check(course, { now, reportSyntaxErrors: true });
  for (const d of questionFileDiagnostics(course, checks)) diagnostics.push(d);
  const files = new Map<string, SyncFile>();
  for (const entry of allEntries(course)) {
    files.set(entry.path, { entry, uuid: uuidOf(entry), errors: [], warnings: [] });
  }
  const missingByDir = new Map(course.missing.map((m) => [m.dir, m]));
  const extra = new Map<string, SyncFile>();
  const editor = new Map<string, EditorFindings>();
  for (const d of diagnostics) {
    let file = files.get(d.file);
    const missing = file ? undefined : missingByDir.get(d.file);
    if (!file && !missing) {
      if (d.severity !== 'error' && d.severity !== 'warning') continue;
      const relPath = nodePath.relative(root, d.file).split(nodePath.sep).join('/');
      let found = editor.get(relPath);
      if (!found) editor.set(relPath, (found = { relPath, errors: [], warnings: [] }));
      (d.severity === 'error' ? found.errors : found.warnings).push(d.message);
      continue;
    }
    if (!file) {
      const relPath = missing!.relPath;
      file = extra.get(relPath);
      if (!file) {
        const entry: InfoEntry = { kind: missing!.kind, id: '', dir: d.file, path: d.file, relPath };
        extra.set(relPath, (file = { entry, errors: [], warnings: [] }));
      }
    }
    if (d.severity === 'error') file.errors.push(d.message);
    else if (d.severity === 'warning') file.warnings.push(d.message);
  }
  for (const file of files.values()) {
    if (file.errors.length === 0 && file.entry.file?.ok) file.data = file.entry.file.value;
  }
  const all = [...files.values(), ...extra.values()];
  return {
    course,
    info: files.get(course.info.path)!,
    questions: [...course.questions.values()].map((e) => files.get(e.path)!),
    courseInstances: [...course.courseInstances.values()].map((ci) => ({
      file: files.get(ci.entry.path)!,
      assessments: [...ci.assessments.values()].map((e) => files.get(e.path)!),
    })),
    missing: [...extra.values()],
    editorFindings: [...editor.values()],
    hasErrors: all.some((f) => f.errors.length > 0),
    hasWarnings: all.some((f) => f.warnings.length > 0),
  };
}

/** Files with messages, in PrairieLearn's order: infoCourse.json, questions, then each instance and its assessments. */
export function filesInReportOrder(disk: DiskCourse): SyncFile[] {
  const ordered = [disk.info, ...disk.questions, ...disk.missing];
  for (const ci of disk.courseInstances) ordered.push(ci.file, ...ci.assessments);
  return ordered;
}

/**
 * The editor's checks of the question files (question.html), run apart from the status checker
 * (PrairieLearn's sync never reads these files), in course order. Their diagnostics are on files
 * that are no info file, so `readDiskCourse` lists them apart.
 */
function questionFileDiagnostics(course: Course, checks: SyncChecks): CourseDiagnostic[] {
  const reader = nodeCourseReader;
  const runs = checks.questionFiles.map((checker) => checker.begin(course.root, reader, true));
  const out: CourseDiagnostic[] = [];
  for (const entry of allEntries(course)) {
    if (entry.kind !== 'question') continue;
    checks.questionFiles.forEach((checker, c) => {
      const path = entry.dir + nodePath.sep + checker.fileName;
      const checked = checkQuestionFileAfresh({ checker, run: runs[c], reader, questionDir: entry.dir, path });
      for (const d of checked?.diagnostics ?? []) out.push(d);
    });
  }
  return out;
}
