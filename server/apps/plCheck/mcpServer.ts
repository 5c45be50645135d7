import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AgentTools } from '../../lib/agentTools';
import { UsageError } from './options';

export const MCP_USAGE = `Usage: pl-check mcp [--python <path>] [course...]

Serves the PrairieLearn tools for coding agents (check, test_question, render_question,
grade_submission, element_reference, find_questions, question_uses, new_question,
rename_question) over the Model Context Protocol on stdin and stdout. Each course may be a
course folder or a folder holding courses; the default is the current folder.`;

/** The MCP server over the tools: tools, resources (element facts, QIDs) and the new-question prompt. */
export function createMcpServer(tools: AgentTools, version: string): Server {
  const server = new Server(
    { name: 'prairielearn', title: 'PrairieLearn course tools', version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        'Tools for a PrairieLearn course on this machine: check files after each edit, test_question after changing a question, element_reference before using an element. Nothing reaches a PrairieLearn server.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.list().map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: { title: t.title, readOnlyHint: !t.writes, destructiveHint: false, idempotentHint: !t.writes, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const result = await tools.run(request.params.name, request.params.arguments ?? {});
    // The JSON goes as structured content when it is an object; the text is what an agent reads.
    const structured = result.data && typeof result.data === 'object' && !Array.isArray(result.data) ? (result.data as Record<string, unknown>) : undefined;
    return { content: [{ type: 'text', text: result.text }], ...(structured && { structuredContent: structured }), ...(result.isError && { isError: true }) };
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: tools.resources() }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const text = tools.readResource(request.params.uri);
    if (text === undefined) throw new McpError(ErrorCode.InvalidParams, `No resource ${request.params.uri}`);
    return { contents: [{ uri: request.params.uri, mimeType: 'text/plain', text }] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: tools.prompts() }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    let text: string;
    try {
      text = tools.prompt(request.params.name, request.params.arguments ?? {});
    } catch (err) {
      throw new McpError(ErrorCode.InvalidParams, err instanceof Error ? err.message : String(err));
    }
    return { description: tools.prompts()[0].description, messages: [{ role: 'user', content: { type: 'text', text } }] };
  });
  return server;
}

/** `pl-check mcp [--python p] [course...]`: serves until stdin closes; resolves then. */
export async function runMcpCommand(argv: string[], version: string): Promise<void> {
  const folders: string[] = [];
  let python: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') {
      process.stdout.write(MCP_USAGE + '\n');
      return;
    }
    if (arg === '--python' || arg.startsWith('--python=')) {
      python = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!python) throw new UsageError('option --python needs a value');
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg} for pl-check mcp`);
    else folders.push(arg);
  }
  const tools = new AgentTools({ folders: folders.length > 0 ? folders : ['.'], python });
  if (tools.sessions.roots().length === 0) throw new UsageError(`no PrairieLearn course (a folder with infoCourse.json) in ${folders.join(', ') || 'the current folder'}`);
  const server = createMcpServer(tools, version);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await tools.dispose();
}
