import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as nodePath from 'node:path';
import * as readline from 'node:readline';

/** One request to the helper: a call unit of phase jobs that share one RNG seeding. */
export interface UnitRequest {
  courseRoot: string;
  questionDir: string;
  knownElements: string[];
  jobs: PhaseJob[];
}

export interface PhaseJob {
  phase: string;
  /** question.html after mustache and markdown; absent for generate. */
  html?: string;
  data: Record<string, unknown>;
  partialCredit?: boolean;
}

export interface PhaseResult {
  data: Record<string, unknown>;
  html?: string;
  /** base64, file phase only. */
  file?: string;
  fatal: boolean;
  issues: Array<{ message: string; fatal: boolean; phase: string; file?: string; line?: number; traceback?: string }>;
  processedElements: string[];
  unsupportedElements: string[];
}

export type UnitReply = { results: PhaseResult[] } | { error: { kind: 'timeout' | 'crash' | 'memory' | 'protocol'; message: string } };

interface Pending {
  resolve: (reply: UnitReply) => void;
  timer: NodeJS.Timeout;
}

/** Warming up imports numpy, sympy, pandas, matplotlib...: slow on a busy machine, but never this slow. */
const STARTUP_LIMIT_MS = 60000;

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
  readonly process: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  private pending?: Pending;
  private stderr = '';
  dead = false;
  /** The question of the last unit: the helper's worker process serves that question without a new fork. */
  lastQuestion?: string;

  constructor(python: string, root: string, private readonly onExit: (helper: Helper) => void) {
    this.process = spawn(python, ['-u', nodePath.join(root, 'plruntime', 'zygote.py')], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    });
    // A helper that died mid-write is reported by its exit; the broken pipe itself is no error here.
    this.process.stdin.on('error', () => undefined);
    this.process.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    const lines = readline.createInterface({ input: this.process.stdout });
    let markReady: () => void;
    let failReady: (err: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.ready.catch(() => undefined);
    lines.on('line', (line) => {
      let message: { ready?: boolean } & Partial<UnitReply>;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      if (message.ready) return markReady();
      const pending = this.pending;
      this.pending = undefined;
      if (pending) {
        clearTimeout(pending.timer);
        pending.resolve(message as UnitReply);
      }
    });
    this.process.on('error', (err) => failReady(err));
    this.process.on('exit', (code, signal) => {
      this.dead = true;
      failReady(new Error(`the Python helper exited (${signal ?? code}) while starting: ${this.stderr.trim()}`));
      const pending = this.pending;
      this.pending = undefined;
      if (pending) {
        clearTimeout(pending.timer);
        pending.resolve({ error: { kind: 'crash', message: `the Python helper exited (${signal ?? code}): ${this.stderr.trim().split('\n').pop() ?? ''}` } });
      }
      this.onExit(this);
    });
  }

  /** Sends one unit; `limitMs` is a safety net beyond the helper's own per-call limit. */
  send(request: object, limitMs: number): Promise<UnitReply> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // The helper itself did not answer in time: it is stuck, so replace it.
        this.pending = undefined;
        resolve({ error: { kind: 'timeout', message: `timeout exceeded (${Math.round(limitMs / 1000)} s), the Python helper was restarted` } });
        this.kill();
      }, limitMs);
      this.pending = { resolve, timer };
      this.process.stdin.write(JSON.stringify(request) + '\n');
    });
  }

  kill(): void {
    if (!this.dead) this.process.kill('SIGKILL');
  }
}

/**
 * At most `size` helpers, started on demand and reused between calls; one that dies or hangs is
 * replaced on the next call.
 */
export class PythonPool {
  private idle: Helper[] = [];
  private all = new Set<Helper>();
  private waiting: Array<(helper: Helper) => void> = [];
  private nextId = 1;
  private disposed = false;

  constructor(
    private readonly python: string,
    private readonly root: string,
    private readonly size: number,
    private readonly timeoutMs: number,
    private readonly memoryMb: number,
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
    const request = { id: this.nextId++, timeoutMs: this.timeoutMs, memoryMb: this.memoryMb, ...unit };
    helper.lastQuestion = unit.questionDir;
    const reply = await helper.send(request, this.timeoutMs * Math.max(1, unit.jobs.length) + 5000);
    this.release(helper);
    return reply;
  }

  /** Helper process ids, for measuring their memory. */
  pids(): number[] {
    return [...this.all].map((h) => h.process.pid).filter((p): p is number => p !== undefined);
  }

  /** An idle helper, preferably the one that last ran this question (its worker is still warm for it). */
  private acquire(questionDir: string): Promise<Helper> {
    const same = this.idle.findIndex((h) => h.lastQuestion === questionDir);
    if (same >= 0) return Promise.resolve(this.idle.splice(same, 1)[0]);
    if (this.all.size < this.size) {
      const fresh = new Helper(this.python, this.root, (h) => this.forget(h));
      this.all.add(fresh);
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
    this.all.delete(helper);
    this.idle = this.idle.filter((h) => h !== helper);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const exits = [...this.all].map((h) => new Promise<void>((resolve) => (h.dead ? resolve() : h.process.once('exit', () => resolve()))));
    for (const h of this.all) {
      h.process.stdin.end();
      h.kill();
    }
    await Promise.all(exits);
  }
}
