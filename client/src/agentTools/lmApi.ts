// The parts of VS Code's language model and MCP API that the agent tools use, typed here because
// the extension still supports VS Code versions (engines.vscode) whose @types/vscode lack them:
// each is looked up at run time and the feature is skipped when VS Code has none.
import * as vscode from 'vscode';

export interface ToolInvocationOptions<T> {
  input: T;
}

export interface PreparedToolInvocation {
  invocationMessage?: string;
  confirmationMessages?: { title: string; message: string | vscode.MarkdownString };
}

export interface LanguageModelTool<T> {
  invoke(options: ToolInvocationOptions<T>, token: vscode.CancellationToken): Promise<unknown>;
  prepareInvocation?(options: ToolInvocationOptions<T>, token: vscode.CancellationToken): PreparedToolInvocation | undefined;
}

export interface McpServerDefinitionProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[];
}

/** `vscode.lm` with the calls used here, when this VS Code has them. */
export interface LanguageModelApi {
  registerTool?<T>(name: string, tool: LanguageModelTool<T>): vscode.Disposable;
  registerMcpServerDefinitionProvider?(id: string, provider: McpServerDefinitionProvider): vscode.Disposable;
}

type Constructor = new (...args: unknown[]) => unknown;

/** The API object and the classes of results, or undefined where this VS Code lacks them. */
export function languageModelApi(): {
  lm: LanguageModelApi | undefined;
  ToolResult?: Constructor;
  TextPart?: Constructor;
  McpStdioServerDefinition?: Constructor;
} {
  const api = vscode as unknown as Record<string, unknown>;
  return {
    lm: api.lm as LanguageModelApi | undefined,
    ToolResult: api.LanguageModelToolResult as Constructor | undefined,
    TextPart: api.LanguageModelTextPart as Constructor | undefined,
    McpStdioServerDefinition: api.McpStdioServerDefinition as Constructor | undefined,
  };
}
