// Inside a real VS Code, what a new author meets on a real course (issue 27): a deprecated attribute is a
// struck-through hint, counted once on infoCourse.json whose quick fix migrates it; a "Did you mean" has
// its quick fix; topic completion offers the topics the course uses even when infoCourse.json declares
// none of them. The test writes a question of its own and removes it at the end. The local server, on a
// generated course of pl101's size in git, answers (the tree shows its instance) before its demo students'
// submissions exist; a course folder that is not a git repository is served from disk, and the toast and the
// tree say so.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID, state, until, workspaceRoot } from './helpers';
import { writeGeneratedCourse } from './generatedCourse';

const QUESTION = ['questions', 'firstHourProbe'];
const OTHER = ['questions', 'firstHourProbe2'];
const TOPIC = 'Zeta Topic Nobody Declared';

function uri(...parts: string[]): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...parts);
}

async function write(parts: string[], text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri(...parts), Buffer.from(text));
}

function diagnosticsOf(target: vscode.Uri, code: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(target).filter((d) => (typeof d.code === 'object' ? d.code.value : d.code) === code);
}

async function applyQuickFix(target: vscode.Uri, diagnostic: vscode.Diagnostic, title: RegExp): Promise<string> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', target, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
  const action = actions?.find((a) => title.test(a.title));
  assert.ok(action?.edit, `a quick fix ${title} among: ${actions?.map((a) => a.title).join(' | ')}`);
  assert.ok(await vscode.workspace.applyEdit(action.edit), 'the quick fix applied');
  return action.title;
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

suite('The first hour on a course', () => {
  const html = uri(...QUESTION, 'question.html');

  suiteSetup(async () => {
    await until('activation', () => vscode.extensions.getExtension(EXTENSION_ID)?.isActive, 180_000);
    await write([...QUESTION, 'info.json'], `${JSON.stringify({ uuid: 'c2a1f0e4-5b7d-4e8a-9f3c-1d2e3f4a5b6c', title: 'First-hour probe', topic: TOPIC, tags: [], type: 'v3' }, null, 2)}\n`);
    await write([...QUESTION, 'server.py'], 'def generate(data):\n    data["params"]["x"] = 3\n');
    await write(
      [...QUESTION, 'question.html'],
      '<pl-question-panel><p>x is {{param.x}}</p></pl-question-panel>\n' +
        '<pl-checkbox answers-name="pick" inline="true">\n  <pl-answer correct="true">yes</pl-answer>\n  <pl-answer>no</pl-answer>\n</pl-checkbox>\n',
    );
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const folder of [QUESTION, OTHER]) await vscode.workspace.fs.delete(uri(...folder), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  test('a deprecated attribute is a struck-through hint, counted on infoCourse.json, migrated by its quick fix', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(html));
    const [hint] = await until('the deprecation hint', () => diagnosticsOf(html, 'deprecated-attribute').length > 0 && diagnosticsOf(html, 'deprecated-attribute'));
    assert.equal(hint.severity, vscode.DiagnosticSeverity.Hint);
    assert.ok(hint.tags?.includes(vscode.DiagnosticTag.Deprecated), 'struck through');

    const infoCourse = uri('infoCourse.json');
    await vscode.workspace.openTextDocument(infoCourse);
    const [note] = await until('the course deprecation note', () => diagnosticsOf(infoCourse, 'deprecated-uses').length > 0 && diagnosticsOf(infoCourse, 'deprecated-uses'));
    assert.equal(note.severity, vscode.DiagnosticSeverity.Information);
    assert.match(note.message, /1 use of deprecated element features in 1 question/);
    const title = await applyQuickFix(infoCourse, note, /^Migrate 1 deprecated use/);
    assert.match(title, /in 1 question/);
    const text = (await vscode.workspace.openTextDocument(html)).getText();
    assert.match(text, /<pl-checkbox answers-name="pick" display="inline">/);
    await vscode.workspace.saveAll(false);
    await until('the hint to go', () => diagnosticsOf(html, 'deprecated-attribute').length === 0);
  });

  test('"Did you mean params.x?" comes with its quick fix', async () => {
    const document = await vscode.workspace.openTextDocument(html);
    await vscode.window.showTextDocument(document);
    const diagnostic = await until('the misspelt namespace', () => vscode.languages.getDiagnostics(html).find((d) => /Did you mean params\.x\?/.test(d.message)));
    await applyQuickFix(html, diagnostic, /params\.x/);
    assert.match(document.getText(), /x is \{\{params\.x\}\}/);
    await document.save();
    await until('the diagnostic to go', () => !vscode.languages.getDiagnostics(html).some((d) => /Did you mean params\.x\?/.test(d.message)));
  });

  test('topic completion offers a topic the course uses but does not declare', async () => {
    const other = [...OTHER, 'info.json'];
    await write(other, '{\n  "uuid": "6f1e2d3c-4b5a-4697-8877-a1b2c3d4e5f6",\n  "title": "Another probe",\n  "topic": "",\n  "type": "v3"\n}\n');
    const document = await vscode.workspace.openTextDocument(uri(...other));
    await vscode.window.showTextDocument(document);
    const line = document.getText().split('\n').findIndex((l) => l.includes('"topic"'));
    const position = new vscode.Position(line, document.lineAt(line).text.indexOf('""') + 1);
    const items = await until(`completion with "${TOPIC}"`, async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
      const found = list?.items ?? [];
      return found.some((i) => labelOf(i).includes(TOPIC)) && found;
    }, 30_000);
    // Declared topics sort first.
    const sortKey = (name: string) => {
      const item = items.find((i) => labelOf(i).includes(name));
      assert.ok(item, `${name} offered among ${items.map(labelOf).join(', ')}`);
      return item.sortText ?? labelOf(item);
    };
    assert.ok(sortKey('Algebra') < sortKey(TOPIC), 'declared before merely used');
  });

  test('the local server on a pl101-sized course in git answers before its demo submissions exist', async () => {
    const course = writeGeneratedCourse('bigcourse', { assessments: 16, perAssessment: 16, git: true });
    const { local, tree, auth } = await state();
    // The workspace's server, if a suite before started it: one server at a time.
    local.stop();
    await local.start([course.dir]);
    assert.ok(local.running, 'started: see the "PrairieLearn Reference Server" output');
    // The ready message comes before any progress of the demo data, which starts after the first request.
    assert.equal(local.demoSubmissionsWritten, false, 'signed in while the submissions were still to be written');
    assert.equal(local.served, 'the course bigcourse (its git repository)');
    const labels = (await tree.getChildren()).map((n) => n.label);
    assert.ok(labels.some((l) => l.endsWith(course.instanceName)), `the generated course's instance: ${labels.join(', ')}`);
    const session = (await auth.session())!;
    const ci = session.local!.courseInstanceIds[0];
    assert.equal((await session.client.assessments(ci)).length, 16);
    await local.demoSubmissions();
    const [first] = await session.client.assessments(ci);
    assert.ok((await session.client.assessmentInstances(ci, first.assessment_id)).length > 0, 'the demo students then started it');
    local.stop();
    fs.rmSync(path.dirname(course.dir), { recursive: true, force: true });
  });

  test('a course folder that is not a git repository is served from disk, and the toast and the tree say so', async () => {
    const course = writeGeneratedCourse('plainfolder', { assessments: 2, perAssessment: 3, git: false });
    const { local, tree } = await state();
    local.stop();
    const toasts: string[] = [];
    const show = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string, ...rest: never[]) => {
      toasts.push(message);
      return show(message, ...rest);
    };
    try {
      await local.start([course.dir]);
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = show;
    }
    assert.ok(local.running, 'started: see the "PrairieLearn Reference Server" output');
    assert.equal(local.served, 'the course plainfolder (the folder on disk)');
    const toast = toasts.find((t) => t.startsWith('Local PrairieLearn reference server running'));
    assert.ok(toast, `the toast, among: ${toasts.join(' | ')}`);
    assert.match(toast, /serving the course plainfolder \(the folder on disk\)/);
    assert.match(toast, /not a git repository/);
    const labels = (await tree.getChildren()).map((n) => n.label);
    assert.ok(labels.some((l) => l.endsWith(course.instanceName)), `the folder's own instance, not the demo's: ${labels.join(', ')}`);
    local.stop();
    fs.rmSync(path.dirname(course.dir), { recursive: true, force: true });
  });
});
