// Inside a real VS Code: a question folder renamed through the workspace (as the Explorer does) rewrites
// the assessments using it (workspace/willRenameFiles), F2 on a QID moves the folder with its uses, and
// a question's code lens opens VS Code's references view. Each test puts the course back as it was.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { until } from './helpers';

const EXTENSION_ID = 'prairielearn-tools.prairielearn-vscode';

function course(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with the course as workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...parts);
}


async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

const FA26_HW1 = ['courseInstances', 'Fa26', 'assessments', 'HW1', 'infoAssessment.json'];
const SP27_EXAM1 = ['courseInstances', 'Sp27', 'assessments', 'Exam1', 'infoAssessment.json'];

async function textOf(...parts: string[]): Promise<string> {
  return (await vscode.workspace.openTextDocument(course(...parts))).getText();
}

/** Renames a folder through the workspace API, which runs the same participants as the Explorer. */
async function renameFolder(from: string[], to: string[]): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.renameFile(course(...from), course(...to));
  assert.ok(await vscode.workspace.applyEdit(edit), 'the rename was applied');
}

/** Waits until the language server has taken in a moved question (file watching): its info.json gets a lens. */
async function serverKnows(...infoJson: string[]): Promise<void> {
  const uri = course(...infoJson);
  await vscode.workspace.openTextDocument(uri);
  await until(`the language server to know ${infoJson.join('/')}`, async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
    return lenses?.some((l) => /used in/.test(l.command?.title ?? ''));
  }, 30_000);
}

suite('PrairieLearn language features in VS Code', () => {
  suiteSetup(async () => {
    await until('activation', () => vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    // The language server answers once it has loaded the course: a code lens is resolved then.
    const info = course('questions', 'logic', 'truthTable', 'info.json');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(info));
    await until('the language server', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', info, 10);
      return lenses?.some((l) => /used in/.test(l.command?.title ?? ''));
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('renaming a question folder rewrites every assessment that uses it, and renaming it back restores them', async () => {
    assert.match(await textOf(...FA26_HW1), /"logic\/truthTable"/);
    await renameFolder(['questions', 'logic', 'truthTable'], ['questions', 'logic', 'truthTables']);
    assert.ok(await exists(course('questions', 'logic', 'truthTables', 'info.json')));
    for (const file of [FA26_HW1, SP27_EXAM1]) {
      const text = await until(`${file.join('/')} rewritten`, async () => {
        const t = await textOf(...file);
        return t.includes('"logic/truthTables"') ? t : undefined;
      }, 30_000);
      assert.doesNotMatch(text, /"logic\/truthTable"/);
    }
    await serverKnows('questions', 'logic', 'truthTables', 'info.json');
    await renameFolder(['questions', 'logic', 'truthTables'], ['questions', 'logic', 'truthTable']);
    await until('the assessments restored', async () => (await textOf(...SP27_EXAM1)).includes('"logic/truthTable"'), 30_000);
    await vscode.workspace.saveAll(false);
  });

  test('F2 on a QID moves the question folder and rewrites its uses, in one edit', async () => {
    const doc = await vscode.workspace.openTextDocument(course(...SP27_EXAM1));
    await vscode.window.showTextDocument(doc);
    const at = doc.positionAt(doc.getText().indexOf('"linearAlgebra/eigenFacts"') + 3);
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', doc.uri, at, 'linearAlgebra/eigenvalueFacts');
    assert.ok(edit, 'a rename edit');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await exists(course('questions', 'linearAlgebra', 'eigenvalueFacts', 'info.json')), 'the folder moved');
    assert.ok(!(await exists(course('questions', 'linearAlgebra', 'eigenFacts'))));
    assert.match(doc.getText(), /"linearAlgebra\/eigenvalueFacts"/);
    assert.match(await textOf('courseInstances', 'Sp27', 'assessments', 'HW1', 'infoAssessment.json'), /"linearAlgebra\/eigenvalueFacts"/);

    await serverKnows('questions', 'linearAlgebra', 'eigenvalueFacts', 'info.json');
    // Onto an existing question: refused with the server's reason.
    const taken = doc.positionAt(doc.getText().indexOf('"linearAlgebra/eigenvalueFacts"') + 3);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', doc.uri, taken, 'linearAlgebra/matrixProduct')),
      /already exists/,
    );
    // And back.
    const back = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', doc.uri, taken, 'linearAlgebra/eigenFacts');
    assert.ok(await vscode.workspace.applyEdit(back));
    assert.ok(await exists(course('questions', 'linearAlgebra', 'eigenFacts', 'info.json')));
    await vscode.workspace.saveAll(false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("a question's code lens counts its assessments and opens their references", async () => {
    const info = course('questions', 'statistics', 'sampleMean', 'info.json');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(info));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', info, 10);
    const lens = lenses.find((l) => l.command?.command === 'editor.action.showReferences');
    assert.ok(lens, 'a references lens');
    assert.equal(lens.command!.title, 'used in 2 assessments');
    const [uri, position, locations] = lens.command!.arguments as [vscode.Uri, vscode.Position, vscode.Location[]];
    assert.ok(uri instanceof vscode.Uri && position instanceof vscode.Position, "converted to VS Code's types");
    assert.deepEqual(
      locations.map((l) => l.uri.path.split('/').slice(-4).join('/')).sort(),
      ['Fa26/assessments/HW1/infoAssessment.json', 'Sp27/assessments/HW1/infoAssessment.json'],
    );
    // Following it opens the references peek without an error.
    await vscode.commands.executeCommand(lens.command!.command, ...lens.command!.arguments!);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
