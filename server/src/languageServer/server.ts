import * as nodePath from 'node:path';
import {
  DidChangeConfigurationNotification,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type WorkspaceFolder,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { INFO_FILE_NAME } from '../course/course';
import { codeActions } from './codeActions';
import { registerCourseRequests } from './courseRequests';
import { fixAllAction, FIX_ALL_KIND, wantsFixAll } from './fixAll';
import { COURSE_STATUS_NOTIFICATION, type CourseStatus } from './protocol';
import { PulledDiagnostics } from './pullDiagnostics';
import { QUESTION_FOLDER_FILTER } from './rename';
import { complete } from './completion';
import { CourseWorkspace, isCourseFileName, isInfoFileName, isWithin, type CourseState } from './courseWorkspace';
import { uriToPath, type ServerContext } from './documentContext';
import { hover } from './hover';
import { registerQuestionPreview } from './questionPreview';
import { isQuestionHtml, questionHtmlCodeActions, questionHtmlCompletion, questionHtmlHover } from './questionHtml';
import { DiagnosticsPublisher } from './lspDiagnostics';
import type { CourseDiagnostic } from '../course/diagnostic';
import { definition, documentLinks } from './navigation';
import { SchemaService } from './schemaService';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings';

const SLOW_CHECK_MS = 100;

/**
 * Wires the course library to LSP: keeps the courses of the workspace loaded, re-checks a course
 * (debounced) when one of its files changes in the editor or on disk, and pushes the diagnostics
 * that changed. Everything course-specific lives in server/src/course; this file only connects it.
 */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const workspace = new CourseWorkspace();
  // Clients that pull diagnostics (LSP 3.17) get the same lists as the ones pushed to other clients.
  const pulled = new PulledDiagnostics();
  let pullDiagnostics = false;
  let canRefreshDiagnostics = false;
  let canMoveFiles = false;
  const publisher = new DiagnosticsPublisher((uri, diagnostics) =>
    pullDiagnostics ? pulled.record(uri, diagnostics) : void connection.sendDiagnostics({ uri, diagnostics }),
  );
  let lastStatus = '';
  const timers = new Map<CourseState, NodeJS.Timeout>();
  const checkedOnce = new WeakSet<CourseState>();
  /** What each course's last publication depended on besides its diagnostics: the settings and the open documents. */
  const publishedWith = new WeakMap<CourseState, { settings: ServerSettings; generation: number }>();
  let settings: ServerSettings = DEFAULT_SETTINGS;
  let canPullConfiguration = false;
  let canRegisterConfigurationChanges = false;
  let hearsFolderChanges = false;
  const folders = new Set<string>();
  let ctx: ServerContext | undefined;

  const logFailure = (what: string, err: unknown) =>
    connection.console.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  /** Runs `work`, logging instead of throwing: a bad file or a bug must not take the server down. */
  const safely = <T>(what: string, fallback: T, work: () => T): T => {
    try {
      return work();
    } catch (err) {
      logFailure(what, err);
      return fallback;
    }
  };
  const safelyAsync = async <T>(what: string, fallback: T, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      logFailure(what, err);
      return fallback;
    }
  };

  const checkNow = (state: CourseState) =>
    safely(`checking ${state.root}`, undefined, () => {
      const started = performance.now();
      const changed = workspace.check(state, { severities: settings.severities, reportSyntaxErrors: true });
      const shown = (file: string, list: CourseDiagnostic[]) => {
        if (!workspace.overlay.has(file)) return settings.workspace ? list : [];
        // The editor's own JSON support reports syntax errors in open files; ours cover closed ones.
        return list.some((d) => d.code === 'json-syntax') ? list.filter((d) => d.code !== 'json-syntax') : list;
      };
      const positionsOf = (file: string) => workspace.positionsOf(state, file);
      const last = publishedWith.get(state);
      // Only the files the check changed, unless what is shown of the others may have changed too.
      if (changed && last?.settings === settings && last.generation === workspace.diskGeneration) {
        const files = new Map<string, CourseDiagnostic[]>();
        for (const file of changed) files.set(file, shown(file, workspace.diagnosticsOf(state, file)));
        publisher.update(state.root, files, positionsOf);
      } else {
        const byFile = new Map<string, CourseDiagnostic[]>();
        for (const [file, list] of workspace.diagnosticsByFile(state)) {
          const kept = shown(file, list);
          if (kept.length > 0) byFile.set(file, kept);
        }
        publisher.publish(state.root, byFile, positionsOf);
      }
      publishedWith.set(state, { settings, generation: workspace.diskGeneration });
      const ms = Math.round(performance.now() - started);
      // The first check of a course and slow ones are worth a line in the output; routine ones are not.
      if (!checkedOnce.has(state) || ms >= SLOW_CHECK_MS) connection.console.log(`checked ${state.root} in ${ms} ms`);
      checkedOnce.add(state);
      if (pullDiagnostics) {
        pulled.changed();
        if (canRefreshDiagnostics) void connection.languages.diagnostics.refresh();
      }
      reportStatus();
    });

  /** Tells the client what its language status item shows, when that changed. */
  const reportStatus = () =>
    safely('course status', undefined, () => {
      const courses = workspace.states().map((s) => {
        const data = s.course.info.file?.value as { title?: unknown; name?: unknown } | undefined;
        const name = typeof data?.title === 'string' ? data.title : typeof data?.name === 'string' ? data.name : nodePath.basename(s.root);
        return { root: s.root, name };
      });
      const status: CourseStatus = { courses, checking: timers.size > 0, ...publisher.counts() };
      const key = JSON.stringify(status);
      if (key === lastStatus) return;
      lastStatus = key;
      void connection.sendNotification(COURSE_STATUS_NOTIFICATION, status);
    });

  /** Runs a course's waiting check now, for a request that needs its results (fix all). */
  const settle = (state: CourseState) => {
    if (!timers.has(state)) return;
    clearTimeout(timers.get(state));
    timers.delete(state);
    checkNow(state);
  };

  const schedule = (state: CourseState) => {
    clearTimeout(timers.get(state));
    timers.set(
      state,
      setTimeout(() => {
        timers.delete(state);
        if (workspace.has(state)) checkNow(state);
      }, settings.debounceMs),
    );
    reportStatus();
  };

  const addFolder = (folder: string) => {
    for (const state of workspace.addFolder(folder)) schedule(state);
  };

  /** Forgets the courses deleted with `path` (or under a removed workspace folder) and clears their diagnostics. */
  const dropCoursesWithin = (path: string) => {
    for (const state of workspace.removeCoursesWithin(path)) {
      clearTimeout(timers.get(state));
      timers.delete(state);
      publisher.clear(state.root);
    }
    reportStatus();
  };

  const applySettings = (raw: unknown) => {
    settings = readSettings(raw, settings);
    for (const state of workspace.states()) schedule(state);
  };

  const pullSettings = async () => {
    const [section] = await connection.workspace.getConfiguration([{ section: 'prairielearn' }]);
    applySettings(section);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    settings = readSettings(params.initializationOptions);
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    canRegisterConfigurationChanges = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    hearsFolderChanges = params.capabilities.workspace?.workspaceFolders === true;
    pullDiagnostics = params.capabilities.textDocument?.diagnostic !== undefined;
    canRefreshDiagnostics = params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    const workspaceEdit = params.capabilities.workspace?.workspaceEdit;
    canMoveFiles = workspaceEdit?.documentChanges === true && (workspaceEdit.resourceOperations?.includes('rename') ?? false);
    const given: WorkspaceFolder[] = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
    for (const f of given) {
      const path = uriToPath(f.uri);
      if (path) folders.add(path);
    }
    ctx = {
      workspace,
      documents,
      schemas: new SchemaService(params.capabilities),
      completionEditRangeDefault: params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true,
      settle,
    };
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        // "<" and "." start element and {{params.}} completion in question.html.
        completionProvider: { triggerCharacters: ['"', '/', '<', '.'] },
        hoverProvider: true,
        definitionProvider: true,
        documentLinkProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND] },
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeLensProvider: { resolveProvider: true },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        ...(pullDiagnostics && { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } }),
        workspace: {
          workspaceFolders: { supported: true, changeNotifications: true },
          fileOperations: { willRename: { filters: [QUESTION_FOLDER_FILTER] } },
        },
      },
      serverInfo: { name: 'PrairieLearn course checker' },
    };
  });

  connection.onInitialized(async () => {
    if (canRegisterConfigurationChanges) {
      void safelyAsync('registering for settings changes', undefined, () =>
        connection.client.register(DidChangeConfigurationNotification.type, { section: 'prairielearn' }),
      );
    }
    if (canPullConfiguration) await safelyAsync('reading settings', undefined, pullSettings);
    for (const folder of folders) safely(`loading ${folder}`, undefined, () => addFolder(folder));
    if (hearsFolderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders((event) =>
        safely('workspace folders', undefined, () => {
          for (const path of event.removed.map((f) => uriToPath(f.uri))) {
            if (!path) continue;
            folders.delete(path);
            dropCoursesWithin(path);
          }
          for (const path of event.added.map((f) => uriToPath(f.uri))) {
            if (!path) continue;
            folders.add(path);
            addFolder(path);
          }
        }),
      );
    }
  });

  connection.onDidChangeConfiguration((params) =>
    safelyAsync('settings', undefined, async () => {
      if (canPullConfiguration) await pullSettings();
      else applySettings((params.settings as { prairielearn?: unknown } | undefined)?.prairielearn);
    }),
  );

  documents.onDidOpen(({ document }) =>
    safely('document open', undefined, () => {
      const path = uriToPath(document.uri);
      if (!path || !isCourseFileName(path)) return;
      workspace.setText(path, document.getText());
      const state = workspace.courseOfFile(path);
      if (!state) return;
      // An info file the course does not know yet may be an entity the file watcher has not reported.
      if (!workspace.noteChanged(state, path) && isInfoFileName(path)) workspace.noteCreatedOrDeleted(state, path);
      schedule(state);
    }),
  );

  documents.onDidChangeContent(({ document }) =>
    safely('document change', undefined, () => {
      const path = uriToPath(document.uri);
      if (!path || !isCourseFileName(path)) return;
      workspace.setText(path, document.getText());
      const state = workspace.courseOf(path);
      if (state && workspace.noteChanged(state, path)) schedule(state);
    }),
  );

  documents.onDidClose(({ document }) =>
    safely('document close', undefined, () => {
      ctx?.schemas.forget(document.uri);
      const path = uriToPath(document.uri);
      // The disk takes over again.
      if (!path || !workspace.closeText(path)) return;
      const state = workspace.courseOf(path);
      if (!state) return;
      workspace.noteChanged(state, path);
      // Also when it is no entry: with workspace checking off, its diagnostics must go.
      schedule(state);
    }),
  );

  connection.onDidChangeWatchedFiles(({ changes }) =>
    safely('file change', undefined, () => {
      const touched = new Set<CourseState>();
      for (const change of changes) {
        const path = uriToPath(change.uri);
        if (!path) continue;
        workspace.diskChanged(path);
        if (change.type === FileChangeType.Deleted) dropCoursesWithin(path);
        if (change.type === FileChangeType.Created && nodePath.basename(path) === INFO_FILE_NAME.course) {
          for (const folder of folders) if (isWithin(path, folder)) addFolder(folder);
        }
        const state = workspace.courseOf(path);
        if (!state) continue;
        if (change.type !== FileChangeType.Changed) workspace.noteCreatedOrDeleted(state, path);
        // The editor's text of an open file wins over the disk.
        else if (!workspace.overlay.has(path)) workspace.noteChanged(state, path);
        // Other files matter too: rules look at the disk (a dependency file, for one).
        touched.add(state);
      }
      for (const state of touched) schedule(state);
    }),
  );

  connection.onCompletion((params) =>
    isQuestionHtml(params.textDocument.uri)
      ? safely('completion', null, () => questionHtmlCompletion(ctx!, params))
      : safelyAsync('completion', null, () => complete(ctx!, params)),
  );
  connection.onHover((params) =>
    isQuestionHtml(params.textDocument.uri) ? safely('hover', null, () => questionHtmlHover(ctx!, params)) : safelyAsync('hover', null, () => hover(ctx!, params)),
  );
  connection.onDefinition((params) => safely('definition', null, () => definition(ctx!, params)));
  connection.onDocumentLinks((params) => safely('document links', [], () => documentLinks(ctx!, params)));
  connection.onCodeAction((params) =>
    safely('code actions', [], () => {
      if (wantsFixAll(params)) {
        const fixAll = fixAllAction(ctx!, params);
        return fixAll ? [fixAll] : [];
      }
      return isQuestionHtml(params.textDocument.uri) ? questionHtmlCodeActions(ctx!, params) : codeActions(ctx!, params);
    }),
  );
  registerCourseRequests(connection, () => ctx!, safely, () => canMoveFiles);
  connection.languages.diagnostics.on((params) => safely('diagnostics', pulled.document(params.textDocument.uri, undefined), () => pulled.document(params.textDocument.uri, params.previousResultId)));
  connection.languages.diagnostics.onWorkspace((params, token) => safelyAsync('workspace diagnostics', { items: [] }, () => pulled.workspace(params.previousResultIds, token)));

  connection.onShutdown(() => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  registerQuestionPreview(connection);
  documents.listen(connection);
  connection.listen();
}
