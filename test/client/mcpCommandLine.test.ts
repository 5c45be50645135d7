// The MCP server the extension offers to VS Code: its command line (mcpCommandLine) run as VS Code
// would run it, with the built dist/plCheckMcp.js, through the MCP SDK's own client over stdio.
// Needs `node build.mjs` first, as the pl-check tests do.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpCommandLine } from '../../client/src/agentTools/mcpCommandLine';

const REPO = path.resolve(__dirname, '../..');

test('the command line VS Code gets starts the MCP server over the given course', async () => {
  const course = path.join(REPO, 'server/demo-course');
  const { command, args, env } = mcpCommandLine(REPO, [course], undefined);
  assert.ok(fs.existsSync(args[0]), `${args[0]} is missing: run "node build.mjs" first`);
  assert.deepEqual(mcpCommandLine(REPO, [course], '/opt/py/bin/python3').args.slice(1), ['--python', '/opt/py/bin/python3', course]);
  const client = new Client({ name: 'vscode-provider-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' }));
  try {
    const { tools } = await client.listTools();
    assert.equal(tools.length, 9);
    const found: any = await client.callTool({ name: 'find_questions', arguments: { query: 'quadratic', limit: 1 } });
    assert.ok(!found.isError);
    assert.equal(found.structuredContent.questions[0].qid, 'algebra/factorQuadratic');
  } finally {
    await client.close();
  }
});
