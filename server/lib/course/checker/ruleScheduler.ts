import type { Course, CourseInstance, InfoEntry } from '../course';
import type { CourseDiagnostic } from '../diagnostic';
import { ALL_RULES } from '../rules';
import { validDataOfKind, type CourseRule, type IncrementalCheck, type Report, type RuleContext } from '../rules/rule';
import { hourOf, sameItems, type CheckPass } from './checkPass';
import type { Slot } from './slots';
import { toDiagnostic } from './toDiagnostic';

/** What a course rule reported in the pass that last ran it, and what it read. */
interface RuleRun {
  course: Course;
  /** The entries whose data, UUID or error state it read, or that its reports point to, by slot index (unused for an incremental rule). */
  read: Uint8Array;
  /**
   * The hour of the clock, when it read it: like a file rule's, its result is current within that
   * hour, so that an edit elsewhere does not run it again only because time passed.
   */
  hour?: number;
  /** Whether it read the disk, and the disk generation then (undefined: none was given). */
  usedReader: boolean;
  diskGeneration?: number;
  /** In report order; left out by a rerun over some entries until asked for (`diagnosticsOfRun`). */
  diagnostics?: CourseDiagnostic[];
  /** The same diagnostics by the entry they are on. */
  byEntry: Map<InfoEntry, CourseDiagnostic[]>;
  /** The entries its error reports make invalid for later rules. */
  invalid: Set<InfoEntry>;
  /** An incremental rule's index of the course. */
  session?: IncrementalCheck;
}

const COURSE_RULES = ALL_RULES.filter((r): r is CourseRule => r.scope === 'course');
const NOTHING_READ = new Uint8Array(0);

/**
 * Runs the rules across files, in PrairieLearn's order, each only when something it read changed.
 * A plain rule's reads are recorded (entries by slot, the clock, the disk): while none of them
 * changed its last run is kept; a `perEntry` rule is rerun over the changed entries alone; an
 * incremental rule updates its own index with the changed entries.
 */
export class RuleScheduler {
  /** Each rule's last run, by rule; dropped with the course model. */
  private runs: (RuleRun | undefined)[] = [];
  /** The slots a course rule made invalid in the last pass. */
  private invalidSlots: Slot[] = [];
  /** The diagnostic made from each report an incremental rule may hand again; keyed on the report, dropped with it. */
  private readonly fromReport = new WeakMap<Report, CourseDiagnostic>();

  /** `slots`: the entries' slots of the course being checked, kept up to date by the checker. */
  constructor(private readonly slots: ReadonlyMap<InfoEntry, Slot>) {}

  /** Forgets every run (a new course model, or a pass cut short). */
  reset(): void {
    this.runs = [];
    this.invalidSlots = [];
  }

  /** Undoes the last pass's marks of invalid entries, before their own results are brought up to date. */
  clearInvalid(): void {
    for (const slot of this.invalidSlots) slot.invalid = false;
  }

  /** Brings every rule's run up to date with `pass.changedEntries`, to which entries whose invalidity changes are added. */
  runAll(pass: CheckPass): void {
    const { course, now, changedEntries } = pass;
    this.invalidSlots = [];
    for (let i = 0; i < COURSE_RULES.length; i++) {
      const rule = COURSE_RULES[i];
      const before = this.runs[i];
      let run: RuleRun;
      let patched = false;
      if (rule.incremental) run = this.updateIncremental(rule, pass, before);
      else {
        const changed = before && this.changedInputs(before, course, now, pass.diskGeneration, changedEntries);
        if (before && changed?.length === 0) run = before;
        else if (before && changed && rule.perEntry && !changed.includes(course.info)) {
          run = this.rerunEntries(rule, pass, before, changed);
          patched = true;
        } else run = this.runRule(rule, pass.ctx, pass.diskGeneration);
      }
      this.runs[i] = run;
      // Cross-file rules may add errors that make an entity invalid for later rules (as in PrairieLearn,
      // which runs them in a fixed order); a change in that counts as a change of the entity.
      for (const entry of run.invalid) {
        const slot = this.slots.get(entry)!;
        slot.invalid = true;
        this.invalidSlots.push(slot);
      }
      if (before && run !== before && !patched) {
        this.noteChangedReports(before, run, pass.changedFiles);
        for (const entry of before.invalid) if (!run.invalid.has(entry)) changedEntries.add(entry);
        for (const entry of run.invalid) if (!before.invalid.has(entry)) changedEntries.add(entry);
      }
    }
  }

  /** Adds every rule's diagnostics to `out`, rule by rule, each in report order (plain loops: lists may hold 100,000+). */
  addDiagnostics(out: CourseDiagnostic[]): void {
    for (const run of this.runs) for (const d of this.diagnosticsOfRun(run!)) out.push(d);
  }

  /** Adds the rules' diagnostics on one entry to `out`, rule by rule. */
  addDiagnosticsOn(entry: InfoEntry, out: CourseDiagnostic[]): void {
    for (const run of this.runs) for (const d of run!.byEntry.get(entry) ?? []) out.push(d);
  }

  /** Adds the files of the entries some rule reported on to `files`. */
  addFilesWithReports(files: Set<string>): void {
    for (const run of this.runs) for (const entry of run!.byEntry.keys()) files.add(entry.path);
  }

  /** A course rule's diagnostics in report order; a `perEntry` rule reports in course order, the order of its entries in the pass. */
  private diagnosticsOfRun(run: RuleRun): CourseDiagnostic[] {
    if (!run.diagnostics) {
      const entries = [...run.byEntry.keys()].sort((a, b) => this.slots.get(a)!.index - this.slots.get(b)!.index);
      run.diagnostics = [];
      for (const entry of entries) for (const d of run.byEntry.get(entry)!) run.diagnostics.push(d);
    }
    return run.diagnostics;
  }

  /** Notes the files whose reports from a course rule differ between two of its runs. */
  private noteChangedReports(before: RuleRun, run: RuleRun, changedFiles: Set<string>): void {
    for (const [entry, list] of run.byEntry) if (!sameItems(before.byEntry.get(entry), list)) changedFiles.add(entry.path);
    for (const entry of before.byEntry.keys()) if (!run.byEntry.has(entry)) changedFiles.add(entry.path);
  }

  /**
   * The changed entries a course rule's last run read (none: its results are current), or
   * undefined when more than entries changed (the course, the clock or the disk it read).
   */
  private changedInputs(run: RuleRun, course: Course, now: Date, diskGeneration: number | undefined, changedEntries: Set<InfoEntry>): InfoEntry[] | undefined {
    if (run.course !== course) return undefined;
    if (run.hour !== undefined && run.hour !== hourOf(now)) return undefined;
    if (run.usedReader && (diskGeneration === undefined || run.diskGeneration !== diskGeneration)) return undefined;
    const changed: InfoEntry[] = [];
    for (const entry of changedEntries) if (run.read[this.slots.get(entry)!.index]) changed.push(entry);
    return changed;
  }

  /** Hands an incremental rule the changed entries (a new course: a new index of it), unless nothing changed. */
  private updateIncremental(rule: CourseRule, pass: CheckPass, before: RuleRun | undefined): RuleRun {
    const { ctx, changedEntries } = pass;
    const same = before?.session && before.course === ctx.course;
    if (same && changedEntries.size === 0) return before;
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
      changedEntries,
    );
    return run;
  }

  /**
   * Runs a `perEntry` course rule over the changed entries alone (a course that holds only them) and
   * puts their new reports in place of their old ones. The last run's maps are updated in place (it
   * is not used again), so the cost is that of the changed entries; the files whose reports changed
   * are noted, and the entries whose error state changed are added to `pass.changedEntries`.
   */
  private rerunEntries(rule: CourseRule, pass: CheckPass, before: RuleRun, changed: InfoEntry[]): RuleRun {
    const { ctx, changedEntries, changedFiles } = pass;
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
    const part = this.runRule(rule, { ...ctx, course: { ...course, questions, courseInstances } }, pass.diskGeneration, only, before.read);
    const { byEntry, invalid } = before;
    for (const entry of changed) {
      const list = part.byEntry.get(entry);
      if (!sameItems(byEntry.get(entry) ?? [], list ?? [])) changedFiles.add(entry.path);
      if (list) byEntry.set(entry, list);
      else byEntry.delete(entry);
      if (part.invalid.has(entry) !== invalid.has(entry)) {
        changedEntries.add(entry);
        if (invalid.has(entry)) invalid.delete(entry);
        else invalid.add(entry);
      }
    }
    return {
      course,
      read: before.read,
      hour: part.hour ?? before.hour,
      usedReader: part.usedReader || before.usedReader,
      diskGeneration: pass.diskGeneration,
      // Made from `byEntry` when asked for.
      diagnostics: undefined,
      byEntry,
      invalid,
    };
  }

  /** Runs a course rule, recording what it reads (in `read` when given); with `only`, keeps its reports on those entries alone. */
  private runRule(rule: CourseRule, ctx: RuleContext, diskGeneration: number | undefined, only?: Set<InfoEntry>, read: Uint8Array = new Uint8Array(this.slots.size)): RuleRun {
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
        run.hour = hourOf(ctx.now);
        return ctx.now;
      },
      get reader() {
        run.usedReader = true;
        run.diskGeneration = diskGeneration;
        return ctx.reader;
      },
      validData: (entry, kind) => validDataOfKind(entry, kind, note(entry)?.result.data),
      uuidOf: (entry) => note(entry)?.result.uuid,
      hasErrors: (entry) => {
        const slot = note(entry);
        return !slot || slot.invalid || slot.result.hasErrors;
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
