// Everything of the PrairieLearn API in the editor: sign-in, the Course Instances tree, record documents,
// the gradebook, Sync Course and the local reference server. Activation only wires things up; nothing
// talks to a server until the view is shown or a command runs.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseCourseInstanceInput } from './api/serverUrl';
import { Auth } from './auth/auth';
import { LocalServer } from './localServer/localServer';
import { SyncManager } from './sync/syncTerminal';
import { CourseTreeProvider } from './views/courseTree';
import { openGradebook, openRecord, RecordDocuments } from './views/recordDocuments';
import { RECORD_SCHEME } from './views/records';
import type { NodeSpec } from './views/treeModel';
import type { SyncJob } from './api/types';

export function activateCourseViews(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('PrairieLearn API', { log: true });
  const serverLog = vscode.window.createOutputChannel('PrairieLearn Reference Server');
  const auth = new Auth(context.secrets, log);
  const tree = new CourseTreeProvider(auth, path.join(context.globalStorageUri.fsPath, 'icons'));
  const view = vscode.window.createTreeView('prairielearn.courseInstances', { treeDataProvider: tree, showCollapseAll: true });
  const local = new LocalServer(context, auth, serverLog);
  const syncs = new SyncManager(
    (_target, status) => status === 'Success' && tree.refresh(),
    (serverUrl) => void auth.unauthorized(serverUrl),
  );
  context.subscriptions.push(log, serverLog, auth, tree, view, local, syncs);
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, new RecordDocuments(auth)));
  context.subscriptions.push(auth.onDidChange(() => tree.refresh()));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('prairielearn.courseInstances') || e.affectsConfiguration('prairielearn.serverUrl')) tree.refresh();
    }),
  );

  const command = (id: string, run: (...args: any[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));
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
  command('prairielearn.addCourseInstance', () => addCourseInstance(auth));
  command('prairielearn.removeCourseInstance', (node?: NodeSpec) => node && removeCourseInstance(node));
  command('prairielearn.syncCourse', (node?: NodeSpec) => syncCourse(auth, tree, syncs, node));
  command('prairielearn.startLocalServer', () => local.start());
  command('prairielearn.stopLocalServer', () => local.stop());
  command('prairielearn.showApiLog', () => log.show());

  // The extension-host tests read the tree and the session through this; it exists only in test runs.
  if (context.extensionMode === vscode.ExtensionMode.Test) command('prairielearn.test.state', () => ({ tree, auth, local }));

  // Sets the signed-in context key for the welcome view; reads only the secret store.
  void auth.session();
}

function gradebookTitle(tree: CourseTreeProvider, node: NodeSpec): string {
  const ci = tree.courseInstances().find((n) => node.id.startsWith(n.id + '/'));
  return ci ? `Gradebook: ${ci.label}` : 'Gradebook';
}

const CONFIG = 'prairielearn';

function courseInstancesTarget(): vscode.ConfigurationTarget {
  return vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
}

async function addCourseInstance(auth: Auth): Promise<void> {
  const input = await vscode.window.showInputBox({
    title: 'Add Course Instance',
    prompt: 'Course instance id, or a PrairieLearn page URL of the course instance (…/course_instance/12345/…)',
    ignoreFocusOut: true,
    validateInput: (value) => (parseCourseInstanceInput(value) ? undefined : 'Enter a number or a URL containing /course_instance/<id>'),
  });
  const ref = input === undefined ? undefined : parseCourseInstanceInput(input);
  if (!ref) return;
  const current = auth.configuredServerUrl();
  if (ref.serverUrl && ref.serverUrl !== current) {
    const choice = await vscode.window.showWarningMessage(
      `That URL is on ${ref.serverUrl}, but the PrairieLearn server setting is ${current}.`,
      'Switch Server',
      'Add Anyway',
    );
    if (!choice) return;
    if (choice === 'Switch Server') await vscode.workspace.getConfiguration(CONFIG).update('serverUrl', ref.serverUrl, vscode.ConfigurationTarget.Global);
  }
  const config = vscode.workspace.getConfiguration(CONFIG);
  const ids = (config.get<unknown[]>('courseInstances') ?? []).map(String);
  if (ids.some((entry) => parseCourseInstanceInput(entry)?.id === ref.id)) {
    void vscode.window.showInformationMessage(`Course instance ${ref.id} is already in the list.`);
    return;
  }
  await config.update('courseInstances', [...ids, ref.id], courseInstancesTarget());
  const session = await auth.session();
  if (session?.local)
    void vscode.window.showInformationMessage(
      `Added course instance ${ref.id} for ${current}. The view shows the local reference server's course instances until it stops.`,
    );
  if (!session) {
    const choice = await vscode.window.showInformationMessage(`Added course instance ${ref.id}. Sign in to see it.`, 'Sign In');
    if (choice) await auth.signIn();
  }
}

async function removeCourseInstance(node: NodeSpec): Promise<void> {
  const id = /\/ci\/(\d+)$/.exec(node.id)?.[1];
  if (!id) return;
  const config = vscode.workspace.getConfiguration(CONFIG);
  const inspect = config.inspect<unknown[]>('courseInstances');
  // Remove it wherever it is set, so it does not come back from another scope.
  for (const [value, target] of [
    [inspect?.workspaceValue, vscode.ConfigurationTarget.Workspace],
    [inspect?.globalValue, vscode.ConfigurationTarget.Global],
  ] as const) {
    if (!value) continue;
    const kept = value.map(String).filter((entry) => parseCourseInstanceInput(entry)?.id !== id);
    if (kept.length !== value.length) await config.update('courseInstances', kept, target);
  }
}

async function syncCourse(auth: Auth, tree: CourseTreeProvider, syncs: SyncManager, node?: NodeSpec): Promise<SyncJob | undefined> {
  const session = await auth.session();
  if (!session) {
    const choice = await vscode.window.showWarningMessage('Sign in to PrairieLearn to sync a course.', 'Sign In');
    if (choice) await auth.signIn();
    return;
  }
  let courseId = node?.courseId;
  let courseName = node ? courseLabel(node) : undefined;
  if (!courseId) {
    await tree.getChildren();
    const courses = new Map<string, string>();
    for (const ci of tree.courseInstances()) if (ci.courseId && !courses.has(ci.courseId)) courses.set(ci.courseId, courseLabel(ci));
    if (session.local?.courseId && !courses.has(session.local.courseId)) courses.set(session.local.courseId, `course ${session.local.courseId}`);
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
        [...courses].map(([id, name]) => ({ label: name, description: `course ${id}`, id })),
        { title: 'Sync which course?' },
      );
      if (!pick) return;
      courseId = pick.id;
      courseName = pick.label;
    }
  }
  return syncs.sync({ client: session.client, serverUrl: session.serverUrl, courseId: courseId!, courseName: courseName ?? `course ${courseId}` });
}

/** "CS 225" from a course instance node labelled "CS 225: Fall 2026". */
function courseLabel(node: NodeSpec): string {
  return node.label.split(':')[0];
}
