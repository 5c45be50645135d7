import { spawn, type ChildProcess } from 'node:child_process';
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pythonRoot } from '../pythonRoot';
import { graderArgs, graderEnvironment, jobRun, runBuiltin, type BuiltinLimits } from './builtinRunner';
import type { GradingOptions } from './gradingOptions';
import type { JobRun } from './gradingResult';
import { STARTUP_LIMIT_MS } from './processRun';

/** The warm grader's descriptors for requests and replies (pythongrader/warm.py), never the job's console. */
const REQUEST_FD = 3;
const REPLY_FD = 4;
/** Beyond a job's own timeout (the warm grader enforces it), the time after which the grader itself counts as stuck. */
const SAFETY_MARGIN_MS = 10000;
const STOP_GRACE_MS = 3000;

interface WarmReply {
  id: number;
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  output: string;
}

/** Variables Python reads only when it starts (PYTHONHASHSEED, PYTHONPATH...): a job that sets them gets a fresh Python. */
export function needsFreshPython(options: GradingOptions): boolean {
  return Object.keys(options.environment).some((name) => name.startsWith('PYTHON'));
}

/** One warm grader process: started once, then one job at a time. */
class WarmProcess {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;
  private readonly requests: Writable;
  private waiting?: { id: number; resolve: (reply: WarmReply | { lost: string }) => void; timer: NodeJS.Timeout };
  private log = '';
  private nextId = 1;
  dead = false;

  constructor(python: string) {
    this.process = spawn(python, ['-u', '-B', '-m', 'pythongrader.warm'], { cwd: pythonRoot(), env: graderEnvironment(), stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'] });
    this.requests = this.process.stdio[REQUEST_FD] as Writable;
    this.requests.on('error', () => undefined);
    for (const stream of [this.process.stdout, this.process.stderr]) stream?.on('data', (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-4000)));
    let markReady: () => void = () => undefined;
    let failReady: (err: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.ready.catch(() => undefined);
    this.exited = new Promise((resolve) => this.process.once('exit', () => resolve()));
    readline.createInterface({ input: this.process.stdio[REPLY_FD] as Readable }).on('line', (line) => {
      let message: Partial<WarmReply> & { ready?: boolean };
      try {
        message = JSON.parse(line);
      } catch {
        return this.lose(`the warm grader sent a line that is not JSON: ${line.slice(0, 200)}`);
      }
      if (message.ready) return markReady();
      const waiting = this.waiting;
      if (!waiting || message.id !== waiting.id) return this.lose(`the warm grader answered job ${String(message.id)}, but ${waiting ? waiting.id : 'none'} was waiting`);
      this.waiting = undefined;
      clearTimeout(waiting.timer);
      waiting.resolve(message as WarmReply);
    });
    this.process.on('error', (err) => failReady(err));
    this.process.on('exit', (code, signal) => {
      this.dead = true;
      failReady(new Error(`the warm grader exited (${signal ?? code}) while starting: ${this.log.trim()}`));
      this.settle(`the warm grader exited (${signal ?? code}): ${this.log.trim().split('\n').pop() ?? ''}`);
    });
  }

  private settle(lost: string): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.resolve({ lost });
    }
  }

  private lose(message: string): void {
    this.settle(message);
    this.stop();
  }

  send(job: object, limitMs: number): Promise<WarmReply | { lost: string }> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.lose(`the warm grader did not answer within ${Math.round(limitMs / 1000)} s and was restarted`), limitMs);
      this.waiting = { id, resolve, timer };
      this.requests.write(JSON.stringify({ ...job, id }) + '\n');
    });
  }

  /** Ends the grader: it kills every process below it on the way out, or is killed after a grace period. */
  stop(): Promise<void> {
    if (!this.dead) {
      this.dead = true;
      this.requests.end();
      this.process.kill('SIGTERM');
      const hard = setTimeout(() => this.process.kill('SIGKILL'), STOP_GRACE_MS);
      hard.unref();
      this.process.once('exit', () => clearTimeout(hard));
    }
    return this.process.exitCode !== null || this.process.signalCode !== null ? Promise.resolve() : this.exited;
  }
}

/**
 * The built-in Python autograder with its imports done once: a long-lived process forks one child
 * per job (pythongrader/warm.py), with the bounds of a fresh process. Jobs run one at a time; a job
 * whose environment must reach Python's start, or a grader that cannot start, gets a fresh Python.
 */
export class WarmGrader {
  private current?: WarmProcess;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly python: string) {}

  /** Starts the process ahead of the first job (its imports take seconds). */
  prestart(): void {
    if (!this.disposed && (!this.current || this.current.dead)) this.current = new WarmProcess(this.python);
  }

  run(jobDir: string, options: GradingOptions, limits: BuiltinLimits): Promise<JobRun> {
    const turn = this.queue.then(() => this.runNow(jobDir, options, limits));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async runNow(jobDir: string, options: GradingOptions, limits: BuiltinLimits): Promise<JobRun> {
    if (this.disposed) throw new Error('the question runtime was disposed');
    if (needsFreshPython(options) || limits.python !== this.python) return runBuiltin(jobDir, options, limits);
    this.prestart();
    const warm = this.current!;
    let late: NodeJS.Timeout | undefined;
    try {
      await Promise.race([warm.ready, new Promise((_, reject) => (late = setTimeout(() => reject(new Error('late')), STARTUP_LIMIT_MS)))]);
    } catch {
      void warm.stop();
      return runBuiltin(jobDir, options, limits);
    } finally {
      clearTimeout(late);
    }
    const request = { args: graderArgs(jobDir, options, limits), timeoutSeconds: options.timeoutSeconds, environment: options.environment };
    const reply = await warm.send(request, options.timeoutSeconds * 1000 + SAFETY_MARGIN_MS);
    if ('lost' in reply) {
      void warm.stop();
      return { exitedCleanly: false, timedOut: false, timeoutSeconds: options.timeoutSeconds, output: reply.lost };
    }
    return jobRun(jobDir, options, reply);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.current?.stop();
  }
}
