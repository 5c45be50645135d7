import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AGENT_TOOL_REQUEST, type AgentToolAnswer, type AgentToolParams } from '../../../server/lib/protocol/languageServer';
import { languageModelApi } from './lmApi';

/** One entry of package.json's contributes.languageModelTools. */
interface ToolContribution {
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
    const writes = tool.tags?.includes('writes') ?? false;
    const name = serverToolName(tool.name);
    context.subscriptions.push(
      lm.registerTool<Record<string, unknown>>(tool.name, {
        prepareInvocation({ input }) {
          const what = typeof input?.qid === 'string' ? ` ${input.qid}` : '';
          if (!writes) return { invocationMessage: `PrairieLearn: ${tool.displayName}${what}` };
          const target = name === 'rename_question' ? `Rename question ${input.qid} to ${input.newQid} and rewrite the assessments that use it?` : `Create the question folder questions/${input.qid}/?`;
          return {
            invocationMessage: `PrairieLearn: ${tool.displayName}${what}`,
            confirmationMessages: { title: `PrairieLearn: ${tool.displayName}`, message: new vscode.MarkdownString(`${target}\n\nThis writes files in your course.`) },
          };
        },
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
