import * as nodePath from 'node:path';
import { allEntries, INFO_FILE_NAME, type Course, type CourseInstance, type InfoEntry, type InfoKind } from './course';
import { nodeCourseReader, type CourseReader } from './courseReader';
import { applySeverityOverrides, type CourseDiagnostic, type SeverityOverrides } from './diagnostic';
import { MAX_JSON_DEPTH, type JsonFile } from './jsonFile';
import { validateAgainstSchema } from './schemaValidation';
import { ALL_RULES, codeSeverity, QUESTION_FILE_CHECKERS } from './rules';
import { relatedLocation, type CodeInfo, type CourseRule, type FileRule, type IncrementalCheck, type Report, type RuleContext } from './rules/rule';
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
  /** The report for a file that is there but cannot be read (`code`: EACCES...). */
  unreadable(code: string): QuestionFileReport;
  begin(courseRoot: string, reader: CourseReader, once: boolean): QuestionFileRun<Prepared>;
}

/** One pass of a `QuestionFileChecker` over the question files of a course. */
export interface QuestionFileRun<Prepared = any> {
  key: string;
  check(prepared: Prepared, questionDir: string, path: string): QuestionFileReport[];
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
  /**
   * The entries re-read (`reloadEntry`) since this checker last checked the same course model. When
   * given, the other entries are taken as unchanged and their files are not looked at; without it,
   * every entry is compared with the last check.
   */
  reloaded?: Iterable<InfoEntry>;
  /**
   * No check will follow (the command-line checker): what only a next check would reuse (parsed
   * question files, scanned server.py files) is not kept, which spares memory and its collection.
   */
  once?: boolean;
  /**
   * false: the question files (question.html) are left out, because the caller checks them
   * elsewhere with `checkQuestionFileAfresh` (pl-check does, on a second thread).
   */
  questionFiles?: boolean;
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
  entry: InfoEntry;
  index: number;
  /** The info file `local` is for. */
  file: JsonFile | undefined;
  local: LocalResult;
  /** A question's question files. */
  questionFiles?: QuestionFileSlot[];
  /** A course rule found an error in it during the current check. */
  invalid: boolean;
}

/** A question file of one question in the last check. */
interface QuestionFileSlot {
  path: string;
  /** Its place in the report: after the files of earlier questions and the earlier checkers' files. */
  index: number;
  state?: QuestionFileState;
}

/** What a course rule reported in the check that last ran it, and what it looked at. */
interface RuleRun {
  course: Course;
  /** The entries whose data, UUID or error state it read, or that its reports point to, by slot index (unused for an incremental rule). */
  read: Uint8Array;
  /** The clock, when it read it. */
  now?: number;
  /** The disk generation, when it read the disk (undefined: it did, and none was given). */
  usedReader: boolean;
  generation?: number;
  /** In report order; left out by a rerun over some entries until asked for (`diagnosticsOfRun`). */
  diagnostics?: CourseDiagnostic[];
  /** The same diagnostics by the entry they are on. */
  byEntry: Map<InfoEntry, CourseDiagnostic[]>;
  /** The entries its error reports make invalid for later rules. */
  invalid: Set<InfoEntry>;
  /** An incremental rule's index of the course. */
  session?: IncrementalCheck;
}

/** What every question file of one pass is checked with. */
interface QuestionFilePass {
  /** Each checker's run (`QuestionFileChecker.begin`), by checker. */
  runs: QuestionFileRun[];
  reader: CourseReader;
  generation: number | undefined;
  /** The number of the pass that last went over every question file. */
  check: number;
  once: boolean;
}

/** A question file as last read and checked. */
interface QuestionFileState {
  /** '' when the file could not be read (`readError`). */
  text: string;
  readError?: string;
  /** Made when first needed; not kept after a check with `once`. */
  prepared?: unknown;
  /** The check's diagnostics and what they were computed with. */
  diagnostics?: CourseDiagnostic[];
  key?: string;
  generation?: number;
  /** The number of the check that last found the file. */
  seen: number;
}

/**
 * The few items of many that have something to report, listed in course order. The order is
 * sorted again only when the set changes, so listing costs in proportion to the items, not the course.
 */
class ReportOrder<T extends { index: number }> {
  private readonly items = new Set<T>();
  private ordered: T[] | undefined = [];

  set(item: T, reports: boolean): void {
    if (reports === this.items.has(item)) return;
    if (reports) this.items.add(item);
    else this.items.delete(item);
    this.ordered = undefined;
  }

  clear(): void {
    this.items.clear();
    this.ordered = [];
  }

  list(): T[] {
    return (this.ordered ??= [...this.items].sort((a, b) => a.index - b.index));
  }
}

const FILE_RULES = ALL_RULES.filter((r): r is FileRule => r.scope === 'file');
/** The file rules of each kind of info file, listed once rather than filtered per file. */
const FILE_RULES_BY_KIND = Object.fromEntries(
  (Object.keys(INFO_FILE_NAME) as InfoKind[]).map((kind) => [kind, FILE_RULES.filter((r) => r.kinds.includes(kind))]),
) as Record<InfoKind, FileRule[]>;
const COURSE_RULES = ALL_RULES.filter((r) => r.scope === 'course');
const NOTHING_READ = new Uint8Array(0);

/**
 * Checks courses the way PrairieLearn's sync does: per file, JSON then UUID then schema then the
 * custom rules (which run only on files that passed), then the rules across files. Re-checking
 * after an edit redoes only what the edit can change: per-file results are cached by file content;
 * a course rule runs again only when an entry it looked at changed (its results are replayed
 * otherwise), or updates its own index with the changed entries; a question file's check runs
 * again only when its text, the course's element names or the disk changed. What is reported is
 * assembled from the entries and files that have problems, so an edit of a course with few
 * problems costs little more than the edited file.
 */
export class CourseChecker {
  private cache = new WeakMap<JsonFile, LocalResult>();
  private readErrorCache = new Map<string, LocalResult>();
  /** Question files by path. */
  private questionFiles = new Map<string, QuestionFileState>();
  private checks = 0;
  /** The course last checked, and its entries' slots, by entry and in course order. */
  private course: Course | undefined;
  private hour = NaN;
  private slots = new Map<InfoEntry, Slot>();
  private order: Slot[] = [];
  /** The same slots by info file, and the question files' slots by path. */
  private slotByPath = new Map<string, Slot>();
  private questionFileSlots = new Map<string, QuestionFileSlot>();
  /** The files whose diagnostics the last check may have changed, and the options that shape them. */
  private changedFiles = new Set<string>();
  private output: { reportSyntaxErrors?: boolean; severities?: SeverityOverrides } | undefined;
  /** The slots with diagnostics of their own, and the question files with diagnostics. */
  private localReports = new ReportOrder<Slot>();
  private questionFileReports = new ReportOrder<QuestionFileSlot>();
  /** The question files read from the editor in the last pass over every question file, and what that pass used. */
  private overlaidQuestionFiles: { slot: Slot; file: QuestionFileSlot; checker: number }[] = [];
  private questionFilePass: { generation?: number; keys: string[] } | undefined;
  /** The slots a course rule made invalid in the last check. */
  private invalidSlots: Slot[] = [];
  /** Diagnostics of folders: those that hold no info file, and those that cannot be listed. */
  private folderDiagnostics: CourseDiagnostic[] = [];
  private ruleRuns: (RuleRun | undefined)[] = [];
  /** The diagnostic made from each report an incremental rule may hand again. */
  private fromReport = new WeakMap<Report, CourseDiagnostic>();

  check(course: Course, options: CheckOptions = {}): CourseDiagnostic[] {
    this.update(course, options);
    // Plain loops, not push(...list): spreading a list of 100,000+ diagnostics overflows the stack.
    const all: CourseDiagnostic[] = [];
    for (const { local } of this.localReports.list()) {
      if (options.reportSyntaxErrors) for (const d of local.syntaxDiagnostics) all.push(d);
      for (const d of local.diagnostics) all.push(d);
    }
    for (const run of this.ruleRuns) for (const d of this.diagnosticsOfRun(run!)) all.push(d);
    for (const d of this.folderDiagnostics) all.push(d);
    for (const { state } of this.questionFileReports.list()) for (const d of state!.diagnostics!) all.push(d);
    return applySeverityOverrides(all, options.severities);
  }

  /**
   * Checks like `check`, but returns only the files whose diagnostics may differ from the previous
   * check's (undefined: any file's may), for a caller that keeps them by file (`diagnosticsOf`).
   * Options other than the reader, clock, generation and `reloaded` count as a change of every
   * file unless they are the very same values as last time.
   */
  update(course: Course, options: CheckOptions = {}): ReadonlySet<string> | undefined {
    const sameOutput = this.course === course && options.reportSyntaxErrors === this.output?.reportSyntaxErrors && options.severities === this.output?.severities;
    try {
      this.checkCourse(course, options);
    } catch (err) {
      // A check cut short leaves the bookkeeping half done: start the next one from scratch.
      this.course = undefined;
      this.ruleRuns = [];
      throw err;
    }
    this.output = { reportSyntaxErrors: options.reportSyntaxErrors, severities: options.severities };
    return sameOutput ? this.changedFiles : undefined;
  }

  /** A file's diagnostics in the last check, in the order `check` lists them. */
  diagnosticsOf(file: string): CourseDiagnostic[] {
    const out: CourseDiagnostic[] = [];
    const slot = this.slotByPath.get(file);
    if (slot) {
      if (this.output?.reportSyntaxErrors) for (const d of slot.local.syntaxDiagnostics) out.push(d);
      for (const d of slot.local.diagnostics) out.push(d);
      for (const run of this.ruleRuns) for (const d of run!.byEntry.get(slot.entry) ?? []) out.push(d);
    }
    for (const d of this.folderDiagnostics) if (d.file === file) out.push(d);
    for (const d of this.questionFileSlots.get(file)?.state?.diagnostics ?? []) out.push(d);
    return applySeverityOverrides(out, this.output?.severities);
  }

  /** Every file with diagnostics in the last check, with them. */
  diagnosticsByFile(): Map<string, CourseDiagnostic[]> {
    const files = new Set<string>();
    for (const { entry } of this.localReports.list()) files.add(entry.path);
    for (const run of this.ruleRuns) for (const entry of run!.byEntry.keys()) files.add(entry.path);
    for (const d of this.folderDiagnostics) files.add(d.file);
    for (const { path } of this.questionFileReports.list()) files.add(path);
    const out = new Map<string, CourseDiagnostic[]>();
    for (const file of files) {
      const list = this.diagnosticsOf(file);
      if (list.length > 0) out.set(file, list);
    }
    return out;
  }

  /** The text of a question file as last checked (for turning offsets into positions). */
  questionFileText(path: string): string | undefined {
    return this.questionFiles.get(path)?.text;
  }

  private checkCourse(course: Course, options: CheckOptions): void {
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
    const dirty = new Set<InfoEntry>();
    this.changedFiles = new Set();
    if (this.course !== course) {
      this.course = course;
      slots.clear();
      this.slotByPath.clear();
      this.questionFileSlots.clear();
      this.order = [];
      this.ruleRuns = [];
      this.invalidSlots = [];
      this.localReports.clear();
      this.questionFileReports.clear();
      this.questionFilePass = undefined;
      let index = 0;
      for (const entry of allEntries(course)) {
        const slot: Slot = { entry, index: index++, file: entry.file, local: this.local(entry, ctx, hour), invalid: false };
        slots.set(entry, slot);
        this.slotByPath.set(entry.path, slot);
        this.order.push(slot);
        this.localReports.set(slot, hasLocalReports(slot.local));
      }
      this.folderDiagnostics = course.missing.map((missing) => {
        const code = missing.readError || missing.loop ? 'read-error' : 'missing-info-file';
        const message = missing.loop
          ? `Folder ${missing.relPath} is a link to a folder that holds it, so it is not followed. PrairieLearn would walk it over and over and find the same questions again; remove the link.`
          : missing.readError
          ? `Error reading directory ${missing.relPath}: ${missing.readError}. PrairieLearn cannot sync a course with a folder it cannot list; fix its permissions.`
          : `Missing JSON file: ${missing.relPath}. Either create the file or delete the ${missing.relPath.slice(0, missing.relPath.lastIndexOf('/'))} directory.`;
        return { file: missing.dir, range: { start: 0, end: 0 }, severity: codeSeverity(code), code, message };
      });
    } else {
      for (const slot of this.invalidSlots) slot.invalid = false;
      // Results depend on the hour (date rules): a new hour looks at every entry.
      const changed = options.reloaded && hour === this.hour ? options.reloaded : this.order.map((slot) => slot.entry);
      for (const entry of changed) {
        const slot = slots.get(entry);
        // The same parsed file within the same hour: the same result, without a cache lookup.
        if (!slot || (entry.file && entry.file === slot.file && slot.local.hour === hour)) continue;
        slot.file = entry.file;
        const local = this.local(entry, ctx, hour);
        if (local !== slot.local) {
          slot.local = local;
          dirty.add(entry);
          this.changedFiles.add(entry.path);
          this.localReports.set(slot, hasLocalReports(local));
        }
      }
    }
    this.hour = hour;
    this.invalidSlots = [];

    for (let i = 0; i < COURSE_RULES.length; i++) {
      const rule = COURSE_RULES[i];
      const before = this.ruleRuns[i];
      let run: RuleRun;
      let patched = false;
      if (rule.incremental) run = this.updateIncremental(rule, ctx, before, dirty);
      else {
        const changed = before && this.changedInputs(before, course, now, options.generation, dirty);
        if (before && changed?.length === 0) run = before;
        else if (before && changed && rule.perEntry && !changed.includes(course.info)) {
          run = this.rerunEntries(rule, ctx, options.generation, before, changed, dirty);
          patched = true;
        } else run = this.runRule(rule, ctx, options.generation);
      }
      this.ruleRuns[i] = run;
      // Cross-file rules may add errors that make an entity invalid for later rules (as in PrairieLearn,
      // which runs them in a fixed order); a change in that counts as a change of the entity.
      for (const entry of run.invalid) {
        const slot = slots.get(entry)!;
        slot.invalid = true;
        this.invalidSlots.push(slot);
      }
      if (before && run !== before && !patched) {
        this.noteChangedReports(before, run);
        for (const entry of before.invalid) if (!run.invalid.has(entry)) dirty.add(entry);
        for (const entry of run.invalid) if (!before.invalid.has(entry)) dirty.add(entry);
      }
    }
    if (options.questionFiles !== false) this.checkQuestionFiles(course, reader, options.generation, !!options.once);
  }

  /** A course rule's diagnostics in report order; a `perEntry` rule reports in course order, the order of its entries in the check. */
  private diagnosticsOfRun(run: RuleRun): CourseDiagnostic[] {
    if (!run.diagnostics) {
      const entries = [...run.byEntry.keys()].sort((a, b) => this.slots.get(a)!.index - this.slots.get(b)!.index);
      run.diagnostics = [];
      for (const entry of entries) for (const d of run.byEntry.get(entry)!) run.diagnostics.push(d);
    }
    return run.diagnostics;
  }

  /** Notes the files whose reports from a course rule differ between two of its runs. */
  private noteChangedReports(before: RuleRun, run: RuleRun): void {
    for (const [entry, list] of run.byEntry) if (!sameItems(before.byEntry.get(entry), list)) this.changedFiles.add(entry.path);
    for (const entry of before.byEntry.keys()) if (!run.byEntry.has(entry)) this.changedFiles.add(entry.path);
  }

  /**
   * The changed entries a course rule's last run looked at (none: its results still hold), or
   * undefined when more than entries changed (the course, the clock or the disk it read).
   */
  private changedInputs(run: RuleRun, course: Course, now: Date, generation: number | undefined, dirty: Set<InfoEntry>): InfoEntry[] | undefined {
    if (run.course !== course) return undefined;
    if (run.now !== undefined && run.now !== now.getTime()) return undefined;
    if (run.usedReader && (generation === undefined || run.generation !== generation)) return undefined;
    const changed: InfoEntry[] = [];
    for (const entry of dirty) if (run.read[this.slots.get(entry)!.index]) changed.push(entry);
    return changed;
  }

  /** Hands an incremental rule the changed entries (a new course: a new index of it), unless nothing changed. */
  private updateIncremental(rule: CourseRule, ctx: RuleContext, before: RuleRun | undefined, dirty: Set<InfoEntry>): RuleRun {
    const same = before?.session && before.course === ctx.course;
    if (same && dirty.size === 0) return before;
    const session = same ? before.session! : rule.incremental!();
    const run = newRun(ctx.course);
    run.session = session;
    const fromReport = this.fromReport;
    session.update(
      {
        ...ctx,
        report: (entry, report) => {
          let d = fromReport.get(report);
          if (!d) fromReport.set(report, (d = toDiagnostic(entry, report)));
          addToRun(run, entry, d);
        },
      },
      dirty,
    );
    return run;
  }

  /**
   * Runs a `perEntry` course rule over the changed entries alone (a course that holds only them) and
   * puts their new reports in place of their old ones. The last run's maps are updated in place (it
   * is not used again), so the cost is that of the changed entries; the files whose reports changed
   * are noted, and the entries whose error state changed are added to `dirty`.
   */
  private rerunEntries(rule: CourseRule, ctx: RuleContext, generation: number | undefined, before: RuleRun, changed: InfoEntry[], dirty: Set<InfoEntry>): RuleRun {
    const course = ctx.course;
    const only = new Set(changed);
    const questions = new Map<string, InfoEntry>();
    const courseInstances = new Map<string, CourseInstance>();
    const instanceOf = (id: string) => {
      let ci = courseInstances.get(id);
      if (!ci) courseInstances.set(id, (ci = { entry: course.courseInstances.get(id)!.entry, assessments: new Map() }));
      return ci;
    };
    for (const entry of changed) {
      if (entry.kind === 'question') questions.set(entry.id, entry);
      else if (entry.kind === 'courseInstance') instanceOf(entry.id);
      else if (entry.kind === 'assessment') instanceOf(entry.courseInstanceId!).assessments.set(entry.id, entry);
    }
    // What it reads now adds to what it read before: noted in the same array.
    const part = this.runRule(rule, { ...ctx, course: { ...course, questions, courseInstances } }, generation, only, before.read);
    const { byEntry, invalid } = before;
    for (const entry of changed) {
      const list = part.byEntry.get(entry);
      if (!sameItems(byEntry.get(entry) ?? [], list ?? [])) this.changedFiles.add(entry.path);
      if (list) byEntry.set(entry, list);
      else byEntry.delete(entry);
      if (part.invalid.has(entry) !== invalid.has(entry)) {
        dirty.add(entry);
        if (invalid.has(entry)) invalid.delete(entry);
        else invalid.add(entry);
      }
    }
    return {
      course,
      read: before.read,
      now: part.now ?? before.now,
      usedReader: part.usedReader || before.usedReader,
      generation,
      // Made from `byEntry` when asked for.
      diagnostics: undefined,
      byEntry,
      invalid,
    };
  }

  /** Runs a course rule, noting what it reads (in `read` when given); with `only`, keeps its reports on those entries alone. */
  private runRule(rule: CourseRule, ctx: RuleContext, generation: number | undefined, only?: Set<InfoEntry>, read: Uint8Array = new Uint8Array(this.slots.size)): RuleRun {
    const slots = this.slots;
    const run = newRun(ctx.course);
    run.read = read;
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
        addToRun(run, entry, toDiagnostic(entry, report));
      },
    };
    rule.check(tracked);
    return run;
  }

  /**
   * Brings the question files' results up to date. With the same course, disk generation and
   * checker keys as the last pass over them all, only the files read from the editor can differ:
   * only they are read again.
   */
  private checkQuestionFiles(course: Course, reader: CourseReader, generation: number | undefined, once: boolean): void {
    const runs = QUESTION_FILE_CHECKERS.map((checker) => checker.begin(course.root, reader, once));
    const keys = runs.map((r) => r.key);
    const last = this.questionFilePass;
    if (generation !== undefined && last && last.generation === generation && keys.every((k, c) => k === last.keys[c])) {
      const pass: QuestionFilePass = { runs, reader, generation, check: this.checks, once };
      for (const { slot, file, checker } of this.overlaidQuestionFiles) this.checkQuestionFile(slot, file, checker, pass);
      return;
    }
    const check = ++this.checks;
    const pass: QuestionFilePass = { runs, reader, generation, check, once };
    let seen = 0;
    const overlaid: typeof this.overlaidQuestionFiles = [];
    for (const slot of this.order) {
      if (slot.entry.kind !== 'question') continue;
      // Paths made once: a fresh string per check would be hashed anew on every lookup.
      let files = slot.questionFiles;
      if (!files) {
        files = slot.questionFiles = QUESTION_FILE_CHECKERS.map((qc, c) => ({
          path: slot.entry.dir + nodePath.sep + qc.fileName,
          index: slot.index * QUESTION_FILE_CHECKERS.length + c,
        }));
        for (const file of files) this.questionFileSlots.set(file.path, file);
      }
      for (let c = 0; c < files.length; c++) {
        if (this.checkQuestionFile(slot, files[c], c, pass)) seen++;
        if (reader.isOverlaid?.(files[c].path)) overlaid.push({ slot, file: files[c], checker: c });
      }
    }
    if (seen !== this.questionFiles.size) for (const [path, state] of this.questionFiles) if (state.seen !== check) this.questionFiles.delete(path);
    this.overlaidQuestionFiles = overlaid;
    this.questionFilePass = { generation, keys };
  }

  /** Reads and checks one question file unless its last results still hold; false when there is no such file. */
  private checkQuestionFile(slot: Slot, file: QuestionFileSlot, c: number, pass: QuestionFilePass): boolean {
    const before = file.state?.diagnostics;
    const found = this.refreshQuestionFile(slot, file, c, pass);
    const after = file.state?.diagnostics;
    if (!sameItems(before ?? [], after ?? [])) this.changedFiles.add(file.path);
    this.questionFileReports.set(file, !!after?.length);
    return found;
  }

  private refreshQuestionFile(slot: Slot, file: QuestionFileSlot, c: number, pass: QuestionFilePass): boolean {
    const { reader, generation, check, once } = pass;
    const run = pass.runs[c];
    const { key } = run;
    let state = file.state;
    // Unchanged disk and no editor text: the file is as last read, and so are its results.
    const fresh = state && generation !== undefined && state.generation === generation && state.key === key && !reader.isOverlaid?.(file.path);
    if (!fresh) {
      const path = file.path;
      const read = readQuestionFile(reader, path);
      if (!read) {
        file.state = undefined;
        return false;
      }
      if (read.readError !== undefined) {
        file.state = { text: '', readError: read.readError, diagnostics: unreadableQuestionFile(c, path, read.readError), key, generation, seen: check };
        this.questionFiles.set(path, file.state);
        return true;
      }
      const text = read.text;
      state = this.questionFiles.get(path);
      if (state?.text !== text || state.readError) {
        state = { text, seen: check };
        this.questionFiles.set(path, state);
      }
      file.state = state;
      if (!state.diagnostics || state.key !== key || generation === undefined || state.generation !== generation) {
        const prepared = state.prepared ?? QUESTION_FILE_CHECKERS[c].prepare(text);
        state.prepared = once ? undefined : prepared;
        state.diagnostics = run.check(prepared, slot.entry.dir, path).map((r) => questionFileDiagnostic(path, r));
        state.key = key;
        state.generation = generation;
      }
    }
    state!.seen = check;
    return true;
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

  const ruleCtx: RuleContext = { ...ctx, report: (e, r) => diagnostics.push(toDiagnostic(e, r)) };
  for (const rule of FILE_RULES_BY_KIND[entry.kind]) rule.check(entry, data, ruleCtx);
  return done(data);
}

/** The text of a question file, or the errno code that kept it from being read; undefined when there is no such file. */
function readQuestionFile(reader: CourseReader, path: string): { text: string; readError?: undefined } | { text?: undefined; readError: string } | undefined {
  try {
    return { text: reader.readText(path) };
  } catch (err) {
    const readError = (err as NodeJS.ErrnoException).code;
    // No such file: nothing to check. One that is there but cannot be read is said.
    if (readError === undefined || readError === 'ENOENT' || readError === 'ENOTDIR') return undefined;
    return { readError };
  }
}

function unreadableQuestionFile(c: number, path: string, readError: string): CourseDiagnostic[] {
  return [questionFileDiagnostic(path, QUESTION_FILE_CHECKERS[c].unreadable(readError))];
}

/**
 * Reads and checks the question file `path` of checker number `c` as a `CourseChecker` does a
 * file it has no results for (`run` is that checker's `begin` for the course), for a caller that
 * checks question files apart from the info files (`CheckOptions.questionFiles`). Undefined when
 * there is no such file; `text` is '' when it cannot be read.
 */
export function checkQuestionFileAfresh(c: number, run: QuestionFileRun, reader: CourseReader, questionDir: string, path: string): { text: string; diagnostics: CourseDiagnostic[] } | undefined {
  const read = readQuestionFile(reader, path);
  if (!read) return undefined;
  if (read.readError !== undefined) return { text: '', diagnostics: unreadableQuestionFile(c, path, read.readError) };
  const reports = run.check(QUESTION_FILE_CHECKERS[c].prepare(read.text), questionDir, path);
  return { text: read.text, diagnostics: reports.map((r) => questionFileDiagnostic(path, r)) };
}

function questionFileDiagnostic(path: string, r: QuestionFileReport): CourseDiagnostic {
  const d: CourseDiagnostic = { file: path, range: r.range, severity: codeSeverity(r.code), code: r.code, message: r.message };
  if (r.related?.length) d.related = r.related.map((x) => ({ file: path, range: x.range, message: x.message }));
  if (r.data) d.data = r.data;
  return d;
}

function sameItems<T>(a: T[] | undefined, b: T[]): boolean {
  if (a === b) return true;
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function hasLocalReports(local: LocalResult): boolean {
  return local.diagnostics.length > 0 || local.syntaxDiagnostics.length > 0;
}

function newRun(course: Course): RuleRun {
  return { course, read: NOTHING_READ, usedReader: false, diagnostics: [], byEntry: new Map(), invalid: new Set() };
}

function addToRun(run: RuleRun, entry: InfoEntry, d: CourseDiagnostic): void {
  run.diagnostics!.push(d);
  const list = run.byEntry.get(entry);
  if (list) list.push(d);
  else run.byEntry.set(entry, [d]);
  if (d.severity === 'error') run.invalid.add(entry);
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
