import * as vscode from 'vscode';
import { languageModelApi } from './lmApi';

/** The id of package.json's contributes.mcpServerDefinitionProviders entry. */
export const MCP_PROVIDER_ID = 'prairielearn.mcpServer';

/** The command line of the bundled `pl-check mcp` over the workspace's folders. */
export function mcpCommandLine(extensionPath: string, folders: string[], python: string | undefined): { command: string; args: string[]; env: Record<string, string> } {
  return {
    command: process.execPath,
    args: [`${extensionPath}/dist/plCheck.js`, 'mcp', ...(python ? ['--python', python] : []), ...folders],
    // The extension host's executable may be Electron's, which runs a script as node only when told.
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}

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
