// One question's preview: a webview beside the editor, backed by a session of the language server's
// question runtime. It renders, submits, changes variants, re-renders when the question's files are
// saved (keeping typed answers when the variant stays the same), and reports server.py errors as
// diagnostics of its own.
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  courseRootOf, NO_PYTHON_CODE, type PreviewMethod, type PreviewRequests, type PreviewState, type RuntimeIssue,
} from '../../../server/lib/protocol';
import {
  checkPageMessage, fileInside, QUESTION_MESSAGES, SUBMISSION_MESSAGES, type PageMessage, type RawAnswers,
} from './pageMessages';
import { GeneratedFiles } from './generatedFiles';
import { dynamicPlfileUrls, rewritePlfileUrls, type PlfileRoots } from './plfileUrls';
import { messagePage, previewPage, type PageAssets } from './previewPage';

export type PreviewRequest = <M extends PreviewMethod>(method: M, params: PreviewRequests[M][0]) => Promise<PreviewRequests[M][1]>;

export interface PreviewDeps {
  request: PreviewRequest;
  extensionUri: vscode.Uri;
  diagnostics: vscode.DiagnosticCollection;
  /** The `prairielearn.python` setting, if any. */
  python: () => string | undefined;
  /** Where a refused page message is written (the preview's output channel). */
  log: (line: string) => void;
}

type Raw = RawAnswers;
export type { PageMessage };

export class QuestionPreviewPanel {
  readonly panel: vscode.WebviewPanel;
  state?: PreviewState;
  /** The page last shown (for tests and the screenshot). */
  html = '';
  private typed: Raw = {};
  private diagnosed = new Set<string>();
  private disposed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly onDidDisposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.onDidDisposeEmitter.event;
  /** Where the files the question makes are served from (by URL, not inlined). */
  private readonly generated = new GeneratedFiles();

  constructor(
    readonly questionDir: string,
    private readonly deps: PreviewDeps,
    /** Set for a submission from the server: read-only, with its raw JSON one click away. */
    private readonly submission?: { title: string; rawJson: vscode.Uri; record: PreviewRequests['prairielearn/preview/renderSubmission'][0]['submission'] },
  ) {
    const title = submission ? submission.title : `Preview ${path.basename(questionDir)}`;
    this.panel = vscode.window.createWebviewPanel('prairielearn.questionPreview', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      // A student's work has nothing to submit.
      enableForms: !submission,
      retainContextWhenHidden: true,
      localResourceRoots: [vscode.Uri.joinPath(deps.extensionUri, 'dist', 'katex'), vscode.Uri.joinPath(deps.extensionUri, 'dist', 'ace'), vscode.Uri.joinPath(deps.extensionUri, 'dist', 'viz'), vscode.Uri.joinPath(deps.extensionUri, 'dist', 'quill'), vscode.Uri.joinPath(deps.extensionUri, 'dist', 'excalidraw'), vscode.Uri.joinPath(deps.extensionUri, 'dist', 'fabric'), vscode.Uri.joinPath(deps.extensionUri, 'dist', 'jquery'), vscode.Uri.joinPath(deps.extensionUri, 'server', 'python', 'elements'), vscode.Uri.file(courseRootOf(questionDir) ?? questionDir), vscode.Uri.file(this.generated.dir)],
    });
    this.disposables.push(this.panel.webview.onDidReceiveMessage((m: unknown) => void this.handle(m)));
    this.panel.onDidDispose(() => this.dispose());
  }

  /**
   * What the page's buttons do (also what the extension-host tests call). The page asks, this decides:
   * a message this panel does not take, or a malformed one, is ignored and logged.
   */
  handle(message: unknown): Promise<unknown> {
    const checked = checkPageMessage(message, this.submission ? SUBMISSION_MESSAGES : QUESTION_MESSAGES);
    if (!checked.ok) {
      this.deps.log(`Ignored a message from the preview of ${this.questionDir}: ${checked.reason}`);
      return Promise.resolve();
    }
    const m = checked.message;
    switch (m.type) {
      case 'submit':
        return this.run(async () => this.show(await this.deps.request('prairielearn/preview/submit', { session: this.session(), raw: m.raw, action: m.action }), m.raw));
      case 'newVariant':
        return this.newVariant(m.seed);
      case 'typed':
        this.typed = m.raw;
        return Promise.resolve();
      case 'createPython':
        return this.createPython();
      case 'rawJson':
        return this.submission ? Promise.resolve(vscode.window.showTextDocument(this.submission.rawJson, { viewColumn: vscode.ViewColumn.Active })) : Promise.resolve();
      case 'openFile':
        return this.openFile(m.file, m.line);
    }
  }

  /** Only files of the question's course, the workspace or the runtime's own code (tracebacks name those). */
  private openFile(file: string, line: number): Promise<unknown> {
    const roots = [
      this.state?.courseRoot ?? courseRootOf(this.questionDir) ?? this.questionDir,
      ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
      vscode.Uri.joinPath(this.deps.extensionUri, 'server', 'python').fsPath,
    ];
    const inside = fileInside(file, roots);
    if (!inside) {
      this.deps.log(`Refused to open ${file} for the preview of ${this.questionDir}: it is not a file of the course or the workspace.`);
      return Promise.resolve();
    }
    const at = new vscode.Range(line - 1, 0, line - 1, 0);
    return Promise.resolve(vscode.window.showTextDocument(vscode.Uri.file(inside), { viewColumn: vscode.ViewColumn.One, selection: at }));
  }

  /** A page's button cannot make a virtual environment, install packages and change a setting by itself: the user says yes first. */
  private async createPython(): Promise<unknown> {
    const create = 'Create Environment';
    const choice = await vscode.window.showWarningMessage(
      'Create a Python environment for PrairieLearn questions?',
      { modal: true, detail: 'This makes a virtual environment in the extension\'s storage, installs numpy, sympy, lxml and the other packages questions use (from the network when the system has not got them), and sets prairielearn.python to it.' },
      create,
    );
    if (choice !== create) return undefined;
    return vscode.commands.executeCommand('prairielearn.createPythonEnvironment');
  }

  private session(): string {
    if (!this.state) throw new Error('no variant yet');
    return this.state.session;
  }

  /** One request at a time, in order; a failure shows in the page. */
  private run(work: () => Promise<void>): Promise<void> {
    // A request still running when the panel closes ends quietly: its webview is gone.
    const next = this.queue.then(() => (this.disposed ? undefined : work())).catch((err: unknown) => {
      if (!this.disposed) this.showError(err);
    });
    this.queue = next;
    return next;
  }

  newVariant(seed?: string): Promise<void> {
    return this.run(async () => {
      const old = this.state?.session;
      const state = this.submission
        ? await this.deps.request('prairielearn/preview/renderSubmission', { questionDir: this.questionDir, python: this.deps.python(), submission: this.submission.record })
        : await this.deps.request('prairielearn/preview/createVariant', { questionDir: this.questionDir, python: this.deps.python(), ...(seed ? { seed } : {}) });
      if (old) void this.deps.request('prairielearn/preview/close', { session: old }).catch(() => undefined);
      this.typed = {};
      await this.show(state);
    });
  }

  /** Shows a state rendered before the panel opened (a submission, rendered first to know it runs). */
  start(first: PreviewState): Promise<void> {
    return this.run(() => this.show(first));
  }

  /** The question's files changed: the same seed again, typed answers kept when the variant is the same. */
  refresh(): Promise<void> {
    if (!this.state) return this.newVariant();
    if (this.submission) return this.newVariant();
    return this.run(async () => {
      const state = await this.deps.request('prairielearn/preview/render', { session: this.session() });
      if (!state.sameVariant) this.typed = {};
      await this.show(state, this.typed);
    });
  }

  /** Whether a saved file can change what this preview shows. */
  concerns(file: string): boolean {
    const inside = (dir: string) => file === dir || file.startsWith(dir + path.sep);
    if (inside(this.questionDir)) return true;
    const root = this.state?.courseRoot;
    return !!root && ['elements', 'elementExtensions', 'serverFilesCourse'].some((d) => inside(path.join(root, d)));
  }

  private assets(): PageAssets {
    const katex = (f: string) => this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'katex', f)).toString();
    return {
      nonce: randomBytes(16).toString('base64'),
      cspSource: this.panel.webview.cspSource,
      katexCss: katex('katex.min.css'),
      katexJs: katex('katex.min.js'),
      katexAutoRender: katex('auto-render.min.js'),
      vizJs: this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'viz', 'viz-global.js')).toString(),
      aceBase: `${this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'ace')).toString()}/`,
      quillBase: `${this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'quill')).toString()}/`,
      excalidrawBase: `${this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'excalidraw')).toString()}/`,
      fabricBase: `${this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'fabric')).toString()}/`,
      jqueryJs: this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'jquery', 'jquery.min.js')).toString(),
    };
  }

  private async show(state: PreviewState, typed?: Raw): Promise<void> {
    if (typed) this.typed = typed;
    const roots: PlfileRoots = {
      courseRoot: state.courseRoot,
      questionDir: this.questionDir,
      coreElements: vscode.Uri.joinPath(this.deps.extensionUri, 'server', 'python', 'elements').fsPath,
    };
    const r = state.rendered;
    const all = [r.questionHtml, ...r.submissionHtmls, r.answerHtml ?? '', r.headHtml].join('\n');
    const local = (file: string) => this.panel.webview.asWebviewUri(vscode.Uri.file(file)).toString();
    const dynamic = new Map<string, string>();
    const made: { url: string; base64: string }[] = [];
    for (const url of dynamicPlfileUrls(all, roots)) {
      const file = await this.deps.request('prairielearn/preview/file', { session: state.session, url });
      if (file.base64 !== undefined) made.push({ url, base64: file.base64 });
    }
    if (!this.disposed) {
      this.generated.clear();
      for (const { url, base64 } of made) dynamic.set(url, local(this.generated.write(url, base64)));
    }
    const rewrite = (html: string) => rewritePlfileUrls(html, roots, local, dynamic);
    const panels = { question: rewrite(r.questionHtml), submissions: r.submissionHtmls.map(rewrite), answer: r.answerHtml === undefined ? undefined : rewrite(r.answerHtml), head: rewrite(r.headHtml) };
    if (this.disposed) {
      void this.deps.request('prairielearn/preview/close', { session: state.session }).catch(() => undefined);
      return;
    }
    this.html = previewPage({ state, panels, typed: this.typed, ...(this.submission ? { readOnly: { title: this.submission.title } } : {}) }, this.assets());
    this.panel.webview.html = this.html;
    this.diagnose(state.issues);
    // Last: whoever waits for a new state finds its page and diagnostics in place.
    this.state = state;
  }

  private showError(err: unknown): void {
    const python = (err as { code?: number }).code === NO_PYTHON_CODE;
    const message = err instanceof Error ? err.message : String(err);
    this.html = messagePage(python ? 'No Python to run this question' : 'The preview failed', message, this.assets(), python);
    this.panel.webview.html = this.html;
  }

  /** server.py (and element) errors on their lines; what this preview reported before and is fixed goes. */
  private diagnose(issues: RuntimeIssue[]): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const issue of issues) {
      if (!issue.file) continue;
      const line = Math.max(0, (issue.line ?? 1) - 1);
      const tail = issue.traceback?.trim().split('\n').pop();
      const d = new vscode.Diagnostic(
        new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER),
        tail && !issue.message.includes(tail) ? `${issue.message}\n${tail}` : issue.message,
        issue.fatal ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Information,
      );
      d.source = 'PrairieLearn preview';
      byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), d]);
    }
    for (const file of this.diagnosed) if (!byFile.has(file)) this.deps.diagnostics.delete(vscode.Uri.file(file));
    for (const [file, list] of byFile) this.deps.diagnostics.set(vscode.Uri.file(file), list);
    this.diagnosed = new Set(byFile.keys());
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.generated.dispose();
    for (const file of this.diagnosed) this.deps.diagnostics.delete(vscode.Uri.file(file));
    this.diagnosed.clear();
    if (this.state) void this.deps.request('prairielearn/preview/close', { session: this.state.session }).catch(() => undefined);
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDidDisposeEmitter.fire();
    this.onDidDisposeEmitter.dispose();
  }
}
