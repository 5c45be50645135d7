import * as nodePath from 'node:path';
import { FileChangeType, TextDocuments, type Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { INFO_FILE_NAME } from '../../lib/course';
import { registerAgentTools } from './agentToolRequests';
import { initializeResult, readClientAbilities, type ClientAbilities } from './capabilities';
import { registerCourseRequests } from './courseRequests';
import { CourseWorkspace, isCourseFileName, isInfoFileName, uriToPath, type CourseState } from './courseWorkspace';
import { CourseStatusReporter, DiagnosticsScheduler } from './diagnosticsScheduler';
import type { Guard, Safely, ServerContext } from './documentContext';
import { registerDocumentRequests } from './documentRequests';
import { registerDiagnosticsPull } from './pullDiagnostics';
import { registerQuestionPreview } from './questionPreview';
import { SchemaService } from './schemaService';
import { SettingsSource } from './settingsSource';
import { WorkspaceFolders } from './workspaceFolders';

/** What initialize tells: the client's abilities, and the context every request handler gets. */
interface Session {
  client: ClientAbilities;
  context: ServerContext;
}

/**
 * Wires the course library to LSP. The parts below own the server's state: the courses
 * (`CourseWorkspace`), the settings, the workspace folders, and when courses are checked and what
 * of their diagnostics the client gets (`DiagnosticsScheduler`); the table after them says which
 * module answers each family of messages. Everything course-specific lives in server/lib/course.
 */
export function startServer(connection: Connection): void {
  const guard = guardFor(connection);
  const { safely } = guard;
  const documents = new TextDocuments(TextDocument);
  const workspace = new CourseWorkspace();
  const status = new CourseStatusReporter(connection, workspace, safely);
  const settings = new SettingsSource(connection, guard, () => {
    for (const state of workspace.states()) diagnostics.schedule(state);
  });
  const diagnostics: DiagnosticsScheduler = new DiagnosticsScheduler(connection, workspace, () => settings.current, safely, () => status.report(diagnostics));
  const folders = new WorkspaceFolders(workspace, diagnostics, safely, () => status.report(diagnostics));
  const courseEvents = { workspace, diagnostics, safely };
  let session: Session | undefined;
  const context = () => session!.context;

  connection.onInitialize((params) => {
    const client = readClientAbilities(params);
    settings.initialize(params.initializationOptions, client.pullConfiguration);
    if (client.pullDiagnostics) diagnostics.deliverByPull(client.refreshDiagnostics);
    folders.initialize(params);
    const schemas = new SchemaService(params.capabilities);
    const context: ServerContext = { workspace, documents, schemas, completionEditRangeDefault: client.completionEditRangeDefault, settle: (state) => diagnostics.settle(state) };
    session = { client, context };
    return initializeResult(client);
  });
  connection.onInitialized(async () => {
    // A client that skipped initialize gets nothing loaded, as it told nothing.
    if (!session) return;
    const { client } = session;
    if (client.registerConfigurationChanges) settings.askForChanges();
    if (client.pullConfiguration) await settings.read();
    folders.start(connection, client.hearsFolderChanges);
  });
  connection.onShutdown(() => diagnostics.stop());

  // Each family of messages registers its handlers from its own module; the two that feed the
  // course workspace its text and disk changes are below.
  settings.listen(); // workspace/didChangeConfiguration
  registerDocumentSync(documents, courseEvents, (uri) => session?.context.schemas.forget(uri)); // didOpen, didChange, didClose
  registerFileWatching(connection, courseEvents, folders); // workspace/didChangeWatchedFiles
  registerDocumentRequests(connection, context, guard); // completion, hover, definition, documentLink, codeAction
  registerCourseRequests(connection, context, safely, () => session?.client.moveFiles ?? false); // references, codeLens, rename, willRenameFiles, symbols
  registerDiagnosticsPull(connection, diagnostics.pulled, guard); // textDocument/diagnostic, workspace/diagnostic
  registerQuestionPreview(connection, () => settings.current.containerEngine); // prairielearn/preview/* (protocol/questionPreview.ts)
  registerAgentTools(connection, workspace); // prairielearn/agentTool (the language model tools)

  documents.listen(connection);
  connection.listen();
}

/** The guard every handler runs its work through, logging failures to the client's output. */
function guardFor(connection: Connection): Guard {
  const logFailure = (what: string, err: unknown) =>
    connection.console.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return {
    safely: (what, fallback, work) => {
      try {
        return work();
      } catch (err) {
        logFailure(what, err);
        return fallback;
      }
    },
    safelyAsync: async (what, fallback, work) => {
      try {
        return await work();
      } catch (err) {
        logFailure(what, err);
        return fallback;
      }
    },
  };
}

/** What the events of a course file change: its course, and the check they schedule. */
interface CourseEvents {
  workspace: CourseWorkspace;
  diagnostics: DiagnosticsScheduler;
  safely: Safely;
}

/** The editor's text of open course files: it overlays the disk from open to close. */
function registerDocumentSync(documents: TextDocuments<TextDocument>, { workspace, diagnostics, safely }: CourseEvents, onClose: (uri: string) => void): void {
  documents.onDidOpen(({ document }) =>
    safely('document open', undefined, () => {
      const path = uriToPath(document.uri);
      if (!path || !isCourseFileName(path)) return;
      workspace.setText(path, document.getText());
      const state = workspace.courseOfFile(path);
      if (!state) return;
      // An info file the course does not know yet may be an entity the file watcher has not reported.
      if (!workspace.noteChanged(state, path) && isInfoFileName(path)) workspace.noteCreatedOrDeleted(state, path);
      diagnostics.schedule(state);
    }),
  );

  documents.onDidChangeContent(({ document }) =>
    safely('document change', undefined, () => {
      const path = uriToPath(document.uri);
      if (!path || !isCourseFileName(path)) return;
      workspace.setText(path, document.getText());
      const state = workspace.courseOf(path);
      if (state && workspace.noteChanged(state, path)) diagnostics.schedule(state);
    }),
  );

  documents.onDidClose(({ document }) =>
    safely('document close', undefined, () => {
      onClose(document.uri);
      const path = uriToPath(document.uri);
      // The disk takes over again.
      if (!path || !workspace.closeText(path)) return;
      const state = workspace.courseOf(path);
      if (!state) return;
      workspace.noteChanged(state, path);
      // Also when it is no entry: with workspace checking off, its diagnostics must go.
      diagnostics.schedule(state);
    }),
  );
}

/** The client's file watchers: files and folders created, changed or deleted on disk. */
function registerFileWatching(connection: Connection, { workspace, diagnostics, safely }: CourseEvents, folders: WorkspaceFolders): void {
  connection.onDidChangeWatchedFiles(({ changes }) =>
    safely('file change', undefined, () => {
      const touched = new Set<CourseState>();
      for (const change of changes) {
        const path = uriToPath(change.uri);
        if (!path) continue;
        workspace.diskChanged(path);
        if (change.type === FileChangeType.Deleted) folders.dropCoursesWithin(path);
        if (change.type === FileChangeType.Created && nodePath.basename(path) === INFO_FILE_NAME.course) folders.courseInfoCreated(path);
        const state = workspace.courseOf(path);
        if (!state) continue;
        if (change.type !== FileChangeType.Changed) workspace.noteCreatedOrDeleted(state, path);
        // The editor's text of an open file wins over the disk.
        else if (!workspace.overlay.has(path)) workspace.noteChanged(state, path);
        // Other files matter too: rules look at the disk (a dependency file, for one).
        touched.add(state);
      }
      for (const state of touched) diagnostics.schedule(state);
    }),
  );
}
