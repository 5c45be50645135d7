// Opens API records as read-only JSON documents (`prairielearn:` URIs, fetched again when reopened) and the
// gradebook as a sortable table in a webview with CSV export.
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { isApiError } from '../api/errors';
import type { Auth } from '../auth/auth';
import { gradebookErrorHtml, gradebookHtml, gradebookTable, toCsv } from './gradebook';
import { fetchRecord, formatRecord, parseRecordQuery, RECORD_SCHEME, recordUriParts, type RecordRef } from './records';

export class RecordDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly auth: Auth) {}

  /** Fetches again every record of `serverUrl` that VS Code still holds (it keeps closed documents a while). */
  reload(serverUrl: string): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === RECORD_SCHEME && parseRecordQuery(doc.uri.query)?.serverUrl === serverUrl) this.changed.fire(doc.uri);
    }
  }

  dispose(): void {
    this.changed.dispose();
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const parsed = parseRecordQuery(uri.query);
    if (!parsed) throw new Error(`${uri.toString()} is not a PrairieLearn record.`);
    const session = await this.auth.session();
    if (!session || session.serverUrl !== parsed.serverUrl)
      throw new Error(`Sign in to ${parsed.serverUrl} to open this record.`);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      return formatRecord(await fetchRecord(session.client, parsed.ref, { signal: controller.signal }));
    } catch (err) {
      if (isApiError(err, 'unauthorized')) void this.auth.unauthorized(session.serverUrl);
      throw err;
    } finally {
      subscription.dispose();
    }
  }
}

export async function openRecord(serverUrl: string, ref: RecordRef, title: string): Promise<void> {
  const { path, query } = recordUriParts(serverUrl, ref, title);
  const uri = vscode.Uri.from({ scheme: RECORD_SCHEME, path, query });
  try {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true });
  } catch (err) {
    void vscode.window.showErrorMessage(`Could not open ${title}: ${(err as Error).message}`);
  }
}

const panels = new Map<string, { panel: vscode.WebviewPanel; listener?: vscode.Disposable }>();

/** One panel per course instance; opening it again brings it forward and reloads it. */
export async function openGradebook(auth: Auth, ci: string, title: string): Promise<void> {
  const session = await auth.session();
  if (!session) return;
  const key = `${session.serverUrl}/${ci}`;
  let entry = panels.get(key);
  if (entry) entry.panel.reveal();
  else {
    const panel = vscode.window.createWebviewPanel('prairielearn.gradebook', title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [],
    });
    entry = { panel };
    panels.set(key, entry);
    panel.onDidDispose(() => {
      panels.get(key)?.listener?.dispose();
      panels.delete(key);
    });
  }
  const shown = entry.panel;
  entry.listener?.dispose();
  entry.listener = undefined;
  shown.webview.html = `<!DOCTYPE html><html><body><p>Loading the gradebook…</p></body></html>`;
  const nonce = randomBytes(16).toString('base64');
  try {
    const table = gradebookTable(await session.client.gradebook(ci));
    shown.webview.html = gradebookHtml(title, table, nonce, shown.webview.cspSource);
    entry.listener = shown.webview.onDidReceiveMessage(async (msg: { type?: string }) => {
      if (msg?.type !== 'exportCsv') return;
      const target = await vscode.window.showSaveDialog({
        defaultUri: vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir()), `gradebook-${ci}.csv`),
        filters: { CSV: ['csv'] },
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, Buffer.from(toCsv(table), 'utf8'));
      void vscode.window.showInformationMessage(`Gradebook saved to ${target.fsPath}.`);
    });
  } catch (err) {
    if (isApiError(err, 'unauthorized')) void auth.unauthorized(session.serverUrl);
    shown.webview.html = gradebookErrorHtml(title, (err as Error).message, nonce, shown.webview.cspSource);
    entry.listener = shown.webview.onDidReceiveMessage((msg: { type?: string }) => {
      if (msg?.type === 'retry') void openGradebook(auth, ci, title);
    });
  }
}

/** Closes what shows a server's data: its gradebooks and record documents (when the local server stops). */
export async function closeServerViews(serverUrl: string): Promise<void> {
  for (const [key, { panel }] of [...panels]) if (key.startsWith(`${serverUrl}/`)) panel.dispose();
  const tabs = vscode.window.tabGroups.all.flatMap((group) =>
    group.tabs.filter(
      (tab) =>
        tab.input instanceof vscode.TabInputText &&
        tab.input.uri.scheme === RECORD_SCHEME &&
        parseRecordQuery(tab.input.uri.query)?.serverUrl === serverUrl,
    ),
  );
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
