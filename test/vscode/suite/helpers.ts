// What the extension-host suites share: the extension's test state, the workspace and waiting for a condition.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Auth } from '../../../client/src/auth/auth';
import type { LocalServer } from '../../../client/src/localServer/localServer';
import type { CourseInstanceStore } from '../../../client/src/views/courseInstanceStore';
import type { CourseTreeProvider } from '../../../client/src/views/courseTree';
import type { NodeSpec } from '../../../client/src/views/treeModel';

export const EXTENSION_ID = 'prairielearn-tools.prairielearn-vscode';

export interface State {
  tree: CourseTreeProvider;
  auth: Auth;
  local: LocalServer;
  store: CourseInstanceStore;
  interceptOpenExternal(open: (uri: vscode.Uri) => Thenable<boolean>): void;
}

export function state(): Promise<State> {
  return vscode.commands.executeCommand<State>('prairielearn.test.state') as Promise<State>;
}

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with the course as workspace folder');
  return folder.uri;
}

export async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Depth-first through the tree from `node` to the first node `match` accepts (access rules and question lists skipped). */
export async function findNode(tree: CourseTreeProvider, node: NodeSpec, match: (n: NodeSpec) => boolean, depth = 0): Promise<NodeSpec | undefined> {
  if (match(node)) return node;
  if (!node.children || depth > 6 || node.contextValue === 'instanceQuestions' || node.contextValue.endsWith('AccessRules')) return undefined;
  for (const child of await tree.getChildren(node)) {
    const found = await findNode(tree, child, match, depth + 1);
    if (found) return found;
  }
  return undefined;
}
