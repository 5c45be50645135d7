// Everything of the PrairieLearn API in the editor: sign-in, the Course Instances tree, record documents,
// the gradebook, Open in PrairieLearn, Sync Course (with its problems in the Problems panel) and the local
// reference server. Activation only wires things up; nothing talks to a server until the view is shown or
// a command runs.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Auth } from './auth/auth';
import { LocalServer } from './localServer/localServer';
import { SyncDiagnostics } from './sync/syncDiagnostics';
import { SyncManager } from './sync/syncTerminal';
import { addCourseInstance, migrateCourseInstanceSetting, removeCourseInstance } from './views/courseInstanceCommands';
import { CourseInstanceStore } from './views/courseInstanceStore';
import { CourseTreeProvider } from './views/courseTree';
import { closeServerViews, openGradebook, openRecord, RecordDocuments } from './views/recordDocuments';
import { RECORD_SCHEME } from './views/records';
import type { NodeSpec } from './views/treeModel';
import type { SyncJob } from './api/types';

export function activateApiFeatures(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('PrairieLearn API', { log: true });
  const serverLog = vscode.window.createOutputChannel('PrairieLearn Reference Server');
  const auth = new Auth(context.secrets, log);
  // The list belongs with the course being worked on: the workspace's storage, or the global one without a folder.
  const store = new CourseInstanceStore(vscode.workspace.workspaceFolders?.length ? context.workspaceState : context.globalState);
  const tree = new CourseTreeProvider(auth, store, path.join(context.globalStorageUri.fsPath, 'icons'));
  const view = vscode.window.createTreeView('prairielearn.courseInstances', { treeDataProvider: tree, showCollapseAll: true });
  const local = new LocalServer(context, auth, serverLog);
  const syncProblems = new SyncDiagnostics();
  const syncs = new SyncManager(
    (target, job) => {
      if (job.status === 'Success') tree.refresh();
      void syncProblems.update({ serverUrl: target.serverUrl, courseId: target.courseId, shortName: target.courseShortName }, job.output);
    },
    (serverUrl) => void auth.unauthorized(serverUrl),
  );
  context.subscriptions.push(log, serverLog, auth, tree, view, local, syncs, syncProblems);
  const records = new RecordDocuments(auth);
  context.subscriptions.push(records, vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, records));
  context.subscriptions.push(
    auth.onDidChange(() => {
      // The tree says which course the local server serves (its toast says so too).
      view.description = local.served ? `local: ${local.served.replace(/^the (course )?/, '')}` : undefined;
      tree.refresh();
    }),
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('prairielearn.serverUrl')) tree.refresh();
    }),
  );
  // The local server answers before its demo submissions and their answers exist: show them as they land.
  context.subscriptions.push(
    local.onDidWriteDemoData((serverUrl) => {
      tree.reload();
      records.reload(serverUrl);
    }),
  );
  // What showed the local server's data goes with it.
  context.subscriptions.push(
    local.onDidStop((serverUrl) => {
      syncs.closeServer(serverUrl);
      syncProblems.clearServer(serverUrl);
      void closeServerViews(serverUrl);
    }),
  );
  void migrateCourseInstanceSetting(store, auth, log).then((moved) => moved && tree.refresh());
  let openExternal = (uri: vscode.Uri): Thenable<boolean> => vscode.env.openExternal(uri);

  const command = <Args extends unknown[]>(id: string, run: (...args: Args) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));
  command('prairielearn.signIn', () => auth.signIn());
  command('prairielearn.signOut', () => (local.running ? local.stop() : auth.signOut()));
  command('prairielearn.refresh', () => tree.refresh());
  command('prairielearn.retry', (node?: NodeSpec & { parent?: NodeSpec }) => tree.retry(node?.parent));
  command('prairielearn.open', async (node?: NodeSpec) => {
    const session = await auth.session();
    if (!node?.open || !session) return;
    if (node.open.kind === 'gradebook') return openGradebook(auth, node.open.ci, gradebookTitle(tree, node));
    return openRecord(session.serverUrl, node.open.ref, node.open.title);
  });
  command('prairielearn.openInPrairieLearn', async (node?: NodeSpec) => {
    if (!node?.webUrl) return undefined;
    await openExternal(vscode.Uri.parse(node.webUrl, true));
    return node.webUrl;
  });
  command('prairielearn.addCourseInstance', () => addCourseInstance(auth, store, () => tree.refresh()));
  command('prairielearn.removeCourseInstance', (node?: NodeSpec) => node && removeCourseInstance(node, store, () => tree.refresh()));
  command('prairielearn.syncCourse', (node?: NodeSpec) => syncCourse(auth, tree, syncs, node));
  command('prairielearn.startLocalServer', () => local.start());
  command('prairielearn.stopLocalServer', () => local.stop());
  command('prairielearn.showLocalServerLog', () => local.showLog());
  command('prairielearn.showApiLog', () => log.show());

  // The extension-host tests read the tree and the session through this, and see the URL Open in PrairieLearn
  // would open instead of a browser opening; it exists only in test runs.
  if (context.extensionMode === vscode.ExtensionMode.Test)
    command('prairielearn.test.state', () => ({
      tree,
      auth,
      local,
      store,
      interceptOpenExternal: (open: (uri: vscode.Uri) => Thenable<boolean>) => (openExternal = open),
    }));

  // Sets the signed-in context key for the welcome view; reads only the secret store.
  void auth.session();
}

function gradebookTitle(tree: CourseTreeProvider, node: NodeSpec): string {
  const ci = tree.courseInstances().find((n) => node.id.startsWith(n.id + '/'));
  return ci ? `Gradebook: ${[ci.courseName, ci.label].filter(Boolean).join(' ')}` : 'Gradebook';
}

async function syncCourse(auth: Auth, tree: CourseTreeProvider, syncs: SyncManager, node?: NodeSpec): Promise<SyncJob | undefined> {
  const session = await auth.session();
  if (!session) {
    const choice = await vscode.window.showWarningMessage('Sign in to PrairieLearn to sync a course.', 'Sign In');
    if (choice) await auth.signIn();
    return;
  }
  let courseId = node?.courseId;
  let courseName = node?.courseName;
  if (!courseId) {
    await tree.getChildren();
    const courses = new Map<string, string | undefined>();
    for (const ci of tree.courseInstances()) if (ci.courseId && !courses.has(ci.courseId)) courses.set(ci.courseId, ci.courseName);
    if (session.local?.courseId && !courses.has(session.local.courseId)) courses.set(session.local.courseId, undefined);
    if (courses.size === 0) {
      const choice = await vscode.window.showWarningMessage(
        'Sync needs to know the course: add one of its course instances first (the API has no list of courses).',
        'Add Course Instance',
      );
      if (choice) await vscode.commands.executeCommand('prairielearn.addCourseInstance');
      return;
    }
    if (courses.size === 1) [[courseId, courseName]] = [...courses];
    else {
      const pick = await vscode.window.showQuickPick(
        [...courses].map(([id, name]) => ({ label: name ?? `course ${id}`, description: `course ${id}`, id, name })),
        { title: 'Sync which course?' },
      );
      if (!pick) return;
      courseId = pick.id;
      courseName = pick.name;
    }
  }
  return syncs.sync({
    client: session.client,
    serverUrl: session.serverUrl,
    courseId: courseId!,
    courseName: courseName ?? `course ${courseId}`,
    courseShortName: courseName,
  });
}
