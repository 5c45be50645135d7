import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type Location, type ServerOptions } from 'vscode-languageclient/node';
import { showLanguageStatus } from './languageStatus';

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
  const documentSelector = [{ scheme: 'file', pattern: `**/${COURSE_FILES}` }];
  let client: LanguageClient | undefined;
  // The server's code lenses open VS Code's references view with the standard command, whose
  // arguments must be VS Code's own types: converted here from their LSP form.
  const withReferenceArguments = (lens: vscode.CodeLens): vscode.CodeLens => {
    const args = lens.command?.command === 'editor.action.showReferences' ? lens.command.arguments : undefined;
    if (!client || !args || args.length !== 3) return lens;
    const convert = client.protocol2CodeConverter;
    lens.command!.arguments = [convert.asUri(args[0]), convert.asPosition(args[1]), (args[2] as Location[]).map((l) => convert.asLocation(l))];
    return lens;
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    middleware: {
      provideCodeLenses: async (document, token, next) => (await next(document, token))?.map(withReferenceArguments),
      resolveCodeLens: async (lens, token, next) => {
        const resolved = await next(lens, token);
        return resolved && withReferenceArguments(resolved);
      },
    },
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
  client = new LanguageClient('prairielearn', 'PrairieLearn', serverOptions, clientOptions);
  showLanguageStatus(context, client, documentSelector);
  await client.start();
  return client;
}
