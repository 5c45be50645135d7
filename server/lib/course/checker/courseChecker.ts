import { allEntries, type Course, type InfoEntry } from '../course';
import { nodeCourseReader } from '../courseReader';
import { applySeverityOverrides, type CourseDiagnostic, type SeverityOverrides } from '../diagnostic';
import { validDataOfKind, type RuleContext } from '../rules/rule';
import type { CheckOptions } from './checkOptions';
import { folderDiagnostics, hasOwnReports, InfoFileResults } from './infoFilePipeline';
import type { QuestionFileChecker } from './questionFileChecker';
import { QuestionFileStore } from './questionFileStore';
import { hourOf, type CheckPass } from './checkPass';
import { RuleScheduler } from './ruleScheduler';
import { ReportOrder } from './reportOrder';
import type { Slot } from './slots';

/**
 * Checks courses the way PrairieLearn's sync does: per file, JSON then UUID then schema then the
 * custom rules (which run only on files that passed; `infoFilePipeline.ts`), then the rules across
 * files (`ruleScheduler.ts`), then the question files it was given checkers for
 * (`questionFileStore.ts`). Re-checking after an edit redoes only what the edit can change (see
 * `checkPass.ts` for the words). What is reported is assembled from the entries and files that
 * have problems, so an edit of a course with few problems costs little more than the edited file.
 */
export class CourseChecker {
  private readonly infoFiles = new InfoFileResults();
  /** The course model of the last pass, and its entries' slots, by entry, by info file and in course order; dropped with the model. */
  private course: Course | undefined;
  private hour = NaN;
  private readonly slots = new Map<InfoEntry, Slot>();
  private readonly slotByPath = new Map<string, Slot>();
  private order: Slot[] = [];
  /** The slots with diagnostics of their own. */
  private readonly ownReports = new ReportOrder<Slot>();
  private folderDiagnostics: CourseDiagnostic[] = [];
  private readonly rules = new RuleScheduler(this.slots);
  private readonly questionFiles: QuestionFileStore;
  /** The files whose diagnostics the last pass may have changed, and the options that shape them. */
  private changedFiles = new Set<string>();
  private output: { reportSyntaxErrors?: boolean; severities?: SeverityOverrides } | undefined;

  /** `questionFileCheckers`: the other files of each question to check (question.html), from whoever composes the checker. */
  constructor(questionFileCheckers: readonly QuestionFileChecker[] = []) {
    this.questionFiles = new QuestionFileStore(questionFileCheckers);
  }

  /** The checkers of question files this checker was composed with. */
  get questionFileCheckers(): readonly QuestionFileChecker[] {
    return this.questionFiles.checkers;
  }

  check(course: Course, options: CheckOptions = {}): CourseDiagnostic[] {
    this.update(course, options);
    // Plain loops, not push(...list): spreading a list of 100,000+ diagnostics overflows the stack.
    const all: CourseDiagnostic[] = [];
    for (const { result } of this.ownReports.list()) {
      if (options.reportSyntaxErrors) for (const d of result.syntaxDiagnostics) all.push(d);
      for (const d of result.diagnostics) all.push(d);
    }
    this.rules.addDiagnostics(all);
    for (const d of this.folderDiagnostics) all.push(d);
    this.questionFiles.addDiagnostics(all);
    return applySeverityOverrides(all, options.severities);
  }

  /**
   * Checks like `check`, but returns only the files whose diagnostics may differ from the previous
   * pass's (undefined: any file's may), for a caller that keeps them by file (`diagnosticsOf`).
   * Options other than the reader, clock, disk generation and `reloaded` count as a change of every
   * file unless they are the very same values as last time.
   */
  update(course: Course, options: CheckOptions = {}): ReadonlySet<string> | undefined {
    const sameOutput = this.course === course && options.reportSyntaxErrors === this.output?.reportSyntaxErrors && options.severities === this.output?.severities;
    try {
      this.runPass(course, options);
    } catch (err) {
      // A pass cut short leaves the bookkeeping half done: start the next one from scratch.
      this.course = undefined;
      this.rules.reset();
      throw err;
    }
    this.output = { reportSyntaxErrors: options.reportSyntaxErrors, severities: options.severities };
    return sameOutput ? this.changedFiles : undefined;
  }

  /** A file's diagnostics in the last pass, in the order `check` lists them. */
  diagnosticsOf(file: string): CourseDiagnostic[] {
    const out: CourseDiagnostic[] = [];
    const slot = this.slotByPath.get(file);
    if (slot) {
      if (this.output?.reportSyntaxErrors) for (const d of slot.result.syntaxDiagnostics) out.push(d);
      for (const d of slot.result.diagnostics) out.push(d);
      this.rules.addDiagnosticsOn(slot.entry, out);
    }
    for (const d of this.folderDiagnostics) if (d.file === file) out.push(d);
    for (const d of this.questionFiles.diagnosticsOf(file)) out.push(d);
    return applySeverityOverrides(out, this.output?.severities);
  }

  /** Every file with diagnostics in the last pass, with them. */
  diagnosticsByFile(): Map<string, CourseDiagnostic[]> {
    const files = new Set<string>();
    for (const { entry } of this.ownReports.list()) files.add(entry.path);
    this.rules.addFilesWithReports(files);
    for (const d of this.folderDiagnostics) files.add(d.file);
    this.questionFiles.addFilesWithReports(files);
    const out = new Map<string, CourseDiagnostic[]>();
    for (const file of files) {
      const list = this.diagnosticsOf(file);
      if (list.length > 0) out.set(file, list);
    }
    return out;
  }

  /** The text of a question file as last checked (for turning offsets into positions). */
  questionFileText(path: string): string | undefined {
    return this.questionFiles.text(path);
  }

  private runPass(course: Course, options: CheckOptions): void {
    const now = options.now ?? new Date();
    const slots = this.slots;
    const reader = options.reader ?? nodeCourseReader;
    const ctx: RuleContext = {
      course,
      now,
      reader,
      validData: (entry, kind) => validDataOfKind(entry, kind, slots.get(entry)?.result.data),
      uuidOf: (entry) => slots.get(entry)?.result.uuid,
      hasErrors: (entry) => {
        const slot = slots.get(entry);
        return !slot || slot.invalid || slot.result.hasErrors;
      },
      report: () => {
        throw new Error('file rules report through their own context');
      },
    };
    const pass: CheckPass = {
      course,
      now,
      hour: hourOf(now),
      reader,
      diskGeneration: options.diskGeneration,
      keep: !options.once,
      ctx,
      changedEntries: new Set(),
      changedFiles: new Set(),
    };
    this.changedFiles = pass.changedFiles;
    if (this.course !== course) this.startCourse(pass);
    else this.updateEntries(pass, options.reloaded);
    this.hour = pass.hour;
    this.rules.runAll(pass);
    if (options.questionFiles !== false) this.questionFiles.update(pass, this.order);
  }

  /** A new course model: every entry's slot afresh (its result from the cache when its file is the same). */
  private startCourse(pass: CheckPass): void {
    const { course } = pass;
    this.course = course;
    this.slots.clear();
    this.slotByPath.clear();
    this.order = [];
    this.rules.reset();
    this.ownReports.clear();
    this.questionFiles.reset();
    let index = 0;
    for (const entry of allEntries(course)) {
      const slot: Slot = { entry, index: index++, file: entry.file, result: this.infoFiles.of(entry, pass.ctx, pass.hour), invalid: false };
      this.slots.set(entry, slot);
      this.slotByPath.set(entry.path, slot);
      this.order.push(slot);
      this.ownReports.set(slot, hasOwnReports(slot.result));
    }
    this.folderDiagnostics = folderDiagnostics(course);
  }

  /** The same course model: the reloaded entries' results (every entry's in a new hour), noting those that changed. */
  private updateEntries(pass: CheckPass, reloaded: Iterable<InfoEntry> | undefined): void {
    const { hour } = pass;
    this.rules.clearInvalid();
    // Results depend on the hour (date rules): a new hour looks at every entry.
    const candidates = reloaded && hour === this.hour ? reloaded : this.order.map((slot) => slot.entry);
    for (const entry of candidates) {
      const slot = this.slots.get(entry);
      // The same parsed file within the same hour: the same result, without a cache lookup.
      if (!slot || (entry.file && entry.file === slot.file && slot.result.hour === hour)) continue;
      slot.file = entry.file;
      const result = this.infoFiles.of(entry, pass.ctx, hour);
      if (result !== slot.result) {
        slot.result = result;
        pass.changedEntries.add(entry);
        pass.changedFiles.add(entry.path);
        this.ownReports.set(slot, hasOwnReports(result));
      }
    }
  }
}
