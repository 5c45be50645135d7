import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { startLanguageClient } from './languageClient';
import { activateCourseViews } from './courseViews';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  activateCourseViews(context);
  client = await startLanguageClient(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
