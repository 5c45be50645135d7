import * as vscode from 'vscode';
import { languageModelApi } from './lmApi';
import { mcpCommandLine } from './mcpCommandLine';

/** The id of package.json's contributes.mcpServerDefinitionProviders entry. */
export const MCP_PROVIDER_ID = 'prairielearn.mcpServer';

/**
 * Offers `pl-check mcp` to VS Code's MCP support, so that agents in VS Code get the PrairieLearn
 * tools with no configuration. Nothing when this VS Code has no MCP server definition providers.
 */
export function registerMcpServerProvider(context: vscode.ExtensionContext): void {
  const { lm, McpStdioServerDefinition } = languageModelApi();
  if (!lm?.registerMcpServerDefinitionProvider || !McpStdioServerDefinition) return;
  const changed = new vscode.EventEmitter<void>();
  context.subscriptions.push(
    changed,
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('prairielearn.python') && changed.fire()),
    lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions() {
        const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
        if (folders.length === 0) return [];
        const python = vscode.workspace.getConfiguration('prairielearn').get<string>('python')?.trim() || undefined;
        const { command, args, env } = mcpCommandLine(context.extensionPath, folders, python);
        return [new McpStdioServerDefinition('PrairieLearn', command, args, env, context.extension.packageJSON.version)];
      },
    }),
  );
}
