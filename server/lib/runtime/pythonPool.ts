import { spawn, type ChildProcess } from 'node:child_process';
import * as nodePath from 'node:path';
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  PYTHON_HELPER_PROTOCOL, type HelperError, type HelperReady, type HelperReply, type HelperRequest, type UnitReply,
  type UnitRequest,
} from '../protocol';

export type { PhaseJob, PhaseResult, UnitReply, UnitRequest } from '../protocol';

interface Pending {
  id: number;
  seq: number;
  resolve: (reply: UnitReply) => void;
  timer: NodeJS.Timeout;
}

/** The helper's descriptors for requests and replies: course code's stdin/stdout/stderr are never the protocol. */
const REQUEST_FD = 3;
const REPLY_FD = 4;
/** Warming up imports numpy, sympy, pandas, matplotlib...: slow on a busy machine, but never this slow. */
const STARTUP_LIMIT_MS = 60000;
/** All phase calls of one unit together (a render of several panels, say); the helper enforces it. */
export const QUESTION_LIMIT_MS = 30000;
/** Beyond the helper's own limits (and its recursion probe), the time after which the helper itself counts as stuck. */
const SAFETY_MARGIN_MS = 10000;
/** A helper asked to stop (it then kills its workers and their processes) gets this long before SIGKILL. */
const STOP_GRACE_MS = 3000;

function withDeadline<T>(promise: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(new Error(`the Python helper did not start within ${ms / 1000} s`));
    }, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** One long-lived Python helper (plruntime/zygote.py); it answers one request at a time. */
class Helper {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  private readonly requests: Writable;
  private pending?: Pending;
  private log = '';
  private seq = 0;
  /** Set the moment the helper is given up (killed, timed out, exited): it is never handed out again. */
  dead = false;
  /** The question of the last unit: the helper's worker process serves that question without a new fork. */
  lastQuestion?: string;

  constructor(python: string, root: string, private readonly onExit: (helper: Helper) => void) {
    this.process = spawn(python, ['-u', nodePath.join(root, 'plruntime', 'zygote.py')], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    });
    this.requests = this.process.stdio[REQUEST_FD] as Writable;
    const replies = this.process.stdio[REPLY_FD] as Readable;
    // A helper that died mid-write is reported by its exit; the broken pipe itself is no error here.
    this.requests.on('error', () => undefined);
    // stdout and stderr are only kept (their end) to explain a helper that dies.
    for (const stream of [this.process.stdout, this.process.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        this.log = (this.log + chunk.toString()).slice(-4000);
      });
    }
    let markReady: () => void;
    let failReady: (err: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.ready.catch(() => undefined);
    readline.createInterface({ input: replies }).on('line', (line) => {
      // What the line claims to be; each field is checked before it is trusted.
      let message: Partial<HelperReady> & Partial<HelperReply>;
      try {
        message = JSON.parse(line);
      } catch {
        return this.fail(`the Python helper sent a line that is not JSON: ${line.slice(0, 200)}`);
      }
      if (message.ready) {
        if (message.protocol === PYTHON_HELPER_PROTOCOL) return markReady();
        failReady(new Error(`the Python helper speaks protocol ${message.protocol ?? 1}, this runtime needs ${PYTHON_HELPER_PROTOCOL} (an old copy of server/python?)`));
        return this.kill();
      }
      const pending = this.pending;
      if (!pending || message.id !== pending.id || message.seq !== pending.seq) {
        return this.fail(`the Python helper answered request ${message.id}/${message.seq}, but ${pending ? `${pending.id}/${pending.seq}` : 'none'} was waiting`);
      }
      this.pending = undefined;
      clearTimeout(pending.timer);
      const { id: _id, seq: _seq, ...reply } = message;
      pending.resolve(reply as UnitReply);
    });
    this.process.on('error', (err) => failReady(err));
    this.process.on('exit', (code, signal) => {
      this.dead = true;
      failReady(new Error(`the Python helper exited (${signal ?? code}) while starting: ${this.log.trim()}`));
      this.settle({ kind: 'crash', message: `the Python helper exited (${signal ?? code}): ${this.log.trim().split('\n').pop() ?? ''}` });
      this.onExit(this);
    });
  }

  /** Ends the waiting call with `error`. */
  private settle(error: HelperError & { kind: 'timeout' | 'crash' | 'protocol' }): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) {
      clearTimeout(pending.timer);
      pending.resolve({ error });
    }
  }

  /** A reply that does not belong to the waiting call: the helper's stream cannot be trusted any more. */
  private fail(message: string): void {
    this.settle({ kind: 'protocol', message: `${message}; the helper was restarted` });
    this.kill();
  }

  /** Sends one unit; `limitMs` is a safety net beyond the helper's own limits. */
  send(request: Omit<HelperRequest, 'seq'>, limitMs: number): Promise<UnitReply> {
    return new Promise((resolve) => {
      const seq = ++this.seq;
      const timer = setTimeout(() => {
        // The helper itself did not answer in time: it is stuck, so replace it.
        this.settle({ kind: 'timeout', message: `timeout exceeded (${Math.round(limitMs / 1000)} s), the Python helper was restarted` });
        this.kill();
      }, limitMs);
      this.pending = { id: request.id, seq, resolve, timer };
      this.requests.write(JSON.stringify({ ...request, seq } satisfies HelperRequest) + '\n');
    });
  }

  /** Gives the helper up now; it stops its workers and their processes, or is killed after a grace period. */
  kill(): void {
    if (this.dead) return;
    this.dead = true;
    this.onExit(this);
    this.requests.end();
    this.process.kill('SIGTERM');
    const hard = setTimeout(() => this.process.kill('SIGKILL'), STOP_GRACE_MS);
    hard.unref();
    this.process.once('exit', () => clearTimeout(hard));
  }
}

/**
 * At most `size` helpers, started on demand and reused between calls; one that dies or hangs is
 * replaced on the next call.
 */
export class PythonPool {
  private idle: Helper[] = [];
  /** Helpers that count against `size` (not given up). */
  private live = new Set<Helper>();
  /** Every helper process until it has exited (dispose waits for them). */
  private running = new Set<Helper>();
  private waiting: Array<(helper: Helper) => void> = [];
  private nextId = 1;
  private disposed = false;

  constructor(
    private readonly python: string,
    private readonly root: string,
    private readonly size: number,
    private readonly timeoutMs: number,
    private readonly memoryMb: number,
    private readonly questionTimeoutMs = QUESTION_LIMIT_MS,
  ) {}

  async run(unit: UnitRequest): Promise<UnitReply> {
    if (this.disposed) throw new Error('the question runtime was disposed');
    const helper = await this.acquire(unit.questionDir);
    try {
      await withDeadline(helper.ready, STARTUP_LIMIT_MS, () => helper.kill());
    } catch (err) {
      this.release(helper);
      return { error: { kind: 'crash', message: err instanceof Error ? err.message : String(err) } };
    }
    const request: Omit<HelperRequest, 'seq'> = { id: this.nextId++, timeoutMs: this.timeoutMs, questionTimeoutMs: this.questionTimeoutMs, memoryMb: this.memoryMb, ...unit };
    helper.lastQuestion = unit.questionDir;
    const helperLimit = Math.min(this.timeoutMs * Math.max(1, unit.jobs.length), Math.max(this.timeoutMs, this.questionTimeoutMs));
    const reply = await helper.send(request, helperLimit + SAFETY_MARGIN_MS);
    this.release(helper);
    return reply;
  }

  /** Helper process ids, for measuring their memory. */
  pids(): number[] {
    return [...this.live].map((h) => h.process.pid).filter((p): p is number => p !== undefined);
  }

  /** An idle helper, preferably the one that last ran this question (its worker is still warm for it). */
  private acquire(questionDir: string): Promise<Helper> {
    this.idle = this.idle.filter((h) => !h.dead);
    const same = this.idle.findIndex((h) => h.lastQuestion === questionDir);
    if (same >= 0) return Promise.resolve(this.idle.splice(same, 1)[0]);
    if (this.live.size < this.size) {
      const fresh = new Helper(this.python, this.root, (h) => this.forget(h));
      this.live.add(fresh);
      this.running.add(fresh);
      fresh.process.once('exit', () => this.running.delete(fresh));
      return Promise.resolve(fresh);
    }
    const helper = this.idle.shift();
    if (helper) return Promise.resolve(helper);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(helper: Helper): void {
    if (helper.dead) {
      this.forget(helper);
      const next = this.waiting.shift();
      if (next) void this.acquire('').then(next);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(helper);
    else this.idle.push(helper);
  }

  private forget(helper: Helper): void {
    this.live.delete(helper);
    this.idle = this.idle.filter((h) => h !== helper);
  }

  /** Stops every helper; each kills its workers and every process they started before it exits. */
  async dispose(): Promise<void> {
    this.disposed = true;
    const exits = [...this.running].map((h) => new Promise<void>((resolve) => (h.process.exitCode !== null || h.process.signalCode !== null ? resolve() : h.process.once('exit', () => resolve()))));
    for (const h of this.running) h.kill();
    await Promise.all(exits);
  }
}
