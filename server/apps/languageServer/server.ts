import { TextDocuments, type Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { registerAgentTools } from './agentToolRequests';
import { initializeResult, readClientAbilities, type ClientAbilities } from './capabilities';
import { registerDocumentSync, registerFileWatching } from './courseEvents';
import { registerCourseRequests } from './courseRequests';
import { CourseStatusReporter } from './courseStatus';
import { CourseWorkspace } from './courseWorkspace';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import type { ServerContext } from './documentContext';
import { registerDocumentRequests } from './documentRequests';
import { registerDiagnosticsPull } from './pullDiagnostics';
import { registerQuestionPreview } from './questionPreview';
import { guardFor } from './safely';
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

  // Each family of messages registers its handlers from its own module.
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
