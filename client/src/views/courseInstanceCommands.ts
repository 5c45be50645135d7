// Add Course Instance / Remove Course Instance: the per-server lists of courseInstanceStore.ts, and the
// one-time move of the old `prairielearn.courseInstances` setting into them.
import * as vscode from 'vscode';
import { parseCourseInstanceInput } from '../api/serverUrl';
import type { Auth } from '../auth/auth';
import type { CourseInstanceStore } from './courseInstanceStore';
import type { NodeSpec } from './treeModel';

const CONFIG = 'prairielearn';

/** Moves the old setting's entries into the store once; true when the tree has new rows to show. */
export async function migrateCourseInstanceSetting(store: CourseInstanceStore, auth: Auth, log: vscode.LogOutputChannel): Promise<boolean> {
  const entries = vscode.workspace.getConfiguration(CONFIG).get<unknown[]>('courseInstances');
  const result = await store.migrateSetting(entries, auth.configuredServerUrl());
  if (!result) return false;
  for (const [server, ids] of result.moved) log.info(`Moved course instances ${ids.join(', ')} for ${server} from the prairielearn.courseInstances setting into the extension's storage.`);
  if (result.invalid.length)
    void vscode.window.showWarningMessage(
      `Not moved from the prairielearn.courseInstances setting (not a course instance id or URL): ${result.invalid.map((e) => `"${e}"`).join(', ')}.`,
    );
  return result.moved.size > 0;
}

export async function addCourseInstance(auth: Auth, store: CourseInstanceStore, refresh: () => void): Promise<void> {
  const input = await vscode.window.showInputBox({
    title: 'Add Course Instance',
    prompt: 'Course instance id, or a PrairieLearn page URL of the course instance (…/course_instance/12345/…)',
    ignoreFocusOut: true,
    validateInput: (value) => (parseCourseInstanceInput(value) ? undefined : 'Enter a number or a URL containing /course_instance/<id>'),
  });
  const ref = input === undefined ? undefined : parseCourseInstanceInput(input);
  if (!ref) return;
  const current = auth.configuredServerUrl();
  const server = ref.serverUrl ?? current;
  if (server !== current) {
    const choice = await vscode.window.showWarningMessage(
      `That URL is on ${server}, but the PrairieLearn server setting is ${current}. The course instance is kept for ${server} and shows while you use that server.`,
      'Switch Server',
      'Add Anyway',
    );
    if (!choice) return;
    if (choice === 'Switch Server') await vscode.workspace.getConfiguration(CONFIG).update('serverUrl', server, vscode.ConfigurationTarget.Global);
  }
  if (!(await store.add(server, ref.id))) {
    void vscode.window.showInformationMessage(`Course instance ${ref.id} is already in the list for ${server}.`);
    return;
  }
  refresh();
  const session = await auth.session();
  if (session?.local)
    void vscode.window.showInformationMessage(
      `Added course instance ${ref.id} for ${server}. The view shows the local reference server's course instances until it stops.`,
    );
  else if (!session) {
    const choice = await vscode.window.showInformationMessage(`Added course instance ${ref.id}. Sign in to see it.`, 'Sign In');
    if (choice) await auth.signIn();
  }
}

export async function removeCourseInstance(node: NodeSpec, store: CourseInstanceStore, refresh: () => void): Promise<void> {
  // Course instance node ids are `<server URL>/ci/<id>` (treeModel.ts).
  const m = /^(.*)\/ci\/(\d+)$/.exec(node.id);
  if (m && (await store.remove(m[1], m[2]))) refresh();
}
