// The errors and warnings of the last sync of each course, in the Problems panel on the files they name
// (source "PrairieLearn sync"). They include what only PrairieLearn's sync checks (its database), so they
// may say more than the language server; each sync of a course replaces that course's last ones. A sync
// problem that the live check reports on the same file is shown once: the live one, with its range.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isCourseRelative, parseSyncProblems, pickCourseFolder, type CourseFolder, type SyncProblem } from './syncProblems';

export const SYNC_SOURCE = 'PrairieLearn sync';
/** The language server's diagnostics (server/apps/languageServer/lspDiagnostics.ts). */
const LIVE_SOURCE = 'PrairieLearn';

export interface SyncedCourse {
  serverUrl: string;
  courseId: string;
  /** infoCourse.json "name" of the course on the server, to find it in the workspace. */
  shortName?: string;
}

export class SyncDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(SYNC_SOURCE);
  /** Per synced course (server and course id), its last sync's problems by file URI. */
  private readonly byCourse = new Map<string, Map<string, vscode.Diagnostic[]>>();
  /** What the collection holds per file URI, to set it only when that changes (setting it fires onDidChangeDiagnostics). */
  private readonly shown = new Map<string, string>();
  private readonly liveChanges = vscode.languages.onDidChangeDiagnostics((e) => {
    for (const uri of e.uris) if (this.shown.has(uri.toString())) this.show(uri.toString());
  });

  /**
   * Shows the problems of a finished sync. Returns how many were shown, or undefined when the output
   * holds no per-file report or the course is not in the workspace (then the last ones stay).
   */
  async update(course: SyncedCourse, output: string | null): Promise<number | undefined> {
    const problems = parseSyncProblems(output);
    if (!problems) return undefined;
    const folder = pickCourseFolder(await courseFolders(), course.shortName);
    if (!folder) return undefined;
    const files = new Map<string, vscode.Diagnostic[]>();
    for (const p of problems) {
      if (!isCourseRelative(p.file)) continue;
      const key = vscode.Uri.file(path.join(folder.path, ...p.file.split('/'))).toString();
      files.set(key, [...(files.get(key) ?? []), diagnostic(p)]);
    }
    this.replace(keyOf(course), files);
    return problems.length;
  }

  /** Forgets what the syncs with a server showed. */
  clearServer(serverUrl: string): void {
    for (const key of [...this.byCourse.keys()]) if (key.startsWith(`${serverUrl} `)) this.replace(key, new Map());
  }

  private replace(courseKey: string, files: Map<string, vscode.Diagnostic[]>): void {
    const touched = new Set([...(this.byCourse.get(courseKey)?.keys() ?? []), ...files.keys()]);
    if (files.size) this.byCourse.set(courseKey, files);
    else this.byCourse.delete(courseKey);
    // A file may carry problems of more than one synced course (the same course on two servers).
    for (const uri of touched) this.show(uri);
  }

  private show(uri: string): void {
    const target = vscode.Uri.parse(uri);
    const live = new Set(vscode.languages.getDiagnostics(target).filter((d) => d.source === LIVE_SOURCE).map((d) => sameText(d.message)));
    const all = [...this.byCourse.values()].flatMap((f) => f.get(uri) ?? []);
    const shown = all.filter((d) => !live.has(sameText(d.message)));
    const key = shown.map((d) => `${d.severity} ${d.message}`).join('\n');
    if (all.length === 0) this.shown.delete(uri);
    else if (this.shown.get(uri) === key) return;
    else this.shown.set(uri, key);
    this.collection.set(target, shown.length ? shown : undefined);
  }

  dispose(): void {
    this.liveChanges.dispose();
    this.collection.dispose();
  }
}

/** Messages compared as the reader sees them: whitespace runs are one space. */
const sameText = (message: string) => message.replace(/\s+/g, ' ').trim();

const keyOf = (course: Pick<SyncedCourse, 'serverUrl' | 'courseId'>) => `${course.serverUrl} ${course.courseId}`;

function diagnostic(p: SyncProblem): vscode.Diagnostic {
  // The output names files, not places in them: the problem sits at the top of the file.
  const d = new vscode.Diagnostic(
    new vscode.Range(0, 0, 0, 0),
    p.message,
    p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  d.source = SYNC_SOURCE;
  return d;
}

/** Folders of the workspace that hold an infoCourse.json, with its "name". */
async function courseFolders(): Promise<CourseFolder[]> {
  const files = await vscode.workspace.findFiles('**/infoCourse.json', '**/node_modules/**', 50);
  return Promise.all(
    files
      .filter((uri) => uri.scheme === 'file')
      .map(async (uri) => {
        let name: string | undefined;
        try {
          const info = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8'));
          if (typeof info?.name === 'string') name = info.name;
        } catch {
          // A broken infoCourse.json: the folder is still a course, its name unknown.
        }
        return { path: path.dirname(uri.fsPath), name };
      }),
  );
}
