import type { Connection, Diagnostic } from 'vscode-languageserver';
import type { CourseDiagnostic } from '../../lib/course';
import type { CourseState, CourseWorkspace } from './courseWorkspace';
import { DiagnosticsPublisher, type ProblemCounts } from './lspDiagnostics';
import { PulledDiagnostics } from './pullDiagnostics';
import type { Safely } from './safely';
import type { ServerSettings } from './settings';

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
