// Inside a real VS Code: activation, a diagnostic from the language server, the Course Instances tree against
// the local reference server, opening a submission, and Sync Course to Success.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { NodeSpec } from '../../../client/src/views/treeModel';
import type { SyncJob } from '../../../client/src/api/types';
import { EXTENSION_ID, findNode, state, until, workspaceRoot } from './helpers';

/** The document's text as it was, saved: an edit a test made never reaches a later suite, open or on disk. */
async function restore(doc: vscode.TextDocument, original: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
  assert.ok(await vscode.workspace.applyEdit(edit));
  // save() can answer false without saving for a moment (seen in one CI run: the model still busy with the
  // edit); what this needs is the end state, so save until the document is clean, then check the disk.
  await until('the original text saved back', async () => !doc.isDirty || ((await doc.save()) && !doc.isDirty), 20_000);
  assert.equal(doc.getText(), original);
  assert.ok(!doc.isDirty);
  assert.equal(fs.readFileSync(doc.uri.fsPath, 'utf8'), original, 'the file on disk holds the original text');
}

suite('PrairieLearn extension in VS Code', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    // Not activated by hand: the workspace's infoCourse.json must be what activates it.
    await until('activation by workspaceContains:**/infoCourse.json', () => extension.isActive);
  });

  test('activates on the course and registers its commands', async () => {
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['prairielearn.signIn', 'prairielearn.addCourseInstance', 'prairielearn.syncCourse', 'prairielearn.startLocalServer'])
      assert.ok(commands.includes(id), id);
  });

  test('a broken info.json gets its diagnostic', async () => {
    const questions = vscode.Uri.joinPath(workspaceRoot(), 'questions');
    const [info] = await vscode.workspace.findFiles(new vscode.RelativePattern(questions, '**/info.json'), undefined, 1);
    assert.ok(info, 'the course has a question');
    const doc = await vscode.workspace.openTextDocument(info);
    const editor = await vscode.window.showTextDocument(doc);
    const original = doc.getText();
    const broken = JSON.parse(original);
    delete broken.uuid;
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(broken, null, 2) + '\n'));
    const diagnostic = await until('the uuid-missing diagnostic', () =>
      vscode.languages.getDiagnostics(info).find((d) => d.source === 'PrairieLearn' && String(typeof d.code === 'object' ? d.code.value : d.code) === 'uuid-missing'),
    );
    assert.match(diagnostic.message, /UUID/);
    // Put the text back and save it, whatever editor became active meanwhile: left dirty, a later save
    // would write the uuid-less text to disk for the suites after this one.
    await restore(doc, original);
  });

  test('hover in question.html, as VS Code renders it, keeps every <pl-...> name and repeats no diagnostic', async () => {
    const questions = vscode.Uri.joinPath(workspaceRoot(), 'questions');
    const [html] = await vscode.workspace.findFiles(new vscode.RelativePattern(questions, '**/question.html'), undefined, 1);
    assert.ok(html, 'the course has a question.html');
    const doc = await vscode.workspace.openTextDocument(html);
    const editor = await vscode.window.showTextDocument(doc);
    const original = doc.getText();
    const text = '<pl-string-input answers-name="s" wieght="1"></pl-string-input>\n';
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, doc.lineCount, 0), text));
    const diagnostic = await until('the unknown-attribute diagnostic', () =>
      vscode.languages.getDiagnostics(html).find((d) => d.source === 'PrairieLearn' && String(typeof d.code === 'object' ? d.code.value : d.code) === 'unknown-attribute'),
    );
    // What VS Code's own Markdown renderer makes of every hover at a position (ours and the HTML extension's).
    await vscode.extensions.getExtension('vscode.markdown-language-features')?.activate();
    const rendered = async (offset: number) => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', html, doc.positionAt(offset));
      const markdown = hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n\n');
      return { markdown, html: await vscode.commands.executeCommand<string>('markdown.api.render', markdown) };
    };
    const element = await rendered(3);
    assert.match(element.html, /<strong><code>&lt;pl-string-input&gt;<\/code><\/strong> \(submission\)/, element.html);
    const attribute = await rendered(text.indexOf('answers-name') + 2);
    assert.match(attribute.html, /<strong>answers-name<\/strong> on <code>&lt;pl-string-input&gt;<\/code>: string, required/, attribute.html);
    const onMistake = await rendered(text.indexOf('wieght') + 2);
    assert.ok(!onMistake.markdown.includes(diagnostic.message), 'the diagnostic is shown above the hover, not in it');
    await restore(doc, original);
  });

  test('Start Local Reference Server signs in to it', async () => {
    await vscode.commands.executeCommand('prairielearn.startLocalServer');
    const { auth } = await state();
    const session = await auth.session();
    assert.ok(session?.local, 'the session is the local server');
    assert.match(session.serverUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(session.local.courseInstanceIds.length > 0);
    // Signed in as soon as the server answers; the demo students' submissions follow in the background.
    await (await state()).local.demoSubmissions();
    const ci0 = session.local.courseInstanceIds[0];
    const [first] = await session.client.assessments(ci0);
    assert.ok((await session.client.assessmentInstances(ci0, first.assessment_id)).length > 0, 'the students have started its first assessment');
    // The workspace's course (its Fa26 is marked by the test), committed in its own git repository, is what
    // the server serves, not the bundled demo course.
    const { tree } = await state();
    const labels = (await tree.getChildren()).map((n) => n.label);
    assert.ok(labels.some((l) => l.endsWith('Fall 2026 (workspace copy)')), `the workspace's course instances: ${labels.join(', ')}`);
  });

  test("the tree's items equal the API's data", async () => {
    const { tree, auth } = await state();
    const session = (await auth.session())!;
    const roots = await tree.getChildren();
    assert.deepEqual(
      roots.map((n) => n.id),
      session.local!.courseInstanceIds.map((ci) => `${session.serverUrl}/ci/${ci}`),
    );
    const ci = session.local!.courseInstanceIds[0];
    const info = await session.client.courseInstance(ci);
    // One course: its instances are the top rows, led by their long names.
    assert.equal(roots[0].label, info.course_instance_long_name ?? info.course_instance_short_name);
    assert.equal(roots[0].courseId, info.course_instance_course_id);

    const assessments = await session.client.assessments(ci);
    const children = await tree.getChildren(roots[0]);
    const headings = [...new Set(assessments.map((a) => a.assessment_set_heading))];
    assert.deepEqual(children.map((n) => n.label), [...headings, 'Gradebook', 'Access rules']);
    const shown: string[] = [];
    for (const set of children.slice(0, headings.length)) shown.push(...(await tree.getChildren(set)).map((n) => n.label));
    assert.deepEqual(shown.sort(), assessments.map((a) => `${a.assessment_label} ${a.title}`).sort());
  });

  test('a branch that fails to load shows an error node that retries', async () => {
    const { tree, auth } = await state();
    const session = (await auth.session())!;
    // A course instance no one can see: PrairieLearn answers 403.
    const parent: NodeSpec = { id: `${session.serverUrl}/ci/999999/a/1`, label: 'x', contextValue: 'assessment', children: { kind: 'assessment', ci: '999999', a: '1' } };
    const [error] = await tree.getChildren(parent);
    assert.equal(error.contextValue, 'error');
    assert.match(error.label, /Access denied \(403\)/);
    assert.equal(tree.getTreeItem(error).command?.command, 'prairielearn.retry');
    assert.equal(await tree.getChildren(parent), await tree.getChildren(parent), 'cached until retried');
    const before = tree.getChildren(parent);
    await vscode.commands.executeCommand('prairielearn.retry', error);
    assert.notEqual(tree.getChildren(parent), before, 'Retry loads the branch again');
  });

  test('a submission opens as a read-only JSON document', async () => {
    const { tree, auth } = await state();
    const session = (await auth.session())!;
    const submission = await findNode(tree, (await tree.getChildren())[0], (n) => n.contextValue === 'submission');
    assert.ok(submission, 'the seeded data has a submission');
    await vscode.commands.executeCommand('prairielearn.open', submission);
    const editor = await until('the submission editor', () =>
      vscode.window.activeTextEditor?.document.uri.scheme === 'prairielearn' ? vscode.window.activeTextEditor : undefined,
    );
    const shown = JSON.parse(editor.document.getText());
    assert.equal(submission.open?.kind, 'record');
    const ref = submission.open.kind === 'record' ? submission.open.ref : undefined;
    assert.equal(ref?.kind, 'submission');
    const expected = await session.client.submission(ref.ci, ref.id);
    assert.deepEqual(shown, expected);
    assert.equal(editor.document.languageId, 'json');
  });

  test('Sync Course runs to Success and shows its output in a terminal', async () => {
    const { tree } = await state();
    const [ci] = await tree.getChildren();
    const job = await vscode.commands.executeCommand<SyncJob | undefined>('prairielearn.syncCourse', ci);
    assert.equal(job?.status, 'Success', job?.output ?? 'no job');
    assert.match(job.output ?? '', /Course sync successful/);
    assert.ok(vscode.window.terminals.some((t) => t.name.startsWith('Sync ')), 'a sync terminal is open');
  });

  test('a second Sync Course while one runs shows the running one', async () => {
    const { tree } = await state();
    const [ci] = await tree.getChildren();
    const terminals = vscode.window.terminals.length;
    const first = vscode.commands.executeCommand<SyncJob | undefined>('prairielearn.syncCourse', ci);
    const second = vscode.commands.executeCommand<SyncJob | undefined>('prairielearn.syncCourse', ci);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a?.status, 'Success');
    assert.equal(b, a, 'both commands follow the same job');
    assert.equal(vscode.window.terminals.length, terminals + 1, 'one new terminal, not two');
  });
});
