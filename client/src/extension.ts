import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { startLanguageClient } from './languageClient';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  client = await startLanguageClient(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
