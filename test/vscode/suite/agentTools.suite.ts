// Inside a real VS Code: the PrairieLearn language model tools, listed in vscode.lm.tools and run
// with vscode.lm.invokeTool over the workspace's course (a copy of the demo course), through the
// language server and its question runtime in real Python. The writing tools' confirmation is the
// one prepareInvocation gives (VS Code shows it only in chat; invokeTool from an extension runs them).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { prepareToolInvocation, type ToolContribution } from '../../../client/src/agentTools/languageModelTools';
import { EXTENSION_ID, until } from './helpers';

/** The parts of vscode.lm this suite uses (the extension's @types/vscode predates them). */
interface Lm {
  tools: readonly { name: string; tags: readonly string[]; inputSchema?: object }[];
  invokeTool(name: string, options: { input: object; toolInvocationToken: undefined }, token?: vscode.CancellationToken): Promise<{ content: unknown[] }>;
}
const lm = (vscode as unknown as { lm?: Lm }).lm;

const text = (result: { content: unknown[] }) => result.content.map((p) => (p as { value?: string }).value ?? '').join('\n');
const invoke = async (name: string, input: object) => text(await lm!.invokeTool(`prairielearn_${name}`, { input, toolInvocationToken: undefined }));
const root = () => vscode.workspace.workspaceFolders![0].uri.fsPath;

suite('Language model tools', () => {
  test('the nine tools are registered, the two that write tagged so', async function () {
    if (!lm?.invokeTool) return this.skip();
    const ours = await until('the PrairieLearn tools', () => {
      const found = lm.tools.filter((t) => t.name.startsWith('prairielearn_'));
      return found.length === 9 && found;
    });
    assert.deepEqual(ours.filter((t) => t.tags.includes('writes')).map((t) => t.name).sort(), ['prairielearn_new_question', 'prairielearn_rename_question']);
  });

  test('each read-only tool answers through the language server', async function () {
    if (!lm?.invokeTool) return this.skip();
    assert.match(await invoke('check', { severity: 'error' }), /No problems in the course/);
    assert.match(await invoke('element_reference', { name: 'pl-number-input' }), /rtol/);
    assert.match(await invoke('find_questions', { query: 'quadratic' }), /algebra\/factorQuadratic/);
    assert.match(await invoke('question_uses', { qid: 'algebra/factorQuadratic' }), /Fa26\/HW1/);
    assert.match(await invoke('render_question', { qid: 'algebra/linearEquation', seed: '1' }), /^x: text$/m);
    assert.match(await invoke('grade_submission', { qid: 'algebra/linearEquation', seed: '1', answers: { x: '-5' } }), /score 1/);
    assert.match(await invoke('test_question', { qid: 'algebra/linearEquation', variants: 1 }), /all passed/);
    await assert.rejects(invoke('test_question', { qid: 'no/such' }), /There is no question "no\/such"/);
  });

  test('the writing tools ask first, then write', async function () {
    if (!lm?.invokeTool) return this.skip();
    const contributed = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.languageModelTools as ToolContribution[];
    const tool = (name: string) => contributed.find((t) => t.name === `prairielearn_${name}`)!;
    const asked = prepareToolInvocation(tool('new_question'), { qid: 'agent/made', title: 'Made' });
    assert.match(String((asked.confirmationMessages!.message as vscode.MarkdownString).value), /questions\/agent\/made\/[\s\S]*writes files/);
    const renaming = prepareToolInvocation(tool('rename_question'), { qid: 'agent/made', newQid: 'agent/renamed' });
    assert.match(String((renaming.confirmationMessages!.message as vscode.MarkdownString).value), /agent\/made to agent\/renamed[\s\S]*writes files/);
    // A confirmation for each tool that writes, and for no other.
    for (const t of contributed) assert.equal(prepareToolInvocation(t, { qid: 'x' }).confirmationMessages !== undefined, t.tags?.includes('writes') === true, t.name);
    assert.match(await invoke('new_question', { qid: 'agent/made', title: 'Made by an agent', template: 'builtin:numeric' }), /Created questions\/agent\/made\//);
    assert.ok(fs.existsSync(path.join(root(), 'questions/agent/made/server.py')));
    assert.match(await invoke('rename_question', { qid: 'agent/made', newQid: 'agent/renamed' }), /Renamed agent\/made to agent\/renamed/);
    assert.ok(fs.existsSync(path.join(root(), 'questions/agent/renamed/info.json')));
    fs.rmSync(path.join(root(), 'questions/agent'), { recursive: true, force: true });
  });
});
