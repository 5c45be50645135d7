import type { Connection } from 'vscode-languageserver';
import { AgentTools } from '../../lib/agentTools';
import type { CourseWorkspace } from './courseWorkspace';
import { AGENT_TOOL_REQUEST, type AgentToolAnswer, type AgentToolParams } from '../../lib/protocol';

/** How long a call waits for the workspace's courses to be found after the server starts. */
const COURSE_WAIT_MS = 10_000;

/**
 * The agent tools for VS Code's language model tools, over the workspace's courses and the
 * preview's Python: one AgentTools, made again when the courses or the Python change (its checks
 * and Python helpers are kept between calls otherwise).
 */
export function registerAgentTools(connection: Connection, workspace: CourseWorkspace): void {
  let current: { key: string; tools: AgentTools } | undefined;
  const toolsFor = (python: string | undefined): AgentTools => {
    const roots = workspace.states().map((s) => s.root).sort();
    const key = JSON.stringify([python ?? '', roots]);
    if (current?.key !== key) {
      void current?.tools.dispose();
      current = { key, tools: new AgentTools({ folders: roots, python }) };
    }
    return current.tools;
  };
  connection.onRequest(AGENT_TOOL_REQUEST, async (params: AgentToolParams): Promise<AgentToolAnswer> => {
    // Right after start the workspace's courses may still be loading: an agent's first call waits for them.
    for (let waited = 0; workspace.states().length === 0 && waited < COURSE_WAIT_MS; waited += 100) await new Promise((r) => setTimeout(r, 100));
    // AgentTools.run answers failures as error results; nothing here throws for bad input.
    const python = typeof params?.python === 'string' && params.python.trim() ? params.python.trim() : undefined;
    const result = await toolsFor(python).run(String(params?.name), params?.input ?? {});
    return { text: result.text, data: result.data, ...(result.isError && { isError: true }) };
  });
}
