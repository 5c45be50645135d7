/**
 * Tools for coding agents over the course checker, the question runtime, the element facts and
 * the course features; no logic of their own beyond shaping input and output. Two programs serve
 * them: pl-check's MCP server (`pl-check mcp`) and the language server (VS Code's language model
 * tools call it). Nothing here reaches the network.
 *
 * ```ts
 * const tools = new AgentTools({ folders: ['/path/to/course'] });
 * tools.list();                                                   // name, description, inputSchema, writes
 * const r = await tools.run('test_question', { qid: 'algebra/quadratic', variants: 10 });
 * r.text; r.data; r.isError;                                      // for the agent, as JSON, failed?
 * await tools.dispose();                                          // stops the Python helpers
 * ```
 *
 * Contract: every input is checked against the tool's JSON Schema; bad input, an unknown QID, a
 * refusal or a failure is a result with `isError` and a sentence saying why, never a throw. Lists
 * are bounded (`limit`, default 50) and say how many more there were. Tools with `writes` change
 * course files (new_question, rename_question) and say so in their description.
 */
export { AgentTools, AGENT_TOOLS, type ToolResource } from './agentTools';
export type { CourseSessionsOptions } from './courseSessions';
export type { AgentTool, InputSchema, ToolResult } from './toolTypes';
