import type { Connection, InitializeParams, WorkspaceFolder } from 'vscode-languageserver';
import { isWithin, type CourseWorkspace, uriToPath } from './courseWorkspace';
import type { DiagnosticsScheduler } from './diagnosticsScheduler';
import type { Safely } from './documentContext';

/** The editor's workspace folders, and the courses found in them as folders come and go. */
export class WorkspaceFolders {
  private readonly folders = new Set<string>();

  constructor(
    private readonly workspace: CourseWorkspace,
    private readonly diagnostics: DiagnosticsScheduler,
    private readonly safely: Safely,
    /** Called after courses were removed, so that the course status drops them. */
    private readonly onCoursesRemoved: () => void,
  ) {}

  /** At initialize: the folders the client opened with (or its root). */
  initialize(params: InitializeParams): void {
    const given: WorkspaceFolder[] = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
    for (const f of given) {
      const path = uriToPath(f.uri);
      if (path) this.folders.add(path);
    }
  }

  /** At initialized: loads the courses of every folder, and follows folder changes when the client reports them. */
  start(connection: Connection, hearsFolderChanges: boolean): void {
    for (const folder of this.folders) this.safely(`loading ${folder}`, undefined, () => this.load(folder));
    if (!hearsFolderChanges) return;
    connection.workspace.onDidChangeWorkspaceFolders((event) =>
      this.safely('workspace folders', undefined, () => {
        for (const path of event.removed.map((f) => uriToPath(f.uri))) {
          if (!path) continue;
          this.folders.delete(path);
          this.dropCoursesWithin(path);
        }
        for (const path of event.added.map((f) => uriToPath(f.uri))) {
          if (!path) continue;
          this.folders.add(path);
          this.load(path);
        }
      }),
    );
  }

  /** An infoCourse.json appeared at `path`: loads the new course of the folders holding it. */
  courseInfoCreated(path: string): void {
    for (const folder of this.folders) if (isWithin(path, folder)) this.load(folder);
  }

  /** Forgets the courses deleted with `path` (or under a removed workspace folder) and clears their diagnostics. */
  dropCoursesWithin(path: string): void {
    for (const state of this.workspace.removeCoursesWithin(path)) this.diagnostics.forget(state);
    this.onCoursesRemoved();
  }

  /** Loads the courses under `folder` not loaded yet and schedules their first check. */
  private load(folder: string): void {
    for (const state of this.workspace.addFolder(folder)) this.diagnostics.schedule(state);
  }
}
