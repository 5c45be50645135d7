// "Start Local Reference Server": runs dist/referenceServer.js (embedded database) as a child process,
// seeded with the workspace's course (its git repository, or the folder itself when it is not one; the
// demo course only when no course is open), and signs in to it. Stopped with the extension.
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Auth } from '../auth/auth';
import type { ReferenceServerReady } from '../../../server/lib/protocol';
import { readyMessage, samplesMessage } from './readyMessage';
import { servedCourse, type ServedCourse } from './servedCourse';

const READY_TIMEOUT_MS = 120_000;

/** A ready server with a token to sign in with. */
type SignInInfo = ReferenceServerReady & { token: string };

export class LocalServer implements vscode.Disposable {
  private child?: ChildProcess;
  private starting?: Promise<SignInInfo>;
  /** The URL of the running server, once it announced it. */
  private serverUrl?: string;
  /** What the running (or starting) server serves. */
  private course?: ServedCourse;
  private readonly status = vscode.window.createStatusBarItem('prairielearn.localServer', vscode.StatusBarAlignment.Left, 0);
  private readonly stoppedEmitter = new vscode.EventEmitter<string>();
  /** Fires with the server URL when a server that was up stops (asked to, or by exiting). */
  readonly onDidStop = this.stoppedEmitter.event;
  private readonly demoDataEmitter = new vscode.EventEmitter<string>();
  /** Fires with the server URL when it has written more demo data after it answered (submissions, then their answers). */
  readonly onDidWriteDemoData = this.demoDataEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly auth: Auth,
    private readonly output: vscode.OutputChannel,
  ) {}

  get running(): boolean {
    return !!this.child;
  }

  /** What the running server serves, for the tree's description; undefined when none runs. */
  get served(): string | undefined {
    return this.serverUrl && this.course ? this.course.label : undefined;
  }

  /** Starts a server for the first course among `folders` (by default the workspace's folders). */
  async start(folders?: string[]): Promise<void> {
    if (this.child) {
      void vscode.window.showInformationMessage('The local PrairieLearn reference server is already running.');
      return;
    }
    this.starting ??= Promise.resolve(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Starting the local PrairieLearn reference server…' },
        () => this.spawn(folders),
      ),
    );
    try {
      const info = await this.starting;
      this.serverUrl = info.serverUrl;
      this.auth.useLocal(info.serverUrl, info.token, info.courseId, info.courseInstances.map((ci) => ci.id));
      await vscode.commands.executeCommand('setContext', 'prairielearn.localServerRunning', true);
      this.showStatus();
      void vscode.window.showInformationMessage(`Local PrairieLearn reference server running at ${info.serverUrl}, serving ${this.course!.label}, and signed in.${this.course!.why ? ` ${this.course!.why}` : ''}`);
    } catch (err) {
      this.stop();
      void vscode.window.showErrorMessage(`The reference server did not start: ${(err as Error).message}`, 'Show Log').then((c) => c && this.output.show());
    } finally {
      this.starting = undefined;
    }
  }

  /** The running server has written its demo students' submissions (it answers before that). */
  private readonly submissions = new Milestone();
  /** The running server has put the sample answers in its demo submissions (or given up on some). */
  private readonly answers = new Milestone();

  /** Resolves once the running server has written its demo students' submissions (it answers before that). */
  demoSubmissions(): Promise<void> {
    return this.submissions.reached();
  }

  /** Resolves once the running server has put the sample answers in its demo submissions (or given up on some). */
  sampleAnswers(): Promise<void> {
    return this.answers.reached();
  }

  /** Whether the running server has written its demo students' submissions yet. */
  get demoSubmissionsWritten(): boolean {
    return this.submissions.isReached;
  }

  private spawn(folders?: string[]): Promise<SignInInfo> {
    this.submissions.reset();
    this.answers.reset();
    const script = this.context.asAbsolutePath(path.join('dist', 'referenceServer.js'));
    if (!fs.existsSync(script)) throw new Error(`${script} is missing; build the extension first (npm run build).`);
    const course = servedCourse(folders ?? (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath));
    this.course = course;
    const storage = this.context.globalStorageUri.fsPath;
    // One data folder per course (and way of serving it), so each keeps its database and synthetic students across restarts.
    const dataDir = path.join(storage, 'reference-server', course.dir ? createHash('sha256').update(`${course.kind}:${course.dir}`).digest('hex').slice(0, 12) : 'demo');
    fs.mkdirSync(dataDir, { recursive: true });
    const args = ['--port', '0', '--data-dir', dataDir, ...course.args];
    this.output.appendLine(`Starting ${script} ${args.join(' ')}`);
    this.output.appendLine(`Serving ${course.label}.${course.why ? ` ${course.why}` : ''}`);
    // fork() runs the script with VS Code's own Node (ELECTRON_RUN_AS_NODE), so no separate node is needed.
    const child = fork(script, args, { silent: true, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, execArgv: [] });
    this.child = child;
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      // The server says it is ready in one message over the IPC channel of the fork.
      child.on('message', (message) => {
        const samples = samplesMessage(message);
        // Views refresh before anyone waiting on the data is told it is there.
        const submissionsNow = !!samples && !this.submissions.isReached && (samples.stage !== 'submissions' || samples.finished);
        const answersNow = !!samples && !this.answers.isReached && !samples.stage && samples.finished;
        if ((submissionsNow || answersNow) && this.serverUrl) this.demoDataEmitter.fire(this.serverUrl);
        if (submissionsNow) this.submissions.reach();
        if (answersNow) this.answers.reach();
        if (samples) return this.showStatus(samples);
        const ready = readyMessage(message);
        if (!ready) return;
        clearTimeout(timeout);
        if (ready.token === null) reject(new Error('its demo tokens have been revoked, so there is no token to sign in with'));
        else resolve({ ...ready, token: ready.token });
      });
      let pending = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        // Echo whole lines only, so the token line (a credential) can be masked even when split across chunks.
        pending += chunk;
        const end = pending.lastIndexOf('\n') + 1;
        this.output.append(pending.slice(0, end).replace(/^token: .*$/gm, 'token: (hidden)'));
        pending = pending.slice(end);
      });
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => this.output.append(chunk));
      child.on('error', (err) => {
        clearTimeout(timeout);
        reject(err);
      });
      child.on('exit', (code, signal) => {
        this.output.appendLine(`Reference server exited (${signal ?? `code ${code}`}).`);
        const wasCurrent = this.child === child;
        if (wasCurrent) this.child = undefined;
        clearTimeout(timeout);
        reject(new Error(`it exited (${signal ?? `code ${code}`}); see the "PrairieLearn Reference Server" output`));
        if (wasCurrent) this.stopped();
      });
    });
  }

  stop(): void {
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGTERM');
    this.stopped();
  }

  /** The status item while a server runs: what it serves, and the sample answers it is still making. */
  private showStatus(samples?: { stage?: 'submissions'; done: number; total: number; finished: boolean; without: number; problem?: string }): void {
    if (!this.child || !this.course) return;
    const making = samples && !samples.finished;
    const what = samples?.stage === 'submissions' ? 'demo submissions' : 'sample answers';
    this.status.text = making ? `$(sync~spin) PL local: ${what} ${samples.done}/${samples.total}` : '$(server-process) PL local';
    const tooltip = [`Local PrairieLearn reference server at ${this.serverUrl ?? '…'}, serving ${this.course.label}.`];
    if (making && samples.stage === 'submissions') tooltip.push("It answers already; the demo students' submissions are written assessment by assessment, then given sample answers.");
    else if (making) tooltip.push('It answers already; the seeded submissions get their answers question by question.');
    if (samples?.finished && samples.without > 0) tooltip.push(`${samples.without} of ${samples.total} questions have no sample answers (see the log).`);
    if (samples?.problem) tooltip.push(`The seeded submissions have no answers: ${samples.problem}`);
    this.status.tooltip = tooltip.join('\n');
    this.status.command = 'prairielearn.showLocalServerLog';
    this.status.show();
  }

  showLog(): void {
    this.output.show();
  }

  private stopped(): void {
    this.status.hide();
    const serverUrl = this.serverUrl;
    this.serverUrl = undefined;
    if (serverUrl) this.stoppedEmitter.fire(serverUrl);
    this.auth.clearLocal();
    void vscode.commands.executeCommand('setContext', 'prairielearn.localServerRunning', false);
  }

  dispose(): void {
    this.stop();
    this.stoppedEmitter.dispose();
    this.demoDataEmitter.dispose();
    this.status.dispose();
  }
}

/** A point a running server passes once per start; whoever waits for it (across a restart too) is told when it does. */
class Milestone {
  private passed = false;
  private waiting: (() => void)[] = [];

  get isReached(): boolean {
    return this.passed;
  }

  reach(): void {
    this.passed = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  reset(): void {
    this.passed = false;
  }

  reached(): Promise<void> {
    return this.passed ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}
