import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/** The course files the server checks. */
const COURSE_FILES = '{info.json,infoAssessment.json,infoCourseInstance.json,infoCourse.json,question.html}';

/**
 * Starts the bundled language server (dist/languageServer.js) over IPC. Our schemas are not
 * registered with VS Code's JSON support: the server picks them by file kind and does completion,
 * hover and checks itself, so that an info.json outside questions/ is never taken for a question.
 */
export async function startLanguageClient(context: vscode.ExtensionContext): Promise<LanguageClient> {
  const module = context.asAbsolutePath('dist/languageServer.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', pattern: `**/${COURSE_FILES}` }],
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher(`**/${COURSE_FILES}`),
        // Deleting a folder reports only the folder; the server works out which entities went with it.
        vscode.workspace.createFileSystemWatcher('**/*', true, true, false),
        // Folders created under questions/ or courseInstances/ may be new (still empty) entities.
        vscode.workspace.createFileSystemWatcher('**/{questions,courseInstances}/**', false, true, true),
        vscode.workspace.createFileSystemWatcher('**/{clientFilesQuestion,clientFilesCourse}/**'),
        // Files that elements name (pl-template's serverFilesCourse, elementExtensions/) and course
        // elements (elements/<name>/) clear their diagnostics when they appear.
        vscode.workspace.createFileSystemWatcher('**/{serverFilesCourse,elements,elementExtensions}/**', false, true, true),
        // What a course's element extensions define (their Python, JavaScript and info.json) is read
        // by the question.html checks: every change counts.
        vscode.workspace.createFileSystemWatcher('**/elementExtensions/**'),
        // question.html checks read server.py (the params it sets) and the files elements name.
        vscode.workspace.createFileSystemWatcher('**/questions/**/server.py'),
      ],
    },
    // The first check uses the user's settings without waiting for a configuration round trip.
    initializationOptions: vscode.workspace.getConfiguration().get('prairielearn'),
  };
  const client = new LanguageClient('prairielearn', 'PrairieLearn', serverOptions, clientOptions);
  await client.start();
  return client;
}
