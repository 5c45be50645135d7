import type { Connection } from 'vscode-languageserver';
import { AgentTools } from '../../lib/agentTools';
import type { CourseWorkspace } from './courseWorkspace';
import { AGENT_TOOL_REQUEST, type AgentToolAnswer, type AgentToolParams } from '../../lib/protocol/languageServer';

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
    // AgentTools.run answers failures as error results; nothing here throws for bad input.
    const python = typeof params?.python === 'string' && params.python.trim() ? params.python.trim() : undefined;
    const result = await toolsFor(python).run(String(params?.name), params?.input ?? {});
    return { text: result.text, data: result.data, ...(result.isError && { isError: true }) };
  });
}
