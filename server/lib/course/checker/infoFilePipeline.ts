import { INFO_FILE_NAME, type Course, type InfoEntry, type InfoKind } from '../course';
import type { CourseDiagnostic } from '../diagnostic';
import { MAX_JSON_DEPTH, type JsonFile } from '../jsonFile';
import { ALL_RULES, codeSeverity } from '../rules';
import type { FileRule, InfoData, RuleContext } from '../rules/rule';
import { validateAgainstSchema } from '../schemaValidation';
import { soleUuid, UUID_PATTERN, uuidMentions } from '../uuid';
import { toDiagnostic } from './toDiagnostic';

/** What one info file says on its own: the first half of PrairieLearn's sync, per file. */
export interface InfoFileResult {
  /** Diagnostics of the file on its own (read, syntax, UUID, schema, file rules). */
  diagnostics: CourseDiagnostic[];
  syntaxDiagnostics: CourseDiagnostic[];
  /** Parsed data when the file passed JSON, UUID and schema checks (custom rules may look at it). */
  data: unknown;
  /** The UUID PrairieLearn records for the file (also from a file with schema errors), if any. */
  uuid?: string;
  hasErrors: boolean;
  /** The hour it was computed in (date rules): current within that hour only. */
  hour: number;
}

const FILE_RULES = ALL_RULES.filter((r): r is FileRule => r.scope === 'file');
/** The file rules of each kind of info file, listed once rather than filtered per file. */
const FILE_RULES_BY_KIND = Object.fromEntries(
  (Object.keys(INFO_FILE_NAME) as InfoKind[]).map((kind) => [kind, FILE_RULES.filter((r) => r.kinds.includes(kind))]),
) as Record<InfoKind, FileRule[]>;

/** Each info file's result, kept for as long as the file is. */
export class InfoFileResults {
  /** Keyed on the parsed file, so dropped with it (an edit makes a new one); recomputed in a new hour. */
  private readonly byParsedFile = new WeakMap<JsonFile, InfoFileResult>();
  /** Files that could not be read, keyed on path and error; kept for the checker's life. */
  private readonly byReadError = new Map<string, InfoFileResult>();

  of(entry: InfoEntry, ctx: RuleContext, hour: number): InfoFileResult {
    const file = entry.file;
    if (!file) {
      const key = `${entry.path}|${entry.readError}`;
      let cached = this.byReadError.get(key);
      if (!cached) this.byReadError.set(key, (cached = unreadable(entry, hour)));
      return cached;
    }
    const cached = this.byParsedFile.get(file);
    if (cached && cached.hour === hour) return cached;
    const result = checkInfoFile(entry, file, ctx, hour);
    this.byParsedFile.set(file, result);
    return result;
  }
}

export function hasOwnReports(result: InfoFileResult): boolean {
  return result.diagnostics.length > 0 || result.syntaxDiagnostics.length > 0;
}

/** Diagnostics of folders: those that hold no info file, and those that cannot be listed. */
export function folderDiagnostics(course: Course): CourseDiagnostic[] {
  return course.missing.map((missing) => {
    const code = missing.readError || missing.loop ? 'read-error' : 'missing-info-file';
    const message = missing.loop
      ? `Folder ${missing.relPath} is a link to a folder that holds it, so it is not followed. PrairieLearn would walk it over and over and find the same questions again; remove the link.`
      : missing.readError
      ? `Error reading directory ${missing.relPath}: ${missing.readError}. PrairieLearn cannot sync a course with a folder it cannot list; fix its permissions.`
      : `Missing JSON file: ${missing.relPath}. Either create the file or delete the ${missing.relPath.slice(0, missing.relPath.lastIndexOf('/'))} directory.`;
    return { file: missing.dir, range: { start: 0, end: 0 }, severity: codeSeverity(code), code, message };
  });
}

function unreadable(entry: InfoEntry, hour: number): InfoFileResult {
  const diagnostics: CourseDiagnostic[] = [
    {
      file: entry.path,
      range: { start: 0, end: 0 },
      severity: codeSeverity('read-error'),
      code: 'read-error',
      message: `Error reading JSON file ${entry.relPath}: ${entry.readError}`,
    },
  ];
  return { diagnostics, syntaxDiagnostics: [], data: undefined, hasErrors: true, hour };
}

/** JSON, then UUID, then schema, then the file rules (only on a file that passed), as PrairieLearn's sync. */
function checkInfoFile(entry: InfoEntry, file: JsonFile, ctx: RuleContext, hour: number): InfoFileResult {
  const diagnostics: CourseDiagnostic[] = [];
  const syntaxDiagnostics: CourseDiagnostic[] = [];
  const push = (code: string, message: string, range = { start: 0, end: Math.min(1, file.text.length) }) =>
    diagnostics.push({ file: entry.path, range, severity: codeSeverity(code), code, message });
  let uuid: string | undefined;
  const done = (data: unknown): InfoFileResult => ({
    diagnostics,
    syntaxDiagnostics,
    data,
    uuid,
    hasErrors: diagnostics.some((d) => codeSeverity(d.code) === 'error') || syntaxDiagnostics.length > 0,
    hour,
  });

  if (file.tooDeepAt !== undefined) {
    push(
      'json-too-deep',
      `Nested more than ${MAX_JSON_DEPTH} levels deep here, so this file is not checked (PrairieLearn reads it). Flatten the nesting to have it checked.`,
      { start: file.tooDeepAt, end: file.tooDeepAt + 1 },
    );
    return done(undefined);
  }
  if (!file.ok) {
    for (const e of file.syntaxErrors) {
      syntaxDiagnostics.push({
        file: entry.path,
        range: { start: e.offset, end: e.offset + e.length },
        severity: codeSeverity('json-syntax'),
        code: 'json-syntax',
        message: `Error parsing JSON: ${e.message}.`,
      });
    }
    if (entry.kind !== 'course') {
      const found = uuidMentions(file.text);
      uuid = soleUuid(found);
      if (found.length === 0) push('uuid-missing', 'UUID not found in file. Add a "uuid" property with a new UUID.');
      else if (found.length > 1) {
        const m = found[1];
        push('uuid-multiple', 'More than one UUID found in file; keep only one "uuid" property.', {
          start: m.index!,
          end: m.index! + m[0].length,
        });
      }
    }
    return done(undefined);
  }

  const data: unknown = file.value;
  if (entry.kind !== 'course') {
    const uuid_ = data && typeof data === 'object' && !Array.isArray(data) ? (data as { uuid?: unknown }).uuid : undefined;
    if (!uuid_) {
      // A file holding just `null` makes PrairieLearn's `json.uuid` throw, so it takes the path of unparsable files.
      const message = data === null ? 'UUID not found in file.' : 'UUID is missing.';
      push('uuid-missing', `${message} Add a "uuid" property with a new UUID.`, file.rangeOf(['uuid'], 'key'));
      return done(undefined);
    }
    if (typeof uuid_ !== 'string' || !UUID_PATTERN.test(uuid_)) {
      push('uuid-invalid', `UUID ${JSON.stringify(uuid_)} is not a valid UUID. Replace it with a new UUID.`, file.rangeOf(['uuid']));
      return done(undefined);
    }
    uuid = uuid_;
  }

  const schemaProblems = validateAgainstSchema(entry.kind, data);
  if (schemaProblems.length > 0) {
    for (const p of schemaProblems) push('schema-violation', p.message, file.rangeOf(p.path, p.part));
    return done(undefined);
  }

  // The one place where data earns its type: it passed the schema of its kind.
  const valid = data as InfoData[InfoKind];
  const ruleCtx: RuleContext = { ...ctx, report: (e, r) => diagnostics.push(toDiagnostic(e, r)) };
  for (const rule of FILE_RULES_BY_KIND[entry.kind]) rule.check(entry, valid, ruleCtx);
  return done(data);
}
