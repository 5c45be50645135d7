import * as nodePath from 'node:path';
import { allEntries, type Course, type CourseInstance, type InfoEntry } from './course';
import { nodeCourseReader, type CourseReader } from './courseReader';
import { applySeverityOverrides, type CourseDiagnostic, type SeverityOverrides } from './diagnostic';
import type { JsonFile } from './jsonFile';
import { validateAgainstSchema } from './schemaValidation';
import { ALL_RULES, codeSeverity, QUESTION_FILE_CHECKERS } from './rules';
import { relatedLocation, type CodeInfo, type CourseRule, type FileRule, type Report, type RuleContext } from './rules/rule';
import type { TextRange } from './diagnostic';

/**
 * A check of one more file in each question folder (question.html), so that its problems come
 * with the info files'. `prepare` works on the text alone and is cached by text. `begin` gathers
 * what a check of the course needs once (the course's element names...); its `check` may also look
 * at other files of the question, so its results are reused only while `key`, the text and the
 * disk (`CheckOptions.generation`) stay the same.
 */
export interface QuestionFileChecker<Prepared = any> {
  fileName: string;
  codes: Record<string, CodeInfo>;
  prepare(text: string): Prepared;
  begin(course: Course, reader: CourseReader): { key: string; check: (prepared: Prepared, question: InfoEntry, path: string) => QuestionFileReport[] };
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
  /**
   * A number that changes whenever a file other than the info files may have changed on disk (or
   * appeared in or left the reader's overlay); the language server counts file-watcher events. While
   * it stays the same, results that looked at other files (question.html checks, the course rules
   * that read the disk) are reused. Without it, they are computed afresh on every check.
   */
  generation?: number;
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

/** An entry's place in the last check: its own result and its number, for the course rules' bookkeeping. */
interface Slot {
  index: number;
  /** The info file `local` is for. */
  file: JsonFile | undefined;
  local: LocalResult;
  /** A question's question files. */
  questionFiles?: { path: string; state?: QuestionFileState }[];
  /** A course rule found an error in it during the current check. */
  invalid: boolean;
}

/** What a course rule reported in the check that last ran it, and what it looked at. */
interface RuleRun {
  course: Course;
  /** The entries whose data, UUID or error state it read, or that its reports point to, by slot index. */
  read: Uint8Array;
  /** The clock, when it read it. */
  now?: number;
  /** The disk generation, when it read the disk (undefined: it did, and none was given). */
  usedReader: boolean;
  generation?: number;
  diagnostics: CourseDiagnostic[];
  /** The same diagnostics by the entry they are on. */
  byEntry: Map<InfoEntry, CourseDiagnostic[]>;
  /** The entries its error reports make invalid for later rules. */
  invalid: Set<InfoEntry>;
}

/** A question file as last read and checked. */
interface QuestionFileState {
  text: string;
  prepared: unknown;
  /** The check's diagnostics and what they were computed with. */
  diagnostics?: CourseDiagnostic[];
  key?: string;
  generation?: number;
  /** The number of the check that last found the file. */
  seen: number;
}

const FILE_RULES = ALL_RULES.filter((r): r is FileRule => r.scope === 'file');
const COURSE_RULES = ALL_RULES.filter((r) => r.scope === 'course');

/**
 * Checks courses the way PrairieLearn's sync does: per file, JSON then UUID then schema then the
 * custom rules (which run only on files that passed), then the rules across files. Re-checking
 * after an edit redoes only what the edit can change: per-file results are cached by file content;
 * a course rule runs again only when an entry it looked at changed (its results are replayed
 * otherwise); a question file's check runs again only when its text, the course's element names or
 * the disk changed.
 */
export class CourseChecker {
  private cache = new WeakMap<JsonFile, LocalResult>();
  private readErrorCache = new Map<string, LocalResult>();
  /** Question files by path. */
  private questionFiles = new Map<string, QuestionFileState>();
  private checks = 0;
  /** The course last checked, and its entries' slots. */
  private course: Course | undefined;
  private slots = new Map<InfoEntry, Slot>();
  private ruleRuns: (RuleRun | undefined)[] = [];

  check(course: Course, options: CheckOptions = {}): CourseDiagnostic[] {
    try {
      return this.checkCourse(course, options);
    } catch (err) {
      // A check cut short leaves the bookkeeping half done: start the next one from scratch.
      this.course = undefined;
      this.ruleRuns = [];
      throw err;
    }
  }

  /** The text of a question file as last checked (for turning offsets into positions). */
  questionFileText(path: string): string | undefined {
    return this.questionFiles.get(path)?.text;
  }

  private checkCourse(course: Course, options: CheckOptions): CourseDiagnostic[] {
    const now = options.now ?? new Date();
    const hour = Math.floor(now.getTime() / 3_600_000);
    const reader = options.reader ?? nodeCourseReader;
    const slots = this.slots;
    const ctx: RuleContext = {
      course,
      now,
      reader,
      validData: (entry) => slots.get(entry)?.local.data,
      uuidOf: (entry) => slots.get(entry)?.local.uuid,
      hasErrors: (entry) => {
        const slot = slots.get(entry);
        return !slot || slot.invalid || slot.local.hasErrors;
      },
      report: () => {
        throw new Error('file rules report through their own context');
      },
    };

    // Entries whose own result changed since the last check of this course (all of them for a new course).
    const dirty: InfoEntry[] = [];
    if (this.course !== course) {
      this.course = course;
      slots.clear();
      this.ruleRuns = [];
      let index = 0;
      for (const entry of allEntries(course)) slots.set(entry, { index: index++, file: entry.file, local: this.local(entry, ctx, hour), invalid: false });
    } else {
      for (const [entry, slot] of slots) {
        // The same parsed file within the same hour: the same result, without a cache lookup.
        if (entry.file && entry.file === slot.file && slot.local.hour === hour) {
          slot.invalid = false;
          continue;
        }
        slot.file = entry.file;
        const local = this.local(entry, ctx, hour);
        if (local !== slot.local) {
          slot.local = local;
          dirty.push(entry);
        }
        slot.invalid = false;
      }
    }

    const ruleDiagnostics: CourseDiagnostic[] = [];
    for (let i = 0; i < COURSE_RULES.length; i++) {
      const rule = COURSE_RULES[i];
      const before = this.ruleRuns[i];
      const changed = before && this.changedInputs(before, course, now, options.generation, dirty);
      let run: RuleRun;
      if (before && changed?.length === 0) run = before;
      else if (before && changed && rule.perEntry && !changed.includes(course.info)) run = this.rerunEntries(rule, ctx, options.generation, before, changed);
      else run = this.runRule(rule, ctx, options.generation);
      this.ruleRuns[i] = run;
      // Cross-file rules may add errors that make an entity invalid for later rules (as in PrairieLearn,
      // which runs them in a fixed order); a change in that counts as a change of the entity.
      for (const entry of run.invalid) slots.get(entry)!.invalid = true;
      if (before && run !== before) {
        for (const entry of before.invalid) if (!run.invalid.has(entry)) dirty.push(entry);
        for (const entry of run.invalid) if (!before.invalid.has(entry)) dirty.push(entry);
      }
      for (const d of run.diagnostics) ruleDiagnostics.push(d);
    }

    // Plain loops, not push(...list): spreading a list of 100,000+ diagnostics overflows the stack.
    const all: CourseDiagnostic[] = [];
    for (const { local } of slots.values()) {
      if (options.reportSyntaxErrors) for (const d of local.syntaxDiagnostics) all.push(d);
      for (const d of local.diagnostics) all.push(d);
    }
    for (const d of ruleDiagnostics) all.push(d);
    for (const missing of course.missing) {
      all.push({
        file: missing.dir,
        range: { start: 0, end: 0 },
        severity: codeSeverity('missing-info-file'),
        code: 'missing-info-file',
        message: `Missing JSON file: ${missing.relPath}. Either create the file or delete the ${missing.relPath.slice(0, missing.relPath.lastIndexOf('/'))} directory.`,
      });
    }
    this.checkQuestionFiles(course, reader, options.generation, all);
    return applySeverityOverrides(all, options.severities);
  }

  /**
   * The changed entries a course rule's last run looked at (none: its results still hold), or
   * undefined when more than entries changed (the course, the clock or the disk it read).
   */
  private changedInputs(run: RuleRun, course: Course, now: Date, generation: number | undefined, dirty: InfoEntry[]): InfoEntry[] | undefined {
    if (run.course !== course) return undefined;
    if (run.now !== undefined && run.now !== now.getTime()) return undefined;
    if (run.usedReader && (generation === undefined || run.generation !== generation)) return undefined;
    const changed: InfoEntry[] = [];
    for (const entry of dirty) if (run.read[this.slots.get(entry)!.index] && !changed.includes(entry)) changed.push(entry);
    return changed;
  }

  /**
   * Runs a `perEntry` course rule over the changed entries alone (a course that holds only them) and
   * puts their new reports in place of their old ones.
   */
  private rerunEntries(rule: CourseRule, ctx: RuleContext, generation: number | undefined, before: RuleRun, changed: InfoEntry[]): RuleRun {
    const course = ctx.course;
    const only = new Set(changed);
    const questions = new Map<string, InfoEntry>();
    for (const entry of changed) if (entry.kind === 'question') questions.set(entry.id, entry);
    const courseInstances = new Map<string, CourseInstance>();
    for (const [id, ci] of course.courseInstances) {
      const assessments = new Map<string, InfoEntry>();
      for (const [tid, a] of ci.assessments) if (only.has(a)) assessments.set(tid, a);
      if (assessments.size > 0 || only.has(ci.entry)) courseInstances.set(id, { entry: ci.entry, assessments });
    }
    const part = this.runRule(rule, { ...ctx, course: { ...course, questions, courseInstances } }, generation, only);
    const byEntry = new Map(before.byEntry);
    const invalid = new Set(before.invalid);
    for (const entry of changed) {
      byEntry.delete(entry);
      invalid.delete(entry);
    }
    for (const [entry, list] of part.byEntry) byEntry.set(entry, list);
    for (const entry of part.invalid) invalid.add(entry);
    const read = before.read.slice();
    for (let i = 0; i < read.length; i++) read[i] |= part.read[i];
    // Such a rule reports in course order: the entries' order in the check.
    const entries = [...byEntry.keys()].sort((a, b) => this.slots.get(a)!.index - this.slots.get(b)!.index);
    const diagnostics: CourseDiagnostic[] = [];
    for (const entry of entries) for (const d of byEntry.get(entry)!) diagnostics.push(d);
    return {
      course,
      read,
      now: part.now ?? before.now,
      usedReader: part.usedReader || before.usedReader,
      generation,
      diagnostics,
      byEntry,
      invalid,
    };
  }

  /** Runs a course rule, noting what it reads; with `only`, keeps its reports on those entries alone. */
  private runRule(rule: CourseRule, ctx: RuleContext, generation: number | undefined, only?: Set<InfoEntry>): RuleRun {
    const slots = this.slots;
    const read = new Uint8Array(slots.size);
    const run: RuleRun = { course: ctx.course, read, usedReader: false, diagnostics: [], byEntry: new Map(), invalid: new Set() };
    const note = (entry: InfoEntry) => {
      const slot = slots.get(entry);
      if (slot) read[slot.index] = 1;
      return slot;
    };
    const tracked: RuleContext = {
      course: ctx.course,
      get now() {
        run.now = ctx.now.getTime();
        return ctx.now;
      },
      get reader() {
        run.usedReader = true;
        run.generation = generation;
        return ctx.reader;
      },
      validData: (entry) => note(entry)?.local.data,
      uuidOf: (entry) => note(entry)?.local.uuid,
      hasErrors: (entry) => {
        const slot = note(entry);
        return !slot || slot.invalid || slot.local.hasErrors;
      },
      report: (entry, report) => {
        if (only && !only.has(entry)) return;
        // The report's ranges come from these entries' files.
        note(entry);
        for (const r of report.related ?? []) note(r.entry);
        const d = toDiagnostic(entry, report);
        run.diagnostics.push(d);
        const list = run.byEntry.get(entry);
        if (list) list.push(d);
        else run.byEntry.set(entry, [d]);
        if (d.severity === 'error') run.invalid.add(entry);
      },
    };
    rule.check(tracked);
    return run;
  }

  private checkQuestionFiles(course: Course, reader: CourseReader, generation: number | undefined, out: CourseDiagnostic[]): void {
    const check = ++this.checks;
    let seen = 0;
    const runs = QUESTION_FILE_CHECKERS.map((checker) => checker.begin(course, reader));
    // The slots hold the course's entries in order, questions among them.
    for (const [entry, slot] of this.slots) {
      if (entry.kind !== 'question') continue;
      // Paths made once: a fresh string per check would be hashed anew on every lookup.
      const files = (slot.questionFiles ??= QUESTION_FILE_CHECKERS.map((qc): { path: string; state?: QuestionFileState } => ({ path: entry.dir + nodePath.sep + qc.fileName })));
      for (let c = 0; c < files.length; c++) {
        const file = files[c];
        const { key } = runs[c];
        let state = file.state;
        // Unchanged disk and no editor text: the file is as last read, and so are its results.
        const fresh = state && generation !== undefined && state.generation === generation && state.key === key && !reader.isOverlaid?.(file.path);
        if (!fresh) {
          let text: string;
          try {
            text = reader.readText(file.path);
          } catch {
            file.state = undefined;
            continue; // no such file (or not readable): nothing to check
          }
          state = this.questionFiles.get(file.path);
          if (state?.text !== text) {
            state = { text, prepared: QUESTION_FILE_CHECKERS[c].prepare(text), seen: check };
            this.questionFiles.set(file.path, state);
          }
          file.state = state;
          if (!state.diagnostics || state.key !== key || generation === undefined || state.generation !== generation) {
            const path = file.path;
            state.diagnostics = runs[c].check(state.prepared, entry, path).map((r) => {
              const d: CourseDiagnostic = { file: path, range: r.range, severity: codeSeverity(r.code), code: r.code, message: r.message };
              if (r.related?.length) d.related = r.related.map((x) => ({ file: path, range: x.range, message: x.message }));
              if (r.data) d.data = r.data;
              return d;
            });
            state.key = key;
            state.generation = generation;
          }
        }
        state!.seen = check;
        seen++;
        for (const d of state!.diagnostics!) out.push(d);
      }
    }
    if (seen !== this.questionFiles.size) for (const [path, state] of this.questionFiles) if (state.seen !== check) this.questionFiles.delete(path);
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
