import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { GradingOptions } from './gradingOptions';
import type { JobRun } from './gradingResult';
import { runBounded } from './processRun';

export type EnginePreference = 'auto' | 'docker' | 'podman' | 'off';
export type Engine = 'docker' | 'podman';

/** The limits PrairieLearn gives a grading container: 2 GiB memory and no swap, 1024 processes, no core dumps, 90% of a CPU. */
export const CONTAINER_MEMORY = '2g';

/** The engine's `info` answers when its daemon (or podman's runtime) can run containers; a client alone is not enough. */
function probe(engine: Engine): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(engine, ['info', '--format', '{{.ServerVersion}}'], { timeout: 10000 }, (err, _stdout, stderr) => {
      if (!err) return resolve(undefined);
      const code = (err as NodeJS.ErrnoException).code;
      resolve(code === 'ENOENT' ? `${engine} is not installed` : `${engine} cannot run containers here (${(stderr || err.message).trim().split('\n')[0]})`);
    });
  });
}

/** The container engine to use, or why there is none. */
export async function findEngine(preference: EnginePreference): Promise<{ engine: Engine } | { problem: string }> {
  if (preference === 'off') return { problem: 'running graders in containers is turned off (setting prairielearn.externalGrading.engine)' };
  const candidates: Engine[] = preference === 'auto' ? ['docker', 'podman'] : [preference];
  const problems: string[] = [];
  for (const engine of candidates) {
    const problem = await probe(engine);
    if (!problem) return { engine };
    problems.push(problem);
  }
  return { problem: problems.join('; ') };
}

/** The engine's command line that runs a job as PrairieLearn runs it: /grade mounted, no network unless enabled, the same limits. */
export function containerArgs(jobDir: string, options: GradingOptions, name: string): string[] {
  const args = ['run', '--rm', '--name', name, '--volume', `${nodePath.resolve(jobDir)}:/grade`];
  if (!options.enableNetworking) args.push('--network', 'none');
  args.push('--memory', CONTAINER_MEMORY, '--memory-swap', CONTAINER_MEMORY, '--pids-limit', '1024', '--ulimit', 'core=0', '--cpus', '0.9', '--ipc', 'private');
  for (const [k, v] of Object.entries(options.environment)) args.push('--env', v === null ? k : `${k}=${v}`);
  if (options.entrypoint) args.push('--entrypoint', options.entrypoint[0]);
  args.push(options.image);
  if (options.entrypoint) args.push(...options.entrypoint.slice(1));
  return args;
}

/** Runs the job in the question's image; the container is removed at the end and killed at the timeout. */
export async function runContainer(engine: Engine, jobDir: string, options: GradingOptions): Promise<JobRun> {
  const first = options.entrypoint?.[0];
  if (first?.startsWith('/grade/')) {
    // An entrypoint among the job's own files is made executable first, as PrairieLearn does.
    try {
      fs.chmodSync(nodePath.join(jobDir, first.slice('/grade/'.length)), 0o755);
    } catch {
      // the container reports a missing entrypoint itself
    }
  }
  const name = `pl-grade-${randomBytes(6).toString('hex')}`;
  const outcome = await runBounded(engine, containerArgs(jobDir, options, name), { cwd: jobDir, env: process.env, timeoutMs: options.timeoutSeconds * 1000, linePrefix: 'container> ' });
  await new Promise<void>((resolve) => execFile(engine, ['rm', '--force', name], { timeout: 30000 }, () => resolve()));
  let results: Buffer | undefined;
  try {
    results = fs.readFileSync(nodePath.join(jobDir, 'results', 'results.json'));
  } catch {
    results = undefined;
  }
  return { exitedCleanly: outcome.exitCode === 0, timedOut: outcome.timedOut, timeoutSeconds: options.timeoutSeconds, output: outcome.output, results };
}
