// "Sync Course": start the sync job, follow it in a terminal that renders PrairieLearn's colours, and report
// the end. One sync per course at a time: asking again shows the one running.
import * as vscode from 'vscode';
import type { PrairieLearnClient } from '../api/client';
import { isApiError } from '../api/errors';
import type { SyncJob } from '../api/types';
import { pollSync } from './syncPoller';
import { stripAnsi, SyncOutputRenderer, syncSummary, toTerminalText } from './syncOutput';

interface Running {
  terminal: vscode.Terminal;
  done: Promise<SyncJob | undefined>;
}

export interface SyncTarget {
  client: PrairieLearnClient;
  serverUrl: string;
  courseId: string;
  /** For titles and messages, e.g. "CS 225". */
  courseName: string;
  /** The course's short name on the server (infoCourse.json "name"), when known. */
  courseShortName?: string;
}

export class SyncManager implements vscode.Disposable {
  private readonly running = new Map<string, Running>();
  private readonly controllers = new Set<AbortController>();
  /** Every sync terminal still open, by the server it follows. */
  private readonly terminals = new Map<vscode.Terminal, { serverUrl: string; controller: AbortController }>();

  constructor(
    private readonly onFinished: (target: SyncTarget, job: SyncJob) => void,
    private readonly onUnauthorized: (serverUrl: string) => void,
  ) {}

  /** Resolves with the finished job, or undefined when it failed to start or the terminal was closed. */
  sync(target: SyncTarget): Promise<SyncJob | undefined> {
    const key = `${target.serverUrl}/${target.courseId}`;
    const existing = this.running.get(key);
    if (existing) {
      existing.terminal.show(true);
      void vscode.window.showInformationMessage(`A sync of ${target.courseName} is already running; showing it.`);
      return existing.done;
    }
    const writer = new vscode.EventEmitter<string>();
    const controller = new AbortController();
    this.controllers.add(controller);
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    // Stopped before its terminal opened (closed, or its server went away): it never starts.
    controller.signal.addEventListener('abort', () => opened());
    const pty: vscode.Pseudoterminal = {
      onDidWrite: writer.event,
      open: () => opened(),
      // Closing the terminal stops following the job (the job goes on on the server); closed before it
      // opened, the sync never starts.
      close: () => {
        controller.abort();
        this.terminals.delete(terminal);
      },
    };
    const terminal = vscode.window.createTerminal({ name: `Sync ${target.courseName}`, pty, iconPath: new vscode.ThemeIcon('sync') });
    this.terminals.set(terminal, { serverUrl: target.serverUrl, controller });
    terminal.show(true);
    const done = ready
      .then(() => this.follow(target, terminal, (text) => writer.fire(text), controller.signal))
      .finally(() => {
        writer.dispose();
        this.running.delete(key);
        this.controllers.delete(controller);
      });
    this.running.set(key, { terminal, done });
    return done;
  }

  private async follow(
    target: SyncTarget,
    terminal: vscode.Terminal,
    write: (text: string) => void,
    signal: AbortSignal,
  ): Promise<SyncJob | undefined> {
    const host = new URL(target.serverUrl).host;
    write(toTerminalText(`\x1b[1mSync ${target.courseName} (course ${target.courseId}) on ${host}\x1b[22m\n`));
    const renderer = new SyncOutputRenderer();
    const started = Date.now();
    let job: SyncJob;
    try {
      const { job_sequence_id } = await target.client.startSync(target.courseId, { signal });
      write(toTerminalText(`\x1b[2mJob ${job_sequence_id} started.\x1b[22m\n`));
      job = await pollSync(target.client, target.courseId, job_sequence_id, {
        signal,
        onUpdate: (j, elapsed) => write(renderer.update(j, elapsed)),
        onPollError: (err) => write(toTerminalText(`\r\x1b[2K\x1b[93m${err.message} (still trying)\x1b[39m\n`)),
      });
    } catch (err) {
      if (signal.aborted) return undefined;
      const text = (err as Error).message;
      write(toTerminalText(`\r\x1b[2K\x1b[91m${text}\x1b[39m\n`));
      if (isApiError(err, 'unauthorized')) this.onUnauthorized(target.serverUrl);
      void vscode.window.showErrorMessage(`Sync of ${target.courseName} failed: ${text}`, 'Show Output').then((c) => c && terminal.show());
      return undefined;
    }
    const { status } = job;
    this.onFinished(target, job);
    const summary = syncSummary(job.output);
    const elapsed = Math.round((Date.now() - started) / 1000);
    const text = `Sync of ${target.courseName} ${status === 'Success' ? 'finished' : 'ended'}: ${status} after ${elapsed} s${summary ? ` — ${stripAnsi(summary)}` : ''}`;
    const show = status === 'Success' ? vscode.window.showInformationMessage : vscode.window.showErrorMessage;
    void show(text, 'Show Output').then((choice) => choice && terminal.show());
    return job;
  }

  /** Closes the sync terminals of a server (the local one when it stops), ending what they follow. */
  closeServer(serverUrl: string): void {
    for (const [terminal, { serverUrl: server, controller }] of [...this.terminals]) {
      if (server !== serverUrl) continue;
      controller.abort();
      this.terminals.delete(terminal);
      terminal.dispose();
    }
  }

  dispose(): void {
    for (const c of this.controllers) c.abort();
  }
}
