// Inside a real VS Code, against the local reference server serving the workspace's course: the rows'
// labels, Open in PrairieLearn's addresses, a sync's errors in the Problems panel, and stopping the server
// closing what showed its data.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { SyncJob } from '../../../client/src/api/types';
import type { NodeSpec } from '../../../client/src/views/treeModel';
import { EXTENSION_ID, findNode, state, until, workspaceRoot } from './helpers';

const SYNC_SOURCE = 'PrairieLearn sync';

/** Commits the workspace course as it is now: the local server's sync takes the course from git. */
function commitWorkspace(message: string): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com' };
  const cwd = workspaceRoot().fsPath;
  execFileSync('git', ['add', '-A'], { cwd, env });
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', message], { cwd, env });
}

async function rootInstance(): Promise<NodeSpec> {
  const { tree } = await state();
  const [root] = await tree.getChildren();
  assert.equal(root?.contextValue, 'courseInstance', 'one course: its instances are the top rows');
  return root;
}

suite('Sidebar: labels, Open in PrairieLearn, sync problems', () => {
  suiteSetup(async () => {
    await until('activation', () => vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    // Still running after the suite before; started here when this suite runs alone.
    if (!(await state()).local.running) await vscode.commands.executeCommand('prairielearn.startLocalServer');
    // The server answers first; its demo students' submissions follow in the background.
    await (await state()).local.demoSubmissions();
    const session = await (await state()).auth.session();
    assert.ok(session?.local, 'signed in to the local server');
  });

  test("a course instance row shows the instance's long name, its short name beside it and the course in its tooltip", async () => {
    const { tree, auth } = await state();
    const session = (await auth.session())!;
    const root = await rootInstance();
    const info = await session.client.courseInstance(session.local!.courseInstanceIds[0]);
    const item = tree.getTreeItem(root);
    assert.equal(item.label, info.course_instance_long_name);
    assert.ok(String(item.label).endsWith('(workspace copy)'), "the workspace's own course instance");
    assert.equal(item.description, info.course_instance_short_name);
    assert.match(String(item.tooltip), new RegExp(`^${info.course_short_name}: ${info.course_title}\\n`));
  });

  test('an assessment instance row expands on click; its record opens from its button and context menu', async () => {
    const { tree } = await state();
    const ai = await findNode(tree, await rootInstance(), (n) => n.contextValue === 'assessmentInstance');
    assert.ok(ai, 'the seeded data has an assessment instance');
    const item = tree.getTreeItem(ai);
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal(item.command, undefined, 'a click expands it rather than opening its record');
    const menus = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.menus['view/item/context'] as Array<{ command: string; when: string; group?: string }>;
    const open = menus.filter((m) => m.command === 'prairielearn.open' && m.when.includes('viewItem == assessmentInstance'));
    assert.deepEqual(open.map((m) => m.group?.split('@')[0]).sort(), ['0_open', 'inline']);
    assert.deepEqual((await tree.getChildren(ai)).map((n) => n.label), ['Questions', 'Submissions', 'Event log']);
  });

  test("Open in PrairieLearn opens the row's page on the server, as PrairieLearn's web interface lays it out", async () => {
    const { tree, auth, interceptOpenExternal } = await state();
    const session = (await auth.session())!;
    const opened: vscode.Uri[] = [];
    interceptOpenExternal(async (uri) => (opened.push(uri), true));
    const root = await rootInstance();
    const ci = session.local!.courseInstanceIds[0];
    const gradebook = (await tree.getChildren(root)).find((n) => n.contextValue === 'gradebook')!;
    const ai = (await findNode(tree, root, (n) => n.contextValue === 'assessmentInstance'))!;
    const expected = [
      [root, `${session.serverUrl}/pl/course_instance/${ci}/instructor/instance_admin/assessments`],
      [gradebook, `${session.serverUrl}/pl/course_instance/${ci}/instructor/instance_admin/gradebook`],
      [ai, `${session.serverUrl}/pl/course_instance/${ci}/instructor/assessment_instance/${ai.id.split('/').pop()}`],
    ] as const;
    for (const [node, url] of expected) assert.equal(await vscode.commands.executeCommand('prairielearn.openInPrairieLearn', node), url, node.label);
    assert.deepEqual(opened.map((u) => u.toString(true)), expected.map(([, url]) => url));
    // The menu entry is offered on these rows (and not from the palette, where there is no row).
    const menus = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.menus;
    const entry = (menus['view/item/context'] as Array<{ command: string; when: string }>).find((m) => m.command === 'prairielearn.openInPrairieLearn')!;
    const pattern = new RegExp(/viewItem =~ \/(.*)\/$/.exec(entry.when)![1]);
    for (const [node] of expected) assert.ok(pattern.test(node.contextValue), node.contextValue);
    assert.ok(!pattern.test('assessmentSet') && !pattern.test('message') && !pattern.test('error'));
  });

  test("a sync's errors show in the Problems panel on the files they name, once, and the next sync replaces them", async () => {
    const [info] = await vscode.workspace.findFiles(new vscode.RelativePattern(workspaceRoot(), 'questions/**/info.json'), undefined, 1);
    assert.ok(info, 'the course has a question');
    const original = fs.readFileSync(info.fsPath, 'utf8');
    const { title: _title, ...untitled } = JSON.parse(original);
    fs.writeFileSync(info.fsPath, JSON.stringify(untitled, null, 2) + '\n');
    commitWorkspace('a question without its title');
    const fromSync = () => vscode.languages.getDiagnostics(info).filter((d) => d.source === SYNC_SOURCE);
    const live = () => vscode.languages.getDiagnostics(info).filter((d) => d.source === 'PrairieLearn' && /"title"/.test(d.message));
    try {
      const job = await vscode.commands.executeCommand<SyncJob | undefined>('prairielearn.syncCourse', await rootInstance());
      assert.equal(job?.status, 'Error', job?.output ?? 'no job');
      assert.match(job?.output ?? '', /"title"/);
      // The live check reports the same problem with its range: it is shown once, as the live one.
      await until('the live check on the question', () => live().length > 0);
      await until('no second entry from the sync', () => fromSync().length === 0);
      // Fixed in the editor but not committed: the sync's problem (on what it synced) is now the only one.
      fs.writeFileSync(info.fsPath, original);
      const [problem] = await until('the sync error on the question', () => (live().length === 0 && fromSync().length ? fromSync() : undefined));
      assert.equal(problem.severity, vscode.DiagnosticSeverity.Error);
      assert.match(problem.message, /"title"/);
      assert.equal(fromSync().length, 1);
    } finally {
      fs.writeFileSync(info.fsPath, original);
      commitWorkspace('the title back');
    }
    const job = await vscode.commands.executeCommand<SyncJob | undefined>('prairielearn.syncCourse', await rootInstance());
    assert.equal(job?.status, 'Success', job?.output ?? 'no job');
    await until('the sync error to go with the next sync', () => fromSync().length === 0);
  });

  test('stopping the local server closes its gradebook, sync terminals and records', async () => {
    const { tree } = await state();
    const root = await rootInstance();
    const gradebook = (await tree.getChildren(root)).find((n) => n.contextValue === 'gradebook')!;
    await vscode.commands.executeCommand('prairielearn.open', gradebook);
    const log = (await findNode(tree, root, (n) => n.contextValue === 'log'))!;
    await vscode.commands.executeCommand('prairielearn.open', log);
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const gradebooks = () => tabs().filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('prairielearn.gradebook'));
    const records = () => tabs().filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'prairielearn');
    const syncTerminals = () => vscode.window.terminals.filter((t) => t.name.startsWith('Sync '));
    await until('the gradebook and the log open', () => gradebooks().length > 0 && records().length > 0);
    assert.ok(syncTerminals().length > 0, 'the sync terminals of the test before are open');

    await vscode.commands.executeCommand('prairielearn.stopLocalServer');
    await until('the gradebook, the record and the sync terminals to close', () => !gradebooks().length && !records().length && !syncTerminals().length, 15_000);
  });
});
