import * as nodePath from 'node:path';
import { FileChangeType, type Connection, type TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { INFO_FILE_NAME } from '../../lib/course';
import { isCourseFileName, isInfoFileName, type CourseState, type CourseWorkspace } from './courseWorkspace';
import type { DiagnosticsScheduler } from './diagnosticsScheduler';
import { uriToPath } from './documentContext';
import type { Safely } from './safely';
import type { WorkspaceFolders } from './workspaceFolders';

/** What the events of a course file change: its course, and the check they schedule. */
interface CourseEvents {
  workspace: CourseWorkspace;
  diagnostics: DiagnosticsScheduler;
  safely: Safely;
}

/** The editor's text of open course files: it overlays the disk from open to close. */
export function registerDocumentSync(documents: TextDocuments<TextDocument>, { workspace, diagnostics, safely }: CourseEvents, onClose: (uri: string) => void): void {
  documents.onDidOpen(({ document }) =>
    safely('document open', undefined, () => {
      const path = uriToPath(document.uri);
      if (!path || !isCourseFileName(path)) return;
      workspace.setText(path, document.getText());
      const state = workspace.courseOfFile(path);
      if (!state) return;
      // An info file the course does not know yet may be an entity the file watcher has not reported.
      if (!workspace.noteChanged(state, path) && isInfoFileName(path)) workspace.noteCreatedOrDeleted(state, path);
      diagnostics.schedule(state);
    }),
  );

  documents.onDidChangeContent(({ document }) =>
    safely('document change', undefined, () => {
      const path = uriToPath(document.uri);
      if (!path || !isCourseFileName(path)) return;
      workspace.setText(path, document.getText());
      const state = workspace.courseOf(path);
      if (state && workspace.noteChanged(state, path)) diagnostics.schedule(state);
    }),
  );

  documents.onDidClose(({ document }) =>
    safely('document close', undefined, () => {
      onClose(document.uri);
      const path = uriToPath(document.uri);
      // The disk takes over again.
      if (!path || !workspace.closeText(path)) return;
      const state = workspace.courseOf(path);
      if (!state) return;
      workspace.noteChanged(state, path);
      // Also when it is no entry: with workspace checking off, its diagnostics must go.
      diagnostics.schedule(state);
    }),
  );
}

/** The client's file watchers: files and folders created, changed or deleted on disk. */
export function registerFileWatching(connection: Connection, { workspace, diagnostics, safely }: CourseEvents, folders: WorkspaceFolders): void {
  connection.onDidChangeWatchedFiles(({ changes }) =>
    safely('file change', undefined, () => {
      const touched = new Set<CourseState>();
      for (const change of changes) {
        const path = uriToPath(change.uri);
        if (!path) continue;
        workspace.diskChanged(path);
        if (change.type === FileChangeType.Deleted) folders.dropCoursesWithin(path);
        if (change.type === FileChangeType.Created && nodePath.basename(path) === INFO_FILE_NAME.course) folders.courseInfoCreated(path);
        const state = workspace.courseOf(path);
        if (!state) continue;
        if (change.type !== FileChangeType.Changed) workspace.noteCreatedOrDeleted(state, path);
        // The editor's text of an open file wins over the disk.
        else if (!workspace.overlay.has(path)) workspace.noteChanged(state, path);
        // Other files matter too: rules look at the disk (a dependency file, for one).
        touched.add(state);
      }
      for (const state of touched) diagnostics.schedule(state);
    }),
  );
}
