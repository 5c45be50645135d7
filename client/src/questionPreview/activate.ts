// PrairieLearn: Preview Question, Preview Submission and Create Python Environment; previews re-render
// when a file they depend on is saved or the Python setting changes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { parseRecordQuery, recordUriParts, RECORD_SCHEME, type RecordRef } from '../views/records';
import type { NodeSpec } from '../views/treeModel';
import { NO_PYTHON_CODE, type PreviewState, type SubmissionRecord } from '../../../server/lib/protocol';
import { QuestionPreviewPanel, type PreviewDeps } from './previewPanel';
import { createPythonEnv } from './pythonEnv';
import { checkPythonEnvironment, requirementOptions } from './pythonEnvCommand';

/** The question folder holding `file`: the nearest folder with info.json below a `questions` folder. */
export function questionDirOf(file: string): string | undefined {
  for (let dir = fs.existsSync(file) && fs.statSync(file).isDirectory() ? file : path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'info.json')) && dir.split(path.sep).includes('questions')) return dir;
  }
  return undefined;
}

const pythonSetting = () => vscode.workspace.getConfiguration('prairielearn').get<string>('python')?.trim() || undefined;

/**
 * A tree row's API record, or an open record document's, read through the `prairielearn:` record
 * document the sidebar opens.
 */
async function recordOf(arg: NodeSpec | vscode.Uri): Promise<{ record: Record<string, unknown>; uri: vscode.Uri; ref: RecordRef } | undefined> {
  let uri: vscode.Uri;
  let ref: RecordRef;
  if (arg instanceof vscode.Uri) {
    const parsed = arg.scheme === RECORD_SCHEME ? parseRecordQuery(arg.query) : undefined;
    if (!parsed) return undefined;
    ({ ref } = parsed);
    uri = arg;
  } else {
    if (arg.open?.kind !== 'record') return undefined;
    ref = arg.open.ref;
    const at = arg.id.indexOf(`/ci/${ref.ci}/`);
    if (at < 0) return undefined;
    const { path: p, query } = recordUriParts(arg.id.slice(0, at), ref, arg.open.title);
    uri = vscode.Uri.from({ scheme: RECORD_SCHEME, path: p, query });
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  return { record: JSON.parse(doc.getText()) as Record<string, unknown>, uri, ref };
}

/** The workspace's folder of question `qid`, in any course of the workspace. */
async function workspaceQuestion(qid: string): Promise<string | undefined> {
  for (const course of await vscode.workspace.findFiles('**/infoCourse.json', '**/node_modules/**', 20)) {
    const dir = path.join(path.dirname(course.fsPath), 'questions', ...qid.split('/'));
    if (fs.existsSync(path.join(dir, 'info.json'))) return dir;
  }
  return undefined;
}

export function activateQuestionPreview(context: vscode.ExtensionContext, languageClient: () => Promise<LanguageClient | undefined> | undefined): void {
  const diagnostics = vscode.languages.createDiagnosticCollection('prairielearn-preview');
  const output = vscode.window.createOutputChannel('PrairieLearn Preview', { log: true });
  const panels = new Map<string, QuestionPreviewPanel>();
  const deps: PreviewDeps = {
    extensionUri: context.extensionUri,
    diagnostics,
    python: pythonSetting,
    log: (line) => output.warn(line),
    request: async (method, params) => {
      const client = await languageClient();
      if (!client) throw new Error('The PrairieLearn language server is not running, so questions cannot run.');
      return client.sendRequest(method, params);
    },
  };
  const reveal = (key: string): QuestionPreviewPanel | undefined => {
    const existing = panels.get(key);
    existing?.panel.reveal(undefined, true);
    return existing;
  };
  /** A new panel, showing `first` when it was rendered already, else a new variant. */
  const open = (key: string, make: () => QuestionPreviewPanel, first?: PreviewState): QuestionPreviewPanel => {
    const existing = reveal(key);
    if (existing) {
      // Opened meanwhile (two quick clicks): the extra rendering's session is not needed.
      if (first) void deps.request('prairielearn/preview/close', { session: first.session }).catch(() => undefined);
      return existing;
    }
    const panel = make();
    panels.set(key, panel);
    panel.onDidDispose(() => panels.delete(key));
    void (first ? panel.start(first) : panel.newVariant());
    return panel;
  };

  const previewQuestion = async (arg?: vscode.Uri | NodeSpec): Promise<QuestionPreviewPanel | undefined> => {
    let dir: string | undefined;
    if (arg instanceof vscode.Uri) dir = questionDirOf(arg.fsPath);
    else if (arg?.open?.kind === 'record') {
      const qid = (await recordOf(arg))?.record.question_name;
      if (typeof qid !== 'string') return void vscode.window.showErrorMessage('This row has no question id.');
      dir = await workspaceQuestion(qid);
      if (!dir) return void vscode.window.showErrorMessage(`Question ${qid} is not in this workspace's course.`);
    } else {
      const doc = vscode.window.activeTextEditor?.document;
      dir = doc?.uri.scheme === 'file' ? questionDirOf(doc.uri.fsPath) : undefined;
    }
    if (!dir) return void vscode.window.showErrorMessage('Open a file of a question (its question.html, info.json or server.py) to preview it.');
    return open(dir, () => new QuestionPreviewPanel(dir, deps));
  };

  /**
   * A submission (tree row or its JSON document) rendered in its question's own panels, when its
   * question is in the workspace and runs; otherwise its JSON, with the reason.
   */
  const previewSubmission = async (arg?: NodeSpec | vscode.Uri): Promise<QuestionPreviewPanel | undefined> => {
    let found: Awaited<ReturnType<typeof recordOf>>;
    try {
      found = arg && (await recordOf(arg));
    } catch (err) {
      return void vscode.window.showErrorMessage(`Could not open the submission: ${(err as Error).message}`);
    }
    if (found?.ref.kind !== 'submission') return void vscode.window.showErrorMessage('Pick a submission in the Course Instances view.');
    const { uri, ref } = found;
    const key = uri.toString();
    const existing = reveal(key);
    if (existing) return existing;
    const r = found.record;
    const asJson = async (reason: string, ...actions: string[]) => {
      await vscode.window.showTextDocument(uri, { preview: true });
      // Not awaited: the message stays until dismissed.
      void vscode.window.showWarningMessage(`Submission ${ref.id} shows as JSON: ${reason}`, ...actions).then((choice) => choice && vscode.commands.executeCommand('prairielearn.createPythonEnvironment'));
      return undefined;
    };
    const qid = r.question_name;
    const dir = typeof qid === 'string' ? await workspaceQuestion(qid) : undefined;
    if (!dir) return asJson(`its question ${String(qid)} is not in a course of this workspace.`);
    const submission = r as SubmissionRecord;
    let first: PreviewState;
    try {
      first = await deps.request('prairielearn/preview/renderSubmission', { questionDir: dir, python: deps.python(), submission });
    } catch (err) {
      const noPython = (err as { code?: number }).code === NO_PYTHON_CODE;
      return asJson(`${noPython ? 'no Python runs its question' : 'its question did not run'}. ${(err as Error).message}`, ...(noPython ? ['Create Python Environment'] : []));
    }
    const title = `Submission ${ref.id} (${String(r.user_uid ?? r.group_name ?? '')})`.replace(' ()', '');
    return open(key, () => new QuestionPreviewPanel(dir, deps, { title, rawJson: uri, record: submission }), first);
  };

  const createEnvironment = () =>
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'PrairieLearn: Python environment', cancellable: false }, async (progress) => {
      const result = await createPythonEnv({
        basePython: pythonSetting() ?? 'python3',
        envDir: path.join(context.globalStorageUri.fsPath, 'python-env'),
        ...requirementOptions(context.extensionPath),
        progress: (message) => progress.report({ message }),
      });
      if (!result.ok) {
        void vscode.window.showErrorMessage(result.message, { modal: false });
        return result;
      }
      await vscode.workspace.getConfiguration('prairielearn').update('python', result.python, vscode.ConfigurationTarget.Global);
      const missing = result.missing.length > 0 ? ` pip could not install ${result.missing.join(', ')}; questions that import ${result.missing.length === 1 ? 'it fail' : 'them fail'} until ${result.missing.length === 1 ? 'it is' : 'they are'} installed (PrairieLearn: Check Python Environment lists them).` : '';
      void vscode.window.showInformationMessage(`Questions now run with ${result.python}.${missing}`);
      return result;
    });

  context.subscriptions.push(
    diagnostics,
    output,
    vscode.commands.registerCommand('prairielearn.previewQuestion', previewQuestion),
    vscode.commands.registerCommand('prairielearn.previewSubmission', previewSubmission),
    vscode.commands.registerCommand('prairielearn.createPythonEnvironment', createEnvironment),
    vscode.commands.registerCommand('prairielearn.checkPythonEnvironment', () => checkPythonEnvironment(context.extensionPath, pythonSetting())),
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (doc.uri.scheme !== 'file') return;
      for (const panel of panels.values()) if (panel.concerns(doc.uri.fsPath)) void panel.refresh();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('prairielearn.python')) for (const panel of panels.values()) void panel.refresh();
    }),
    { dispose: () => [...panels.values()].forEach((p) => p.panel.dispose()) },
  );
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    context.subscriptions.push(vscode.commands.registerCommand('prairielearn.test.questionPreviews', () => [...panels.values()]));
  }
}
