import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AGENT_TOOL_REQUEST, type AgentToolAnswer, type AgentToolParams } from '../../../server/lib/protocol';
import { languageModelApi, type PreparedToolInvocation } from './lmApi';

/** One entry of package.json's contributes.languageModelTools. */
export interface ToolContribution {
  name: string;
  displayName: string;
  modelDescription: string;
  tags?: string[];
}

/** The language server's tool name of a contributed tool: `prairielearn_test_question` runs `test_question`. */
export function serverToolName(contributed: string): string {
  return contributed.replace(/^prairielearn_/, '');
}

/**
 * What VS Code shows before a tool runs: a progress line, and for the tools tagged "writes" a
 * confirmation that names the files it will change.
 */
export function prepareToolInvocation(tool: ToolContribution, input: Record<string, unknown> | undefined): PreparedToolInvocation {
  const name = serverToolName(tool.name);
  const what = typeof input?.qid === 'string' ? ` ${input.qid}` : '';
  const invocationMessage = `PrairieLearn: ${tool.displayName}${what}`;
  if (!tool.tags?.includes('writes')) return { invocationMessage };
  const target =
    name === 'rename_question'
      ? `Rename question ${String(input?.qid)} to ${String(input?.newQid)} and rewrite the assessments that use it?`
      : `Create the question folder questions/${String(input?.qid)}/?`;
  return {
    invocationMessage,
    confirmationMessages: { title: `PrairieLearn: ${tool.displayName}`, message: new vscode.MarkdownString(`${target}\n\nThis writes files in your course.`) },
  };
}

/**
 * Registers the tools package.json contributes, each running its namesake of the language server's
 * agent tools (server/lib/agentTools) with the preview's Python; the ones tagged "writes" ask first.
 * Nothing when this VS Code has no language model tools.
 */
export function registerLanguageModelTools(context: vscode.ExtensionContext, languageClient: () => Promise<LanguageClient | undefined> | undefined): void {
  const { lm, ToolResult, TextPart } = languageModelApi();
  if (!lm?.registerTool || !ToolResult || !TextPart) return;
  // The tools' `when` clause: shown to agents only in a workspace with a course.
  void vscode.workspace.findFiles('**/infoCourse.json', '**/node_modules/**', 1).then((found) => vscode.commands.executeCommand('setContext', 'prairielearn.courseOpen', found.length > 0));
  const contributed = (context.extension.packageJSON.contributes?.languageModelTools ?? []) as ToolContribution[];
  for (const tool of contributed) {
    const name = serverToolName(tool.name);
    context.subscriptions.push(
      lm.registerTool<Record<string, unknown>>(tool.name, {
        prepareInvocation: ({ input }) => prepareToolInvocation(tool, input),
        async invoke({ input }) {
          const client = await languageClient();
          if (!client) throw new Error('The PrairieLearn language server is not running.');
          const python = vscode.workspace.getConfiguration('prairielearn').get<string>('python')?.trim() || undefined;
          const params: AgentToolParams = { name, input, python };
          const answer = await client.sendRequest<AgentToolAnswer>(AGENT_TOOL_REQUEST, params);
          // A tool error goes back to the model as an error, which it reads and can act on.
          if (answer.isError) throw new Error(answer.text);
          return new ToolResult([new TextPart(answer.text)]);
        },
      }),
    );
  }
}
