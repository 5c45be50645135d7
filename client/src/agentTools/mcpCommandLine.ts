import * as nodePath from 'node:path';

/**
 * The command line of the bundled `pl-check mcp` over the workspace's folders: its own bundle
 * (dist/plCheckMcp.js) run directly, which spares a start of plCheck.js; the same server as
 * `node plCheck.js mcp`.
 */
export function mcpCommandLine(extensionPath: string, folders: string[], python: string | undefined): { command: string; args: string[]; env: Record<string, string> } {
  return {
    command: process.execPath,
    args: [nodePath.join(extensionPath, 'dist', 'plCheckMcp.js'), ...(python ? ['--python', python] : []), ...folders],
    // The extension host's executable may be Electron's, which runs a script as node only when told.
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}
