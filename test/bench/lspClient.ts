import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type InitializeResult,
  type Position,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

type DiagnosticsListener = (diagnostics: Diagnostic[]) => void;

/** A minimal LSP client over stdio for timing a language server the way an editor drives it. */
export class LspClient {
  private readonly listeners = new Map<string, DiagnosticsListener[]>();
  private versions = new Map<string, number>();

  private constructor(
    private readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
    readonly initializeResult: InitializeResult,
  ) {}

  /** Starts `node serverJs --stdio` on the workspace folder `root` and completes the handshake. */
  static async start(serverJs: string, root: string, initializationOptions: unknown): Promise<LspClient> {
    const child = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    // Requests the server may send; answer them as a plain editor would.
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    connection.listen();
    const uri = pathToFileURL(root).href;
    const result = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: 'bench' }],
      initializationOptions,
      capabilities: {
        textDocument: {
          synchronization: { didSave: true },
          // As VS Code's client declares them.
          completion: {
            completionItem: { snippetSupport: true },
            completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
          },
          publishDiagnostics: { relatedInformation: true },
        },
        // VS Code's client takes resource operations: a QID rename moves the question's folder.
        workspace: { workspaceFolders: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } },
      },
    });
    const client = new LspClient(child, connection, result);
    connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
      const waiting = client.listeners.get(uri);
      if (!waiting) return;
      client.listeners.delete(uri);
      for (const listener of waiting) listener(diagnostics);
    });
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Resolves with the next diagnostics published for `file`. */
  nextDiagnostics(file: string, timeoutMs = 60_000): Promise<Diagnostic[]> {
    const uri = pathToFileURL(file).href;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${file} within ${timeoutMs} ms`)), timeoutMs);
      const list = this.listeners.get(uri) ?? [];
      list.push((d) => {
        clearTimeout(timer);
        resolve(d);
      });
      this.listeners.set(uri, list);
    });
  }

  async open(file: string, text: string): Promise<void> {
    this.versions.set(file, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: pathToFileURL(file).href, languageId: 'json', version: 1, text },
    });
  }

  /** Replaces the whole text of an open document (a full-content change event). */
  async change(file: string, text: string): Promise<void> {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: pathToFileURL(file).href, version },
      contentChanges: [{ text }],
    });
  }

  async completion(file: string, position: Position): Promise<CompletionItem[]> {
    const result = (await this.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: pathToFileURL(file).href },
      position,
    })) as CompletionList | CompletionItem[] | null;
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  /** Resident and peak memory of the server process, from /proc (Linux). */
  memoryMb(): { rss: number; peak: number } {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await Promise.race([this.connection.sendRequest(ShutdownRequest.type), delay(5000)]);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // the server is gone already
    }
    await Promise.race([exited, delay(5000)]);
    if (this.child.exitCode === null) this.child.kill();
    this.connection.dispose();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
