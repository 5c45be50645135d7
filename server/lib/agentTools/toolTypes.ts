import type { CourseSessions } from './courseSessions';

/** A JSON Schema (draft 7 subset) for a tool's input: an object with named properties. */
export interface InputSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
}

/** What a tool answers: text for the agent to read, and the same facts as JSON. */
export interface ToolResult {
  text: string;
  data: unknown;
  /** The call failed (bad input, unknown QID, a refusal): `text` says why. */
  isError?: boolean;
}

export interface AgentTool {
  name: string;
  title: string;
  /** For an agent: when to use the tool and what it returns; tools that write say so. */
  description: string;
  inputSchema: InputSchema;
  /** The tool writes course files (an editor asks the user first). */
  writes: boolean;
  run(sessions: CourseSessions, input: Record<string, unknown>): Promise<ToolResult>;
}
