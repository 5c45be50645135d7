import * as nodePath from 'node:path';
import type { CourseReader } from '../courseReader';
import type { CourseDiagnostic } from '../diagnostic';
import { sameItems, type CheckPass } from './checkPass';
import type { QuestionFileChecker, QuestionFileReport, QuestionFileRun } from './questionFileChecker';
import { ReportOrder } from './reportOrder';
import type { QuestionFileSlot, QuestionFileState, Slot } from './slots';

/** One question file of one pass: its checker (by number, as in the report order) and that checker's run. */
interface QuestionFileStep {
  pass: CheckPass;
  runs: QuestionFileRun[];
  sweep: number;
  slot: Slot;
  file: QuestionFileSlot;
  checker: number;
}

/**
 * The question files (question.html) of a course and their checks. Only a sweep reads every one;
 * a pass with the same course, disk generation and checker keys as the last sweep re-reads only
 * the files open in the editor, as nothing else of theirs can have changed.
 */
export class QuestionFileStore {
  /** Each question file as last read, keyed on its path; dropped when a sweep no longer finds it. */
  private readonly byPath = new Map<string, QuestionFileState>();
  /** The question files' slots of the current course model, keyed on path; dropped with the model. */
  private readonly slotByPath = new Map<string, QuestionFileSlot>();
  /** The question files with diagnostics, in course order. */
  private readonly reports = new ReportOrder<QuestionFileSlot>();
  /** The question files read from the editor in the last sweep, and what that sweep used. */
  private overlaid: { slot: Slot; file: QuestionFileSlot; checker: number }[] = [];
  private lastSweep: { diskGeneration?: number; keys: string[] } | undefined;
  private sweeps = 0;
  /** The checkers' course notes (`QuestionFileChecker.summary`), on infoCourse.json. */
  private summaries: CourseDiagnostic[] = [];

  constructor(readonly checkers: readonly QuestionFileChecker[]) {}

  /** Forgets the slots of the last course model. */
  reset(): void {
    this.slotByPath.clear();
    this.reports.clear();
    this.lastSweep = undefined;
    this.summaries = [];
  }

  /** Brings the question files of the questions in `order` up to date for `pass`. */
  update(pass: CheckPass, order: readonly Slot[]): void {
    const { checkers } = this;
    const runs = checkers.map((checker) => checker.begin(pass.course.root, pass.reader, pass.keep));
    const keys = runs.map((r) => r.key);
    const last = this.lastSweep;
    if (pass.diskGeneration !== undefined && last && last.diskGeneration === pass.diskGeneration && keys.every((k, c) => k === last.keys[c])) {
      for (const { slot, file, checker } of this.overlaid) this.checkFile({ pass, runs, sweep: this.sweeps, slot, file, checker });
      this.summarize(pass);
      return;
    }
    const sweep = ++this.sweeps;
    let found = 0;
    const overlaid: typeof this.overlaid = [];
    for (const slot of order) {
      if (slot.entry.kind !== 'question') continue;
      // Paths made once: a fresh string per pass would be hashed anew on every lookup.
      let files = slot.questionFiles;
      if (!files) {
        files = slot.questionFiles = checkers.map((qc, c) => ({
          path: slot.entry.dir + nodePath.sep + qc.fileName,
          index: slot.index * checkers.length + c,
        }));
        for (const file of files) this.slotByPath.set(file.path, file);
      }
      for (let c = 0; c < files.length; c++) {
        if (this.checkFile({ pass, runs, sweep, slot, file: files[c], checker: c })) found++;
        if (pass.reader.isOverlaid?.(files[c].path)) overlaid.push({ slot, file: files[c], checker: c });
      }
    }
    if (found !== this.byPath.size) for (const [path, state] of this.byPath) if (state.foundInSweep !== sweep) this.byPath.delete(path);
    this.overlaid = overlaid;
    this.lastSweep = { diskGeneration: pass.diskGeneration, keys };
    this.summarize(pass);
  }

  /** The course notes from the question files' diagnostics; infoCourse.json changes when they do. */
  private summarize(pass: CheckPass): void {
    const next = courseNotes(this.checkers, pass.course.info.path, this.reports.list().map(({ path, state }) => ({ path, diagnostics: state!.diagnostics! })));
    const key = (list: CourseDiagnostic[]) => list.map((d) => d.message + (d.data!.files as string[]).join('\n'));
    if (!sameItems(key(this.summaries), key(next))) pass.changedFiles.add(pass.course.info.path);
    this.summaries = next;
  }

  /** Adds the diagnostics of every question file to `out`, in course order. */
  addDiagnostics(out: CourseDiagnostic[]): void {
    for (const d of this.summaries) out.push(d);
    for (const { state } of this.reports.list()) for (const d of state!.diagnostics!) out.push(d);
  }

  /** A question file's diagnostics in the last pass (for infoCourse.json, the course notes). */
  diagnosticsOf(path: string): readonly CourseDiagnostic[] {
    if (this.summaries.length > 0 && this.summaries[0].file === path) return this.summaries;
    return this.slotByPath.get(path)?.state?.diagnostics ?? [];
  }

  /** Adds the question files with diagnostics (and infoCourse.json with notes) to `files`. */
  addFilesWithReports(files: Set<string>): void {
    if (this.summaries.length > 0) files.add(this.summaries[0].file);
    for (const { path } of this.reports.list()) files.add(path);
  }

  /** The text of a question file as last checked. */
  text(path: string): string | undefined {
    return this.byPath.get(path)?.text;
  }

  /** Reads and checks one question file unless its results are current; false when there is no such file. */
  private checkFile(step: QuestionFileStep): boolean {
    const { file } = step;
    const before = file.state?.diagnostics;
    const found = this.refresh(step);
    const after = file.state?.diagnostics;
    if (!sameItems(before ?? [], after ?? [])) step.pass.changedFiles.add(file.path);
    this.reports.set(file, !!after?.length);
    return found;
  }

  private refresh({ pass, runs, sweep, slot, file, checker: c }: QuestionFileStep): boolean {
    const { reader, diskGeneration, keep } = pass;
    const run = runs[c];
    const { key } = run;
    let state = file.state;
    // Unchanged disk and no editor text: the file is as last read, and so are its results.
    const current = state && diskGeneration !== undefined && state.diskGeneration === diskGeneration && state.key === key && !reader.isOverlaid?.(file.path);
    if (!current) {
      const path = file.path;
      const checker = this.checkers[c];
      const read = readQuestionFile(reader, path);
      if (!read) {
        file.state = undefined;
        return false;
      }
      if (read.readError !== undefined) {
        file.state = { text: '', readError: read.readError, diagnostics: [unreadableFile(checker, path, read.readError)], key, diskGeneration, foundInSweep: sweep };
        this.byPath.set(path, file.state);
        return true;
      }
      const text = read.text;
      state = this.byPath.get(path);
      if (state?.text !== text || state.readError) {
        state = { text, foundInSweep: sweep };
        this.byPath.set(path, state);
      }
      file.state = state;
      if (!state.diagnostics || state.key !== key || diskGeneration === undefined || state.diskGeneration !== diskGeneration) {
        const prepared = state.prepared ?? checker.prepare(text);
        state.prepared = keep ? prepared : undefined;
        state.diagnostics = run.check(prepared, slot.entry.dir, path).map((r) => questionFileDiagnostic(checker, path, r));
        state.key = key;
        state.diskGeneration = diskGeneration;
      }
    }
    state!.foundInSweep = sweep;
    return true;
  }
}

/** One question file to check on its own: its checker, that checker's run for the course, and where it is. */
export interface QuestionFileToCheck {
  checker: QuestionFileChecker;
  run: QuestionFileRun;
  reader: CourseReader;
  questionDir: string;
  path: string;
}

/**
 * Reads and checks a question file as a `CourseChecker` does a file it has no results for, for a
 * caller that checks question files apart from the info files (`CheckOptions.questionFiles`).
 * Undefined when there is no such file; `text` is '' when it cannot be read.
 */
export function checkQuestionFileAfresh({ checker, run, reader, questionDir, path }: QuestionFileToCheck): { text: string; diagnostics: CourseDiagnostic[] } | undefined {
  const read = readQuestionFile(reader, path);
  if (!read) return undefined;
  if (read.readError !== undefined) return { text: '', diagnostics: [unreadableFile(checker, path, read.readError)] };
  const reports = run.check(checker.prepare(read.text), questionDir, path);
  return { text: read.text, diagnostics: reports.map((r) => questionFileDiagnostic(checker, path, r)) };
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

function unreadableFile(checker: QuestionFileChecker, path: string, readError: string): CourseDiagnostic {
  return questionFileDiagnostic(checker, path, checker.unreadable(readError));
}

function questionFileDiagnostic(checker: QuestionFileChecker, path: string, r: QuestionFileReport): CourseDiagnostic {
  const info = checker.codes[r.code];
  if (!info) throw new Error(`unknown diagnostic code ${r.code}`);
  const d: CourseDiagnostic = { file: path, range: { start: r.start, end: r.end }, severity: info.severity, code: r.code, message: r.message };
  if (r.related?.length) d.related = r.related.map((x) => ({ file: path, range: { start: x.start, end: x.end }, message: x.message }));
  if (r.data) d.data = r.data;
  return d;
}

/**
 * The checkers' course notes (`QuestionFileChecker.summary`) on `infoPath`, from the question files'
 * diagnostics: how many uses of the codes each counts, in how many files (listed in its data).
 */
export function courseNotes(checkers: readonly QuestionFileChecker[], infoPath: string, files: Iterable<{ path: string; diagnostics: readonly CourseDiagnostic[] }>): CourseDiagnostic[] {
  const notes: CourseDiagnostic[] = [];
  const list = [...files];
  for (const checker of checkers) {
    const summary = checker.summary;
    if (!summary) continue;
    let uses = 0;
    const counted: string[] = [];
    for (const { path, diagnostics } of list) {
      let here = 0;
      for (const d of diagnostics) if (summary.counts(d.code)) here++;
      if (here > 0) counted.push(path);
      uses += here;
    }
    if (uses === 0) continue;
    const severity = checker.codes[summary.code].severity;
    notes.push({ file: infoPath, range: { start: 0, end: 1 }, severity, code: summary.code, message: summary.message(uses, counted.length), data: { files: counted } });
  }
  return notes;
}
