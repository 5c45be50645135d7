import * as fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PL_CHECK } from './runCli';

/** The MCP SDK's client, connected over stdio to the built `pl-check mcp <folders>`. */
export async function connect(folders: string[]): Promise<Client> {
  if (!fs.existsSync(PL_CHECK)) throw new Error(`${PL_CHECK} is missing: run "node build.mjs" first`);
  const client = new Client({ name: 'pl-check-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [PL_CHECK, 'mcp', ...folders], stderr: 'pipe' }));
  return client;
}
