// The "Course Instances" tree: NodeSpecs (treeModel.ts) loaded lazily per node, cached until Refresh,
// with error nodes that retry, and every load of one refresh cancelled by the next.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isApiError } from '../api/errors';
import type { Auth, Session } from '../auth/auth';
import type { CourseInstanceStore } from './courseInstanceStore';
import { rootNodes, type LoadedCourseInstance } from './rootNodes';
import { assessmentSetBadgeSvg } from './assessmentSetColors';
import { loadChildren, type NodeSpec } from './treeModel';

const ROOT = '';

export class CourseTreeProvider implements vscode.TreeDataProvider<NodeSpec>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<NodeSpec | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly cache = new Map<string, Promise<NodeSpec[]>>();
  private controller = new AbortController();
  /** Course instance nodes as last shown (also those under course headings), for Sync Course from the palette. */
  private instances: NodeSpec[] = [];

  constructor(
    private readonly auth: Auth,
    private readonly store: CourseInstanceStore,
    private readonly iconDir: string,
  ) {}

  /** Forgets everything loaded and cancels loads in progress; expansion is kept (ids are stable). */
  refresh(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.cache.clear();
    this.changed.fire(undefined);
  }

  /**
   * Shows the server's newer data: every branch loads again when next shown. Unlike refresh(), loads
   * under way finish for whoever awaits them (the server wrote more data; it did not change course).
   */
  reload(): void {
    this.cache.clear();
    this.changed.fire(undefined);
  }

  /** Loads a node's children again (the Retry of an error node passes its parent). */
  retry(parent: NodeSpec | undefined): void {
    if (!parent) return this.refresh();
    for (const key of [...this.cache.keys()]) if (key === parent.id || key.startsWith(parent.id + '/')) this.cache.delete(key);
    this.changed.fire(parent);
  }

  courseInstances(): NodeSpec[] {
    return this.instances;
  }

  getTreeItem(node: NodeSpec): vscode.TreeItem {
    const { Collapsed, Expanded, None } = vscode.TreeItemCollapsibleState;
    const item = new vscode.TreeItem(node.label, node.children ? (node.expanded ? Expanded : Collapsed) : None);
    item.id = node.id;
    item.description = node.description;
    item.tooltip = node.tooltip;
    item.contextValue = node.contextValue;
    item.iconPath = this.icon(node);
    // A row that both expands and opens a record (an assessment instance) expands on click; its record
    // opens from its inline button or context menu.
    // A submission opens rendered in its question's panels when it can (else as JSON, saying why).
    if (node.open?.kind === 'record' && node.open.ref.kind === 'submission') item.command = { command: 'prairielearn.previewSubmission', title: 'Preview Submission', arguments: [node] };
    else if (node.open && !node.children) item.command = { command: 'prairielearn.open', title: 'Open', arguments: [node] };
    else if (node.contextValue === 'error') item.command = { command: 'prairielearn.retry', title: 'Retry', arguments: [node] };
    else if (node.contextValue === 'error.unauthorized') item.command = { command: 'prairielearn.signIn', title: 'Sign In' };
    return item;
  }

  getChildren(node?: NodeSpec): Promise<NodeSpec[]> {
    const key = node?.id ?? ROOT;
    let children = this.cache.get(key);
    if (!children) {
      const signal = this.controller.signal;
      children = (node ? this.load(node, signal) : this.loadRoots(signal)).catch(async (err) => {
        if (signal.aborted) return [];
        if (isApiError(err, 'unauthorized')) {
          const session = await this.auth.session();
          if (session) void this.auth.unauthorized(session.serverUrl);
        }
        return [this.errorNode(node, err)];
      });
      this.cache.set(key, children);
    }
    return children;
  }

  getParent(node: NodeSpec): NodeSpec | undefined {
    return (node as { parent?: NodeSpec }).parent;
  }

  private async load(node: NodeSpec, signal: AbortSignal): Promise<NodeSpec[]> {
    if (!node.children) return [];
    const session = await this.auth.session();
    if (!session) return [];
    return withParent(node, await loadChildren(session.client, session.serverUrl, node.children, { signal }));
  }

  private async loadRoots(signal: AbortSignal): Promise<NodeSpec[]> {
    const session = await this.auth.session();
    this.instances = [];
    if (!session) return this.state({ empty: false, offline: false });
    const ids = this.courseInstanceIds(session);
    if (ids.length === 0) return this.state({ empty: true, offline: false });
    const loaded = await Promise.all(
      ids.map(async (ci): Promise<LoadedCourseInstance & { err?: unknown }> => {
        try {
          return { ci, info: await session.client.courseInstance(ci, { signal }) };
        } catch (err) {
          if (signal.aborted) throw err;
          if (isApiError(err, 'unauthorized')) void this.auth.unauthorized(session.serverUrl);
          return { ci, problem: (err as Error).message, err };
        }
      }),
    );
    // Nothing reachable at all: the welcome view says so instead of a column of identical errors.
    const offline = loaded.every((r) => r.err && isApiError(r.err) && (r.err.kind === 'unreachable' || r.err.kind === 'timeout'));
    const roots = rootNodes(session.serverUrl, loaded);
    this.instances = roots.flatMap((n) => (n.contextValue === 'course' && n.children?.kind === 'known' ? n.children.nodes : [n]));
    return this.state({ empty: false, offline }, offline ? [] : roots);
  }

  private async state(flags: { empty: boolean; offline: boolean }, nodes: NodeSpec[] = []): Promise<NodeSpec[]> {
    await vscode.commands.executeCommand('setContext', 'prairielearn.noCourseInstances', flags.empty);
    await vscode.commands.executeCommand('setContext', 'prairielearn.offline', flags.offline);
    return nodes;
  }

  private courseInstanceIds(session: Session): string[] {
    return session.local ? session.local.courseInstanceIds : this.store.ids(session.serverUrl);
  }

  private errorNode(parent: NodeSpec | undefined, err: unknown): NodeSpec {
    const text = err instanceof Error ? err.message : String(err);
    const unauthorized = isApiError(err, 'unauthorized');
    return {
      id: `${parent?.id ?? 'root'}/error`,
      label: unauthorized ? 'Sign in again: the server did not accept your token' : text,
      description: unauthorized ? undefined : 'click to retry',
      tooltip: text,
      icon: 'error',
      iconColor: 'errorForeground',
      contextValue: unauthorized ? 'error.unauthorized' : 'error',
      ...(parent ? { parent } : {}),
    } as NodeSpec;
  }

  private icon(node: NodeSpec): vscode.TreeItem['iconPath'] {
    if (node.badgeColor) {
      const file = path.join(this.iconDir, `set-${node.badgeColor.slice(1)}.svg`);
      try {
        if (!fs.existsSync(file)) {
          fs.mkdirSync(this.iconDir, { recursive: true });
          fs.writeFileSync(file, assessmentSetBadgeSvg(node.badgeColor));
        }
        return vscode.Uri.file(file);
      } catch {
        // Unwritable storage: fall back to the plain icon.
      }
    }
    if (!node.icon) return undefined;
    return new vscode.ThemeIcon(node.icon, node.iconColor ? new vscode.ThemeColor(node.iconColor) : undefined);
  }

  dispose(): void {
    this.controller.abort();
    this.changed.dispose();
  }
}

/** Children remember their parent so an error node's Retry reloads the right branch. */
function withParent(parent: NodeSpec, nodes: NodeSpec[]): NodeSpec[] {
  return nodes.map((n) => Object.assign(n, { parent }));
}
