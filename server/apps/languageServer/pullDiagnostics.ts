import {
  DocumentDiagnosticReportKind,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type PreviousResultId,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { Guard } from './documentContext';

interface Held {
  resultId: string;
  items: Diagnostic[];
}

/**
 * Diagnostics for clients that pull them (LSP 3.17 textDocument/diagnostic and workspace/diagnostic).
 * The publisher that pushes to other clients records here instead, so both ways show the same
 * lists; each change of a file's list gets a new result id, so a pull sends only what changed.
 * A workspace pull with nothing new waits for the next change, so closed files update promptly.
 */
export class PulledDiagnostics {
  private readonly byUri = new Map<string, Held>();
  private next = 1;
  private waiting: (() => void)[] = [];

  /** A file's current list (empty: none). */
  record(uri: string, items: Diagnostic[]): void {
    this.byUri.set(uri, { resultId: String(this.next++), items });
  }

  /** Wakes waiting workspace pulls: a check has finished. */
  changed(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  document(uri: string, previousResultId: string | undefined): DocumentDiagnosticReport {
    const held = this.byUri.get(uri);
    const resultId = held?.resultId ?? '0';
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: held?.items ?? [] };
  }

  async workspace(previous: PreviousResultId[], token: CancellationToken): Promise<WorkspaceDiagnosticReport> {
    for (;;) {
      const items = this.workspaceItems(previous);
      if (items.length > 0 || token.isCancellationRequested) return { items };
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        token.onCancellationRequested(() => resolve());
      });
    }
  }

  /** The files whose lists differ from what the client holds; a list it never had that is empty is left out. */
  private workspaceItems(previous: PreviousResultId[]): WorkspaceDocumentDiagnosticReport[] {
    const known = new Map(previous.map((p) => [p.uri, p.value]));
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    for (const [uri, held] of this.byUri) {
      const had = known.get(uri);
      if (had === held.resultId || (had === undefined && held.items.length === 0)) continue;
      items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, resultId: held.resultId, items: held.items });
    }
    return items;
  }
}

/** Answers textDocument/diagnostic and workspace/diagnostic from what `pulled` holds. */
export function registerDiagnosticsPull(connection: Connection, pulled: PulledDiagnostics, { safely, safelyAsync }: Guard): void {
  connection.languages.diagnostics.on((params) =>
    safely('diagnostics', pulled.document(params.textDocument.uri, undefined), () => pulled.document(params.textDocument.uri, params.previousResultId)),
  );
  connection.languages.diagnostics.onWorkspace((params, token) =>
    safelyAsync('workspace diagnostics', { items: [] }, () => pulled.workspace(params.previousResultIds, token)),
  );
}
