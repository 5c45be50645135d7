import {
  allEntries, asObject, loadCourse, soleUuid, UUID_PATTERN, uuidMentions, type Course, type InfoData, type InfoEntry, type InfoKind,
} from '../../../lib/course';
import { newSyncChecks, type SyncChecks } from './syncChecks';

/** One info file as the sync sees it: its data only when it has no errors, and its messages. */
export interface SyncFile<K extends InfoKind = InfoKind> {
  entry: InfoEntry;
  /**
   * Parsed content, present only when the file has no errors (files with errors keep their last good
   * data), so it passed the schema of its kind.
   */
  data?: InfoData[K];
  /** UUID recorded for the entity, also from a file with errors when it can be found. */
  uuid?: string;
  errors: string[];
  warnings: string[];
}

export interface DiskCourse {
  course: Course;
  info: SyncFile<'course'>;
  questions: SyncFile<'question'>[];
  courseInstances: { file: SyncFile<'courseInstance'>; assessments: SyncFile<'assessment'>[] }[];
  /** Messages about folders that hold no info file. */
  missing: SyncFile[];
  hasErrors: boolean;
  hasWarnings: boolean;
}

function uuidOf(entry: InfoEntry): string | undefined {
  const uuid = asObject(entry.file?.value)?.uuid;
  if (typeof uuid === 'string' && UUID_PATTERN.test(uuid)) return uuid.toLowerCase();
  return entry.file ? soleUuid(uuidMentions(entry.file.text))?.toLowerCase() : undefined;
}

/**
 * Loads the course and checks it with the editor's checker, so the sync reports exactly what the
 * editor shows. Messages of a folder without an info file are filed under that missing file's path.
 */
export function readDiskCourse(root: string, checks: SyncChecks = newSyncChecks(), now = new Date()): DiskCourse {
  const course = loadCourse(root);
  const diagnostics = checks.status.check(course, { now, reportSyntaxErrors: true });
  const files = new Map<string, SyncFile>();
  for (const entry of allEntries(course)) {
    files.set(entry.path, { entry, uuid: uuidOf(entry), errors: [], warnings: [] });
  }
  const missingByDir = new Map(course.missing.map((m) => [m.dir, m]));
  const extra = new Map<string, SyncFile>();
  for (const d of diagnostics) {
    let file = files.get(d.file);
    const missing = file ? undefined : missingByDir.get(d.file);
    if (!file && !missing) continue;
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
    // No errors: the value passed the schema of its entry's kind.
    if (file.errors.length === 0 && file.entry.file?.ok) file.data = file.entry.file.value as InfoData[InfoKind];
  }
  const all = [...files.values(), ...extra.values()];
  // An entry's file of the kind the course model files it under: its data passed that kind's schema.
  const fileOf = <K extends InfoKind>(entry: InfoEntry, _kind: K) => files.get(entry.path)! as SyncFile<K>;
  return {
    course,
    info: fileOf(course.info, 'course'),
    questions: [...course.questions.values()].map((e) => fileOf(e, 'question')),
    courseInstances: [...course.courseInstances.values()].map((ci) => ({
      file: fileOf(ci.entry, 'courseInstance'),
      assessments: [...ci.assessments.values()].map((e) => fileOf(e, 'assessment')),
    })),
    missing: [...extra.values()],
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
