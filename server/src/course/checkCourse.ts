import * as nodePath from 'node:path';
import { allEntries, type Course, type InfoEntry } from './course';
import { nodeCourseReader, type CourseReader } from './courseReader';
import { applySeverityOverrides, type CourseDiagnostic, type SeverityOverrides } from './diagnostic';
import type { JsonFile } from './jsonFile';
import { validateAgainstSchema } from './schemaValidation';
import { ALL_RULES, codeSeverity, QUESTION_FILE_CHECKERS } from './rules';
import { relatedLocation, type CodeInfo, type FileRule, type Report, type RuleContext } from './rules/rule';
import type { TextRange } from './diagnostic';

/**
 * A check of one more file in each question folder (question.html), so that its problems come
 * with the info files'. `prepare` works on the text alone and is cached by text; the function
 * `begin` returns runs on every check, as it may look at other files of the course.
 */
export interface QuestionFileChecker<Prepared = any> {
  fileName: string;
  codes: Record<string, CodeInfo>;
  prepare(text: string): Prepared;
  begin(course: Course, reader: CourseReader): (prepared: Prepared, question: InfoEntry, path: string) => QuestionFileReport[];
}

export interface QuestionFileReport {
  code: string;
  message: string;
  range: TextRange;
  /** Other places in the same file. */
  related?: { range: TextRange; message: string }[];
  data?: Record<string, unknown>;
}

export interface CheckOptions {
  /** Injectable clock for date-dependent rules. */
  now?: Date;
  severities?: SeverityOverrides;
  reader?: CourseReader;
  /**
   * Report JSON syntax errors. The command-line checker does; the language server leaves them to
   * the editor's own JSON support so that they do not show twice.
   */
  reportSyntaxErrors?: boolean;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_IN_TEXT = /"uuid":\s*"([^"]*)"/gi;

interface LocalResult {
  /** Diagnostics of the file on its own (read, syntax, UUID, schema, file rules). */
  diagnostics: CourseDiagnostic[];
  syntaxDiagnostics: CourseDiagnostic[];
  /** Parsed data when the file passed JSON, UUID and schema checks (custom rules may look at it). */
  data: unknown;
  /** The UUID PrairieLearn records for the file (also from a file with schema errors), if any. */
  uuid?: string;
  hasErrors: boolean;
  hour: number;
}

const FILE_RULES = ALL_RULES.filter((r): r is FileRule => r.scope === 'file');
const COURSE_RULES = ALL_RULES.filter((r) => r.scope === 'course');

/**
 * Checks courses the way PrairieLearn's sync does: per file, JSON then UUID then schema then the
 * custom rules (which run only on files that passed), then the rules across files. Per-file results
 * are cached by file content, so re-checking after one edit redoes only that file's own work.
 */
export class CourseChecker {
  private cache = new WeakMap<JsonFile, LocalResult>();
  private readErrorCache = new Map<string, LocalResult>();
  /** Question files (question.html) by path: their text and prepared form. */
  private questionFiles = new Map<string, { text: string; prepared: unknown }>();

  check(course: Course, options: CheckOptions = {}): CourseDiagnostic[] {
    const now = options.now ?? new Date();
    const hour = Math.floor(now.getTime() / 3_600_000);
    const reader = options.reader ?? nodeCourseReader;
    const out: CourseDiagnostic[] = [];
    const outEntries: InfoEntry[] = [];
    // The cached per-file results are shared between checks and never modified; entries that a
    // cross-file rule found an error in are kept apart.
    const locals = new Map<InfoEntry, LocalResult>();
    const invalid = new Set<InfoEntry>();

    const ctx: RuleContext = {
      course,
      now,
      reader,
      validData: (entry) => locals.get(entry)?.data,
      uuidOf: (entry) => locals.get(entry)?.uuid,
      hasErrors: (entry) => invalid.has(entry) || (locals.get(entry)?.hasErrors ?? true),
      report: (entry, report) => {
        out.push(toDiagnostic(entry, report));
        outEntries.push(entry);
      },
    };

    for (const entry of allEntries(course)) locals.set(entry, this.local(entry, ctx, hour));
    // Cross-file rules may add errors that make an entity invalid for later rules (as in PrairieLearn,
    // which runs them in a fixed order), so the entry is marked once the rule is done.
    for (const rule of COURSE_RULES) {
      const before = out.length;
      rule.check(ctx);
      for (let i = before; i < out.length; i++) if (out[i].severity === 'error') invalid.add(outEntries[i]);
    }
    for (const missing of course.missing) {
      out.push({
        file: missing.dir,
        range: { start: 0, end: 0 },
        severity: codeSeverity('missing-info-file'),
        code: 'missing-info-file',
        message: `Missing JSON file: ${missing.relPath}. Either create the file or delete the ${missing.relPath.slice(0, missing.relPath.lastIndexOf('/'))} directory.`,
      });
    }
    this.checkQuestionFiles(course, reader, out);
    // Plain loops, not push(...list): spreading a list of 100,000+ diagnostics overflows the stack.
    const all: CourseDiagnostic[] = [];
    for (const local of locals.values()) {
      if (options.reportSyntaxErrors) for (const d of local.syntaxDiagnostics) all.push(d);
      for (const d of local.diagnostics) all.push(d);
    }
    for (const d of out) all.push(d);
    return applySeverityOverrides(all, options.severities);
  }

  /** The text of a question file as last checked (for turning offsets into positions). */
  questionFileText(path: string): string | undefined {
    return this.questionFiles.get(path)?.text;
  }

  private checkQuestionFiles(course: Course, reader: CourseReader, out: CourseDiagnostic[]): void {
    const seen = new Set<string>();
    for (const checker of QUESTION_FILE_CHECKERS) {
      const run = checker.begin(course, reader);
      for (const entry of course.questions.values()) {
        const path = entry.dir + nodePath.sep + checker.fileName;
        let text: string;
        try {
          text = reader.readText(path);
        } catch {
          continue; // no such file (or not readable): nothing to check
        }
        seen.add(path);
        let cached = this.questionFiles.get(path);
        if (cached?.text !== text) {
          cached = { text, prepared: checker.prepare(text) };
          this.questionFiles.set(path, cached);
        }
        for (const r of run(cached.prepared, entry, path)) {
          const d: CourseDiagnostic = { file: path, range: r.range, severity: codeSeverity(r.code), code: r.code, message: r.message };
          if (r.related?.length) d.related = r.related.map((x) => ({ file: path, range: x.range, message: x.message }));
          if (r.data) d.data = r.data;
          out.push(d);
        }
      }
    }
    if (seen.size !== this.questionFiles.size) for (const path of this.questionFiles.keys()) if (!seen.has(path)) this.questionFiles.delete(path);
  }

  private local(entry: InfoEntry, ctx: RuleContext, hour: number): LocalResult {
    const file = entry.file;
    if (!file) {
      const key = `${entry.path}|${entry.readError}`;
      let cached = this.readErrorCache.get(key);
      if (!cached) {
        const diagnostics: CourseDiagnostic[] = [
          {
            file: entry.path,
            range: { start: 0, end: 0 },
            severity: codeSeverity('read-error'),
            code: 'read-error',
            message: `Error reading JSON file ${entry.relPath}: ${entry.readError}`,
          },
        ];
        cached = { diagnostics, syntaxDiagnostics: [], data: undefined, hasErrors: true, hour };
        this.readErrorCache.set(key, cached);
      }
      return cached;
    }
    const cached = this.cache.get(file);
    if (cached && cached.hour === hour) return cached;
    const result = computeLocal(entry, file, ctx, hour);
    this.cache.set(file, result);
    return result;
  }
}

function computeLocal(entry: InfoEntry, file: JsonFile, ctx: RuleContext, hour: number): LocalResult {
  const diagnostics: CourseDiagnostic[] = [];
  const syntaxDiagnostics: CourseDiagnostic[] = [];
  const push = (code: string, message: string, range = { start: 0, end: Math.min(1, file.text.length) }) =>
    diagnostics.push({ file: entry.path, range, severity: codeSeverity(code), code, message });
  let uuid: string | undefined;
  const done = (data: unknown): LocalResult => ({
    diagnostics,
    syntaxDiagnostics,
    data,
    uuid,
    hasErrors: diagnostics.some((d) => codeSeverity(d.code) === 'error') || syntaxDiagnostics.length > 0,
    hour,
  });

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
      const found = [...file.text.matchAll(UUID_IN_TEXT)];
      if (found.length === 1 && UUID_PATTERN.test(found[0][1])) uuid = found[0][1];
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

  const data = file.value as any;
  if (entry.kind !== 'course') {
    const uuid_ = data && typeof data === 'object' && !Array.isArray(data) ? data.uuid : undefined;
    if (!uuid_) {
      push('uuid-missing', 'UUID is missing. Add a "uuid" property with a new UUID.', file.rangeOf(['uuid'], 'key'));
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

  const ruleCtx: RuleContext = { ...ctx, report: (e, r) => diagnostics.push(toDiagnostic(e, r)) };
  for (const rule of FILE_RULES) {
    if (rule.kinds.includes(entry.kind)) rule.check(entry, data, ruleCtx);
  }
  return done(data);
}

function toDiagnostic(entry: InfoEntry, report: Report): CourseDiagnostic {
  const file = entry.file;
  const range = file && report.path ? file.rangeOf(report.path, report.part ?? 'value') : { start: 0, end: file && file.text.length ? 1 : 0 };
  const d: CourseDiagnostic = {
    file: entry.path,
    range,
    severity: codeSeverity(report.code),
    code: report.code,
    message: report.message,
  };
  if (report.related?.length) d.related = report.related.map((r) => relatedLocation(r.entry, r.path, r.part ?? 'value', r.message));
  if (report.data) d.data = report.data;
  return d;
}
