import * as nodePath from 'node:path';
import {
  DiagnosticSeverity, DiagnosticTag, type Connection, type Diagnostic, type DiagnosticRelatedInformation, type Range,
} from 'vscode-languageserver';
import {
  limitFindings, sameItems, type CourseDiagnostic, type Positions, type Severity, type TextRange,
} from '../../lib/course';
import { COURSE_STATUS_NOTIFICATION, type CourseStatus } from '../../lib/protocol';
import { fileUri, type CourseState, type CourseWorkspace } from './courseWorkspace';
import type { Safely } from './documentContext';
import { PulledDiagnostics } from './pullDiagnostics';
import type { ServerSettings } from './settings';

// What of the courses' diagnostics reaches the client, and when: the scheduler checks a course
// after an edit, the publisher turns what changed into LSP diagnostics, and the status reporter
// tells the client's status item the counts.

const SLOW_CHECK_MS = 100;

/** Where a check's diagnostics go: pushed to the client, or held for it to pull (LSP 3.17). */
interface Delivery {
  send(uri: string, diagnostics: Diagnostic[]): void;
  /** A check has finished: tell a pulling client to pull again. */
  checked(): void;
}

/**
 * When each course is checked and what of its diagnostics reaches the client. A change schedules a
 * check of its course after the settings' debounce (a newer change restarts the wait); the check
 * publishes only the files whose shown diagnostics changed, pushed to the client or held for it to
 * pull, as the client chose at initialize.
 */
export class DiagnosticsScheduler {
  /** Clients that pull diagnostics get the same lists as the ones pushed to other clients. */
  readonly pulled = new PulledDiagnostics();
  private delivery: Delivery;
  private readonly publisher = new DiagnosticsPublisher((uri, diagnostics) => this.delivery.send(uri, diagnostics));
  /** The courses waiting for their debounced check. */
  private readonly waiting = new Map<CourseState, NodeJS.Timeout>();
  private readonly checkedOnce = new WeakSet<CourseState>();
  /** What each course's last publication depended on besides its diagnostics: the settings and the open documents. */
  private readonly publishedWith = new WeakMap<CourseState, { settings: ServerSettings; diskGeneration: number }>();

  constructor(
    private readonly connection: Connection,
    private readonly workspace: CourseWorkspace,
    private readonly settings: () => ServerSettings,
    private readonly safely: Safely,
    /** Called whenever what the course status shows may have changed (a check waits or finished). */
    private readonly onProgress: () => void,
  ) {
    this.delivery = this.pushDelivery();
  }

  /** Holds diagnostics for the client to pull instead of pushing them; `canRefresh`: tell it when to pull again. */
  deliverByPull(canRefresh: boolean): void {
    this.delivery = {
      send: (uri, diagnostics) => this.pulled.record(uri, diagnostics),
      checked: () => {
        this.pulled.changed();
        if (canRefresh) void this.connection.languages.diagnostics.refresh();
      },
    };
  }

  /** Whether a check is waiting. */
  get checking(): boolean {
    return this.waiting.size > 0;
  }

  /** The problems published, over every course. */
  counts(): ProblemCounts {
    return this.publisher.counts();
  }

  /** Checks the course once the debounce has passed without another change. */
  schedule(state: CourseState): void {
    clearTimeout(this.waiting.get(state));
    this.waiting.set(
      state,
      setTimeout(() => {
        this.waiting.delete(state);
        if (this.workspace.has(state)) this.checkNow(state);
      }, this.settings().debounceMs),
    );
    this.onProgress();
  }

  /** Runs a course's waiting check now, for a request that needs its results (fix all). */
  settle(state: CourseState): void {
    if (!this.waiting.has(state)) return;
    clearTimeout(this.waiting.get(state));
    this.waiting.delete(state);
    this.checkNow(state);
  }

  /** Cancels a removed course's waiting check and clears its diagnostics. */
  forget(state: CourseState): void {
    clearTimeout(this.waiting.get(state));
    this.waiting.delete(state);
    this.publisher.clear(state.root);
  }

  /** Cancels every waiting check (shutdown). */
  stop(): void {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }

  private checkNow(state: CourseState): void {
    this.safely(`checking ${state.root}`, undefined, () => {
      const { workspace } = this;
      const settings = this.settings();
      const started = performance.now();
      const changed = workspace.check(state, { severities: settings.severities, reportSyntaxErrors: true });
      const shownOf = (file: string, list: CourseDiagnostic[]) => shownDiagnostics(list, workspace.overlay.has(file), settings);
      const positionsOf = (file: string) => workspace.positionsOf(state, file);
      const last = this.publishedWith.get(state);
      // Only the files the check changed, unless what is shown of the others may have changed too.
      if (changed && last?.settings === settings && last.diskGeneration === workspace.diskGeneration) {
        const files = new Map<string, CourseDiagnostic[]>();
        for (const file of changed) files.set(file, shownOf(file, workspace.diagnosticsOf(state, file)));
        this.publisher.update(state.root, files, positionsOf);
      } else {
        const byFile = new Map<string, CourseDiagnostic[]>();
        for (const [file, list] of workspace.diagnosticsByFile(state)) {
          const kept = shownOf(file, list);
          if (kept.length > 0) byFile.set(file, kept);
        }
        this.publisher.publish(state.root, byFile, positionsOf);
      }
      this.publishedWith.set(state, { settings, diskGeneration: workspace.diskGeneration });
      const ms = Math.round(performance.now() - started);
      // The first check of a course and slow ones are worth a line in the output; routine ones are not.
      if (!this.checkedOnce.has(state) || ms >= SLOW_CHECK_MS) this.connection.console.log(`checked ${state.root} in ${ms} ms`);
      this.checkedOnce.add(state);
      this.delivery.checked();
      this.onProgress();
    });
  }

  private pushDelivery(): Delivery {
    return { send: (uri, diagnostics) => void this.connection.sendDiagnostics({ uri, diagnostics }), checked: () => {} };
  }
}

/** What the editor shows of a file's diagnostics: closed files only when the whole workspace is checked. */
export function shownDiagnostics(list: CourseDiagnostic[], open: boolean, settings: ServerSettings): CourseDiagnostic[] {
  if (!open) return settings.workspace ? list : [];
  // The editor's own JSON support reports syntax errors in open files; ours cover closed ones.
  return list.some((d) => d.code === 'json-syntax') ? list.filter((d) => d.code !== 'json-syntax') : list;
}

export const SOURCE = 'PrairieLearn';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** One file's diagnostics in LSP form; `positionsOf` gives the text each file was checked with. */
export function toLspDiagnostics(diagnostics: CourseDiagnostic[], positionsOf: (file: string) => Positions | undefined): Diagnostic[] {
  const known = new Map<string, Positions | undefined>();
  const rangeIn = (file: string, range: TextRange): Range => {
    let text = known.get(file);
    if (text === undefined && !known.has(file)) known.set(file, (text = positionsOf(file)));
    if (!text) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: text.positionAt(range.start), end: text.positionAt(range.end) };
  };
  return diagnostics.map((d) => {
    const lsp: Diagnostic = {
      range: rangeIn(d.file, d.range),
      severity: SEVERITY[d.severity],
      code: d.code,
      source: SOURCE,
      message: d.message,
    };
    if (d.related?.length) {
      lsp.relatedInformation = d.related.map(
        (r): DiagnosticRelatedInformation => ({ location: { uri: fileUri(r.file), range: rangeIn(r.file, r.range) }, message: r.message }),
      );
    }
    // Editors strike through deprecated properties and fade ones that do nothing.
    if (d.code.includes('deprecated') && d.code !== 'deprecated-uses') lsp.tags = [DiagnosticTag.Deprecated];
    else if (d.code.includes('unused')) lsp.tags = [DiagnosticTag.Unnecessary];
    if (d.data) lsp.data = d.data;
    return lsp;
  });
}

interface Published {
  uri: string;
  /** The checker's diagnostics the LSP ones were made from: the checker hands back the same objects while they hold. */
  from: CourseDiagnostic[];
  key: string;
  /** How many of them are errors, warnings and the rest. */
  counts: ProblemCounts;
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  infos: number;
}

/**
 * Sends only what changed: remembers what each course last published per file, converts and
 * publishes a file again only when its diagnostics differ, and clears files that became clean.
 * A file whose list holds the very diagnostics published last time is not even converted.
 */
export class DiagnosticsPublisher {
  private readonly published = new Map<string, Map<string, Published>>();

  constructor(private readonly send: (uri: string, diagnostics: Diagnostic[]) => void) {}

  /** Publishes a course's diagnostics: `byFile` holds every file that has any. */
  publish(root: string, byFile: Map<string, CourseDiagnostic[]>, positionsOf: (file: string) => Positions | undefined): void {
    const before = this.published.get(root) ?? new Map<string, Published>();
    const after = new Map<string, Published>();
    for (const [file, from] of byFile) this.publishFile(after, file, from, before.get(file), positionsOf);
    for (const [file, last] of before) if (!after.has(file)) this.send(last.uri, []);
    this.published.set(root, after);
  }

  /** Publishes the diagnostics of some files of a course (an empty list clears a file); the other files stay as they are. */
  update(root: string, files: Map<string, CourseDiagnostic[]>, positionsOf: (file: string) => Positions | undefined): void {
    let published = this.published.get(root);
    if (!published) this.published.set(root, (published = new Map()));
    for (const [file, from] of files) {
      const last = published.get(file);
      if (from.length > 0) this.publishFile(published, file, from, last, positionsOf);
      else if (last) {
        published.delete(file);
        this.send(last.uri, []);
      }
    }
  }

  private publishFile(into: Map<string, Published>, file: string, from: CourseDiagnostic[], last: Published | undefined, positionsOf: (file: string) => Positions | undefined): void {
    if (last && sameItems(last.from, from)) {
      into.set(file, last);
      return;
    }
    const diagnostics = toLspDiagnostics(limitFindings(from), positionsOf);
    const key = JSON.stringify(diagnostics);
    const uri = last?.uri ?? fileUri(file);
    const counts = { errors: 0, warnings: 0, infos: 0 };
    for (const d of from) counts[d.severity === 'error' ? 'errors' : d.severity === 'warning' ? 'warnings' : 'infos']++;
    into.set(file, { uri, from, key, counts });
    if (last?.key !== key) this.send(uri, diagnostics);
  }

  /** The problems published, over every course. */
  counts(): ProblemCounts {
    const total = { errors: 0, warnings: 0, infos: 0 };
    for (const files of this.published.values()) {
      for (const { counts } of files.values()) {
        total.errors += counts.errors;
        total.warnings += counts.warnings;
        total.infos += counts.infos;
      }
    }
    return total;
  }

  clear(root: string): void {
    this.publish(root, new Map(), () => undefined);
    this.published.delete(root);
  }
}

/** Tells the client what its language status item shows (the courses, a check waiting, the problem counts), when that changed. */
export class CourseStatusReporter {
  private lastSent = '';

  constructor(
    private readonly connection: Connection,
    private readonly workspace: CourseWorkspace,
    private readonly safely: Safely,
  ) {}

  report(diagnostics: DiagnosticsScheduler): void {
    this.safely('course status', undefined, () => {
      const courses = this.workspace.states().map((s) => {
        const data = s.course.info.file?.value as { title?: unknown; name?: unknown } | undefined;
        const name = typeof data?.title === 'string' ? data.title : typeof data?.name === 'string' ? data.name : nodePath.basename(s.root);
        return { root: s.root, name };
      });
      const status: CourseStatus = { courses, checking: diagnostics.checking, ...diagnostics.counts() };
      const key = JSON.stringify(status);
      if (key === this.lastSent) return;
      this.lastSent = key;
      void this.connection.sendNotification(COURSE_STATUS_NOTIFICATION, status);
    });
  }
}
