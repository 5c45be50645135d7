// Inside a real VS Code: PrairieLearn: Preview Question on a demo-course question, run by the language
// server's question runtime in real Python. The page's buttons post messages that `handle` receives; the
// tests send the same messages (the UI scenario of run.mjs clicks the real ones).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { QuestionPreviewPanel } from '../../../client/src/questionPreview/previewPanel';
import type { CourseTreeProvider } from '../../../client/src/views/courseTree';
import type { NodeSpec } from '../../../client/src/views/treeModel';
import { EXTENSION_ID, until } from './helpers';


const questionDir = () => path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'questions', 'algebra', 'linearEquation');

const previews = () => vscode.commands.executeCommand<QuestionPreviewPanel[]>('prairielearn.test.questionPreviews');

async function previewPanel(): Promise<QuestionPreviewPanel> {
  const panel = (await previews()).find((p) => p.questionDir === questionDir());
  assert.ok(panel, 'the preview is open');
  return panel;
}

/** The editor of an API record's JSON document (a `prairielearn:` URI), once it is the active one. */
const recordEditor = (what: string) =>
  until(what, () => (vscode.window.activeTextEditor?.document.uri.scheme === 'prairielearn' ? vscode.window.activeTextEditor : undefined));

/** With every editor and preview closed: the course tree and its first submission row. */
async function firstSubmission(): Promise<{ tree: CourseTreeProvider; node: NodeSpec }> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await until('the previews closed', async () => (await previews()).length === 0);
  const { tree, local } = await vscode.commands.executeCommand<{ tree: CourseTreeProvider; local: { sampleAnswers(): Promise<void> } }>('prairielearn.test.state');
  // The submissions get their questions' own params and answers in the background, after the server answers.
  await local.sampleAnswers();
  const node = await findNode(tree, (await tree.getChildren())[0], 'submission');
  assert.ok(node, 'the seeded data has a submission');
  return { tree, node };
}

async function setServerPy(text: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(questionDir(), 'server.py')));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  await vscode.workspace.applyEdit(edit);
  assert.ok(await doc.save(), 'server.py saved');
}

suite('Question preview', () => {
  let original = '';

  suiteTeardown(async () => {
    if (original) await setServerPy(original);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('prairielearn.stopLocalServer');
  });

  test('Preview Question opens the question beside its question.html, with math rendered by the bundled KaTeX', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(questionDir(), 'question.html')));
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('prairielearn.previewQuestion');
    const panel = await previewPanel();
    const state = await until('the first render', () => panel.state);
    assert.equal(state.qid, 'algebra/linearEquation');
    assert.equal(state.broken, false);
    assert.equal(panel.panel.viewColumn, vscode.ViewColumn.Two, 'beside the editor');
    assert.match(panel.html, /Solve the equation below for \$x\$/);
    assert.match(panel.html, /name="x"/);
    assert.match(panel.html, /dist\/katex\/katex\.min\.js/);
    assert.match(panel.html, /default-src 'none'/);
  });

  test('answers and grades: the score, then the submission and answer panels', async () => {
    const panel = await previewPanel();
    const x = (panel.state!.correctAnswers as { x: number }).x;
    await panel.handle({ type: 'submit', action: 'grade', raw: { x: String(x + 1) } });
    assert.deepEqual(panel.state!.submissions.map((s) => s.score), [0]);
    assert.match(panel.html, /Score: 0%/);
    await panel.handle({ type: 'submit', action: 'grade', raw: { x: String(x) } });
    assert.deepEqual(panel.state!.submissions.map((s) => s.score), [0, 1]);
    assert.match(panel.html, /Score: 100%/);
    assert.match(panel.html, /Correct answer/);
    assert.match(panel.html, /Subtract \d+ from both sides/, 'the answer panel');
  });

  test('New Variant and a typed seed change the variant', async () => {
    const panel = await previewPanel();
    const before = panel.state!.seed;
    await panel.handle({ type: 'newVariant' });
    assert.notEqual(panel.state!.seed, before);
    assert.deepEqual(panel.state!.submissions, []);
    await panel.handle({ type: 'newVariant', seed: 'pl2026' });
    assert.equal(panel.state!.seed, 'pl2026');
    assert.match(panel.html, /id="seed" value="pl2026"/);
  });

  test('saving server.py re-renders: typed answers stay for the same variant, an exception shows its traceback and a diagnostic until fixed', async () => {
    const panel = await previewPanel();
    const serverPy = vscode.Uri.file(path.join(questionDir(), 'server.py'));
    original = (await vscode.workspace.openTextDocument(serverPy)).getText();
    await panel.handle({ type: 'typed', raw: { x: '4242' } });

    const first = panel.state;
    await setServerPy(`# Edited in the test.\n${original}`);
    await until('the re-render after saving', () => panel.state !== first);
    assert.equal(panel.state!.sameVariant, true);
    assert.match(panel.html, /"x":"4242"/, 'the typed answer goes back into the page');

    const lines = original.split('\n');
    const at = lines.findIndex((l) => l.includes('data["params"]["a"]'));
    lines.splice(at, 0, '    raise ValueError("a is not ready")');
    const second = panel.state;
    await setServerPy(lines.join('\n'));
    await until('the broken re-render', () => panel.state !== second);
    assert.equal(panel.state!.broken, true);
    assert.match(panel.html, /Broken question/);
    assert.match(panel.html, /Traceback[\s\S]*a is not ready/);
    const diagnostic = await until('the server.py diagnostic', () => vscode.languages.getDiagnostics(serverPy).find((d) => d.source === 'PrairieLearn preview'));
    assert.equal(diagnostic.range.start.line, at);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /a is not ready/);

    await setServerPy(original);
    await until('the fixed re-render', () => panel.state?.broken === false);
    assert.equal(vscode.languages.getDiagnostics(serverPy).filter((d) => d.source === 'PrairieLearn preview').length, 0, 'the diagnostic is cleared');
    assert.doesNotMatch(panel.html, /a is not ready/);
  });

  test('from the sidebar: an instance question previews its workspace question, a submission shows in its panels with its raw JSON', async () => {
    await vscode.commands.executeCommand('prairielearn.startLocalServer');
    const { tree, local } = await vscode.commands.executeCommand<{ tree: CourseTreeProvider; local: { demoSubmissions(): Promise<void> } }>('prairielearn.test.state');
    // The server answers first; its demo students' submissions follow in the background.
    await local.demoSubmissions();
    const [ci] = await tree.getChildren();
    const question = await findNode(tree, ci, 'instanceQuestion');
    assert.ok(question, 'the seeded data has an instance question');
    const questionPanel = await vscode.commands.executeCommand<QuestionPreviewPanel>('prairielearn.previewQuestion', question);
    assert.ok(questionPanel, 'a preview opened');
    await until('its render', () => questionPanel.state);
    assert.ok(question.label.endsWith(questionPanel.state!.qid), `${question.label} is ${questionPanel.state!.qid}`);

    const node = await findNode(tree, ci, 'submission');
    assert.ok(node, 'the seeded data has a submission');
    const panel = await vscode.commands.executeCommand<QuestionPreviewPanel>('prairielearn.previewSubmission', node);
    assert.ok(panel, 'a submission preview opened');
    const state = await until('the submission render', () => panel.state);
    assert.equal(state.submissions.length, 1);
    assert.match(panel.html, /class="card submission"/);
    assert.match(panel.html, /id="raw-json"/);
    assert.doesNotMatch(panel.html, /id="grade"/, 'read-only');
    await panel.handle({ type: 'rawJson' });
    const editor = await recordEditor('the raw JSON');
    assert.equal(JSON.parse(editor.document.getText()).question_name, state.qid);
  });

  test('clicking a submission row shows it rendered in its question panels; its raw JSON and back are one click each', async () => {
    const { tree, node } = await firstSubmission();
    const click = tree.getTreeItem(node).command;
    assert.equal(click?.command, 'prairielearn.previewSubmission', 'a click renders the submission');
    await vscode.commands.executeCommand(click.command, ...(click.arguments ?? []));
    const panel = await until('the rendered submission', async () => (await previews()).find((p) => p.panel.title.startsWith('Submission ')));
    const state = await until('its render', () => panel.state);
    assert.deepEqual(state.issues.filter((i) => i.fatal), [], 'the seeded params and answers run in the question');
    assert.equal(state.broken, false);
    assert.match(panel.html, /class="card submission"/);
    assert.doesNotMatch(panel.html, /Error rendering question/);

    await panel.handle({ type: 'rawJson' });
    const editor = await recordEditor('the raw JSON');
    const record = JSON.parse(editor.document.getText()) as { question_name: string; score: number | null; params: Record<string, unknown> };
    assert.equal(record.question_name, state.qid);
    assert.equal(state.submissions[0].score, record.score);
    assert.ok(Object.keys(record.params ?? {}).length > 0, 'params made by the question');
    assert.notDeepEqual(Object.keys(record.params).sort(), ['x', 'y'], 'not the invented ones');

    // Back: the JSON document's editor-title action (shown for submission documents) brings the same panel.
    const titleAction = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.menus['editor/title'] as { command: string; when: string }[]).find(
      (m) => m.command === 'prairielearn.previewSubmission',
    );
    assert.ok(titleAction, 'an editor-title action on record documents');
    const fileNamePattern = /resourceFilename =~ \/(.*)\/$/.exec(titleAction.when)![1];
    assert.match(path.posix.basename(editor.document.uri.path), new RegExp(fileNamePattern));
    const again = await vscode.commands.executeCommand<QuestionPreviewPanel>('prairielearn.previewSubmission', editor.document.uri);
    assert.equal(again, panel, 'the open rendering, brought forward');
  });

  test('a submission whose question is not in the workspace opens as JSON', async () => {
    const { tree, node } = await firstSubmission();
    await vscode.commands.executeCommand('prairielearn.open', node);
    const json = await recordEditor('its JSON');
    const record = JSON.parse(json.document.getText()) as { question_name: string };
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const dir = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'questions', ...String(record.question_name).split('/'));
    fs.renameSync(dir, `${dir}.away`);
    try {
      const click = tree.getTreeItem(node).command!;
      assert.equal(await vscode.commands.executeCommand(click.command, ...(click.arguments ?? [])), undefined);
      const editor = await recordEditor('the JSON instead');
      assert.equal(JSON.parse(editor.document.getText()).question_name, record.question_name);
      assert.equal((await previews()).length, 0, 'no rendering');
    } finally {
      fs.renameSync(`${dir}.away`, dir);
    }
  });
});

/** Depth-first through the tree to the first row of `contextValue`. */
async function findNode(tree: CourseTreeProvider, node: NodeSpec, contextValue: string, depth = 0): Promise<NodeSpec | undefined> {
  if (node.contextValue === contextValue) return node;
  if (!node.children || depth > 6 || node.contextValue.endsWith('AccessRules') || node.contextValue === 'gradebook') return undefined;
  for (const child of await tree.getChildren(node)) {
    const found = await findNode(tree, child, contextValue, depth + 1);
    if (found) return found;
  }
  return undefined;
}
