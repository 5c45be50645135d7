/** Bad input or a refusal, in words for the agent: becomes an error result, not a crash. */
export class ToolError extends Error {}
