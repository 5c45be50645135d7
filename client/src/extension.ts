import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { startLanguageClient } from './languageClient';
import { activateApiFeatures } from './apiFeatures';
import { registerLanguageModelTools } from './agentTools/languageModelTools';
import { registerMcpServerProvider } from './agentTools/mcpServerProvider';
import { activateQuestionPreview } from './questionPreview/activate';

let client: Promise<LanguageClient | undefined> | undefined;

export function activate(context: vscode.ExtensionContext): void {
  activateApiFeatures(context);
  // The language server starts in the background, so activation returns at once; its checks arrive when it is up.
  client = startLanguageClient(context).catch((err: Error) => {
    void vscode.window.showErrorMessage(`The PrairieLearn language server did not start: ${err.message}`);
    return undefined;
  });
  activateQuestionPreview(context, () => client);
  registerLanguageModelTools(context, () => client);
  registerMcpServerProvider(context);
}

export async function deactivate(): Promise<void> {
  const started = await client;
  client = undefined;
  await started?.stop();
}
