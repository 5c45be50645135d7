// A first start's clone, begun before the database opens: git runs in its own process, so the clone (most of
// a first sync on a large course) overlaps PGlite's start-up instead of following it. The sync job adopts it
// when it would clone the same repository and branch, and writes the clone into its output as if it had run
// it, as PrairieLearn's sync does; anything else (a failed clone, another branch) is cloned by the job itself.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawn } from 'node:child_process';

export interface CloneResult {
  /** Combined stdout and stderr. */
  output: string;
  ms: number;
  ok: boolean;
}

export interface EarlyClone {
  repository: string;
  branch: string;
  /** Where the clone goes until a sync moves it to the course's path. */
  dir: string;
  done: Promise<CloneResult>;
  /** Ends the clone (the server is stopping); `done` then resolves as failed. */
  stop(): void;
}

/** The clone arguments, shared with the job's own clone so both are the same command. */
export function cloneArgs(branch: string, repository: string, target: string): string[] {
  return ['clone', '-b', branch, repository, target];
}

export const GIT_ENV = { GIT_TERMINAL_PROMPT: '0' };

/** Starts `git clone` of the branch into a folder of `coursesDir` that no course uses. */
export function startEarlyClone(repository: string, branch: string, coursesDir: string): EarlyClone {
  fs.mkdirSync(coursesDir, { recursive: true });
  const dir = path.join(coursesDir, `.early-clone-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn('git', cloneArgs(branch, repository, dir), { cwd: '/', env: { ...process.env, ...GIT_ENV }, stdio: ['ignore', 'pipe', 'pipe'] });
  const done = new Promise<CloneResult>((resolve) => {
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.on('error', (err) => resolve({ output: output + err.message, ms: performance.now() - started, ok: false }));
    child.on('close', (code) => resolve({ output, ms: performance.now() - started, ok: code === 0 }));
  });
  return { repository, branch, dir, done, stop: () => child.kill() };
}

/** Removes the clone if no sync took it (it is only ever a copy of the repository). */
export async function discardEarlyClone(early: EarlyClone): Promise<void> {
  await early.done;
  fs.rmSync(early.dir, { recursive: true, force: true });
}
