import { allEntries, loadCourse, soleUuid, UUID_PATTERN, uuidMentions, type Course, type InfoEntry } from '../../../lib/course';
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
  hasErrors: boolean;
  hasWarnings: boolean;
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
