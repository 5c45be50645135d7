// A small LSP client for tests: spawns the built server (dist/languageServer.js --stdio) and speaks
// the protocol to it, so the tests exercise exactly what VS Code runs.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { temporaryFolder } from '../../helpers/course';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import {
  CodeActionRequest,
  CodeLensRequest,
  CodeLensResolveRequest,
  DocumentDiagnosticRequest,
  DocumentSymbolRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  WillRenameFilesRequest,
  WorkspaceDiagnosticRequest,
  WorkspaceSymbolRequest,
  type CodeLens,
  type DocumentDiagnosticReport,
  type DocumentSymbol,
  type Location,
  type SymbolInformation,
  type WorkspaceDiagnosticReport,
  type WorkspaceEdit,
  CompletionRequest,
  ConfigurationRequest,
  DefinitionRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentLinkRequest,
  ExitNotification,
  FileChangeType,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentLink,
  type Hover,
  type LocationLink,
  type Position,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';

const SERVER = path.resolve(__dirname, '../../../dist/languageServer.js');
const FIXTURE = path.join(__dirname, 'fixtures', 'course');

export { FileChangeType, temporaryFolder };
export type { Diagnostic };

/** Copies the fixture course to a fresh temporary folder (tests change files on disk). */
export function copyFixtureCourse(dir = temporaryFolder('pl-lsp-')): string {
  fs.cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

export function uriOf(file: string): string {
  return URI.file(file).toString();
}

/** The position of the first `marker` in `text`, and the text without it (the `|` cursor idiom). */
export function cursor(textWithMarker: string, marker = '|'): { text: string; position: Position } {
  const offset = textWithMarker.indexOf(marker);
  if (offset < 0) throw new Error(`no ${marker} in text`);
  const text = textWithMarker.slice(0, offset) + textWithMarker.slice(offset + marker.length);
  return { text, position: positionAt(text, offset) };
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** Applies non-overlapping edits to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const offsetOf = (p: Position) => {
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < p.line; i++) offset += lines[i].length + 1;
    return offset + p.character;
  };
  const sorted = [...edits].sort((a, b) => offsetOf(b.range.start) - offsetOf(a.range.start));
  for (const e of sorted) text = text.slice(0, offsetOf(e.range.start)) + e.newText + text.slice(offsetOf(e.range.end));
  return text;
}

type Waiter = { uri: string; accept: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void };

export class LspClient {
  /** The last diagnostics published for each URI. */
  readonly diagnostics = new Map<string, Diagnostic[]>();
  /** Every publishDiagnostics notification, in order. */
  readonly published: { uri: string; diagnostics: Diagnostic[] }[] = [];
  /** What the server wrote to its log (window/logMessage) and stderr. */
  readonly log: string[] = [];
  /** Every prairielearn/courseStatus notification, in order. */
  readonly statuses: { courses: { root: string; name: string }[]; checking: boolean; errors: number; warnings: number; infos: number }[] = [];
  /** How often the server asked for settings. */
  configurationRequests = 0;
  private waiters: Waiter[] = [];
  private versions = new Map<string, number>();

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly connection: ProtocolConnection,
  ) {
    connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
      this.diagnostics.set(uri, diagnostics);
      this.published.push({ uri, diagnostics });
      this.waiters = this.waiters.filter((w) => {
        if (w.uri !== uri || !w.accept(diagnostics)) return true;
        w.resolve(diagnostics);
        return false;
      });
    });
    connection.onNotification(LogMessageNotification.type, (p) => {
      this.log.push(p.message);
    });
    connection.onNotification('prairielearn/courseStatus', (status) => void this.statuses.push(status));
    child.stderr.on('data', (chunk) => this.log.push(String(chunk)));
  }

  /**
   * Starts the server on `folders` and completes the initialize handshake. With `pulledSettings`,
   * the client answers workspace/configuration requests with them, as VS Code does. With
   * `completionItemDefaults`, it declares the `CompletionList.itemDefaults` it takes (VS Code takes
   * 'editRange' among others). With `pullDiagnostics`, it declares pull diagnostics (as VS Code does)
   * and the server stops pushing them.
   */
  static async start(
    folders: string[],
    initializationOptions: unknown = { validation: { debounceMs: 0 } },
    pulledSettings?: unknown,
    completionItemDefaults?: string[],
    pullDiagnostics = false,
  ): Promise<LspClient> {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new LspClient(child, connection);
    if (pulledSettings !== undefined) {
      connection.onRequest(ConfigurationRequest.type, (params) => {
        client.configurationRequests++;
        return params.items.map((item) => (item.section === 'prairielearn' ? pulledSettings : null));
      });
    }
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: folders.map((f) => ({ uri: uriOf(f), name: path.basename(f) })),
      capabilities: {
        workspace: {
          configuration: pulledSettings !== undefined,
          workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
          ...(pullDiagnostics && { diagnostics: { refreshSupport: false } }),
        },
        textDocument: {
          publishDiagnostics: { relatedInformation: true },
          completion: {
            completionItem: { snippetSupport: true },
            ...(completionItemDefaults && { completionList: { itemDefaults: completionItemDefaults } }),
          },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          definition: { linkSupport: true },
          ...(pullDiagnostics && { diagnostic: { relatedDocumentSupport: false } }),
        },
      },
      initializationOptions,
    });
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  /** True while the server process runs. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Resolves with the diagnostics of `uri` once they satisfy `accept`: at once if the last ones
   * published do, else at the next publication that does. Rejects after `timeoutMs`.
   */
  waitForDiagnostics(file: string, accept: (d: Diagnostic[]) => boolean = () => true, timeoutMs = 10_000): Promise<Diagnostic[]> {
    const uri = uriOf(file);
    const current = this.diagnostics.get(uri);
    if (current && accept(current)) return Promise.resolve(current);
    return this.nextDiagnostics(file, accept, timeoutMs);
  }

  /** Like waitForDiagnostics, but only a publication after this call counts. */
  nextDiagnostics(file: string, accept: (d: Diagnostic[]) => boolean = () => true, timeoutMs = 10_000): Promise<Diagnostic[]> {
    const uri = uriOf(file);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { uri, accept, resolve };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const last = JSON.stringify(this.diagnostics.get(uri)?.map((d) => `${d.code}: ${d.message}`) ?? 'nothing');
        reject(new Error(`no matching diagnostics for ${file} within ${timeoutMs} ms; last: ${last}`));
      }, timeoutMs);
      waiter.resolve = (d) => {
        clearTimeout(timer);
        resolve(d);
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves once the server's last prairielearn/courseStatus says its courses are checked. */
  async waitUntilChecked(timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    const done = () => {
      const last = this.statuses[this.statuses.length - 1];
      return last && !last.checking && last.courses.length > 0;
    };
    while (!done()) {
      if (Date.now() > end) throw new Error(`no finished check within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Opens `file` with its disk text, or with `text`. */
  async open(file: string, text = fs.readFileSync(file, 'utf8')): Promise<string> {
    const uri = uriOf(file);
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version: 1, text },
    });
    return uri;
  }

  /** Replaces the whole text of an open document. */
  async change(file: string, text: string): Promise<void> {
    const uri = uriOf(file);
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
  }

  async close(file: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(file) } });
  }

  /** Sends new `prairielearn` settings, as a client without pulled configuration does. */
  async configure(prairielearn: unknown): Promise<void> {
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { prairielearn } });
  }

  /** Tells the server about changes on disk, as the client's file watchers do. */
  async filesChanged(...changes: [file: string, type: FileChangeType][]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: changes.map(([file, type]) => ({ uri: uriOf(file), type })),
    });
  }

  async completion(file: string, position: Position): Promise<CompletionItem[]> {
    const result = await this.completionList(file, position);
    return result?.items ?? [];
  }

  /** The whole answer to a completion request, as a list. */
  async completionList(file: string, position: Position): Promise<CompletionList | null> {
    const result = await this.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(file) }, position });
    return Array.isArray(result) ? { isIncomplete: false, items: result } : (result as CompletionList | null);
  }

  async hover(file: string, position: Position): Promise<string> {
    const result = (await this.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position })) as Hover | null;
    if (!result) return '';
    const c = result.contents;
    return typeof c === 'object' && 'value' in c ? c.value : JSON.stringify(c);
  }

  async definition(file: string, position: Position): Promise<LocationLink[]> {
    const result = await this.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: uriOf(file) }, position });
    return (result ?? []) as LocationLink[];
  }

  async links(file: string): Promise<DocumentLink[]> {
    return (await this.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri: uriOf(file) } })) ?? [];
  }

  async codeActions(file: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
    const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const result = await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uriOf(file) },
      range,
      context: { diagnostics },
    });
    return (result ?? []).filter((a): a is CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'));
  }

  async references(file: string, position: Position, includeDeclaration = false): Promise<Location[]> {
    return (await this.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri: uriOf(file) }, position, context: { includeDeclaration } })) ?? [];
  }

  prepareRename(file: string, position: Position) {
    return this.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: uriOf(file) }, position });
  }

  rename(file: string, position: Position, newName: string): Promise<WorkspaceEdit | null> {
    return this.connection.sendRequest(RenameRequest.type, { textDocument: { uri: uriOf(file) }, position, newName });
  }

  /** Asks for the edits that go with renaming files or folders (before the client renames them). */
  willRename(...renames: [from: string, to: string][]): Promise<WorkspaceEdit | null> {
    return this.connection.sendRequest(WillRenameFilesRequest.type, { files: renames.map(([from, to]) => ({ oldUri: uriOf(from), newUri: uriOf(to) })) });
  }

  async documentSymbols(file: string): Promise<DocumentSymbol[]> {
    return ((await this.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: uriOf(file) } })) ?? []) as DocumentSymbol[];
  }

  async workspaceSymbols(query: string): Promise<SymbolInformation[]> {
    return ((await this.connection.sendRequest(WorkspaceSymbolRequest.type, { query })) ?? []) as SymbolInformation[];
  }

  /** The code lenses of a file, each resolved. */
  async codeLenses(file: string): Promise<CodeLens[]> {
    const lenses = (await this.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: uriOf(file) } })) ?? [];
    return Promise.all(lenses.map((lens) => this.connection.sendRequest(CodeLensResolveRequest.type, lens)));
  }

  /** The code actions of the given kinds for a whole file, as an editor asks on save. */
  async sourceActions(file: string, only: string[]): Promise<CodeAction[]> {
    const result = await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uriOf(file) },
      range: { start: { line: 0, character: 0 }, end: { line: 100000, character: 0 } },
      context: { diagnostics: [], only },
    });
    return (result ?? []) as CodeAction[];
  }

  pullDocumentDiagnostics(file: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: uriOf(file) }, previousResultId });
  }

  pullWorkspaceDiagnostics(previousResultIds: { uri: string; value: string }[] = []): Promise<WorkspaceDiagnosticReport> {
    return this.connection.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds });
  }

  /**
   * Shuts the server down politely, then makes sure the process is gone: killed if it has not exited
   * `graceMs` after the exit notification (a server writing V8 coverage at exit needs longer).
   */
  async stop(graceMs = 2000): Promise<void> {
    if (this.alive) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      try {
        await this.connection.sendRequest(ShutdownRequest.type);
        await this.connection.sendNotification(ExitNotification.type);
      } catch {
        // the process is already going away
      }
      const timer = setTimeout(() => this.child.kill(), graceMs);
      await exited;
      clearTimeout(timer);
    }
    this.connection.dispose();
  }
}
