import { spawn } from 'node:child_process';
import { blueBright, dim, redBright, yellowBright } from './ansi';
import { shellJoin } from './shellQuote';

/** Ends a job with status Error after its message has been written. */
export class JobFailed extends Error {}

/**
 * A running job's output, written the way PrairieLearn's server jobs write it. The text so far is
 * readable while the job runs (the API returns it; PrairieLearn returns null until the end).
 */
export class JobLog {
  output = '';

  info(msg: string): void {
    this.output += msg + '\n';
  }

  verbose(msg: string): void {
    this.output += dim(msg) + '\n';
  }

  error(msg: string): void {
    this.output += redBright(msg) + '\n';
  }

  warn(msg: string): void {
    this.output += yellowBright(msg) + '\n';
  }

  fail(msg: string): never {
    this.error(msg);
    throw new JobFailed(msg);
  }

  /** Writes a command that ran outside the job (a clone started early) as `exec` would have written it. */
  ran(file: string, args: string[], cwd: string, result: { output: string; ms: number }): void {
    this.output += blueBright(`Command: ${shellJoin([file, ...args])}\n`);
    this.output += blueBright(`Working directory: ${cwd}\n`);
    this.output += result.output;
    if (result.output && !result.output.endsWith('\n')) this.output += '\n';
    this.output += dim(`Command completed in ${result.ms.toFixed(2)}ms`) + '\n\n';
  }

  /** Runs a command, streaming its combined stdout and stderr into the output; non-zero exit throws. */
  exec(file: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<void> {
    this.output += blueBright(`Command: ${shellJoin([file, ...args])}\n`);
    this.output += blueBright(`Working directory: ${options.cwd}\n`);
    const start = process.hrtime.bigint();
    const before = this.output.length;
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const append = (chunk: Buffer) => {
        this.output += chunk.toString('utf8');
      };
      child.stdout.on('data', append);
      child.stderr.on('data', append);
      let timedOut = false;
      const timer = options.timeoutMs
        ? setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutMs)
        : undefined;
      let finished = false;
      const finish = (err?: Error) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        if (this.output.length > before && !this.output.endsWith('\n')) this.output += '\n';
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        this.output += dim(`Command completed in ${ms.toFixed(2)}ms`) + '\n\n';
        if (err) reject(err);
        else resolve();
      };
      child.on('error', (err) => finish(err));
      child.on('close', (code, signal) => {
        if (timedOut) finish(new Error(`Command timed out after ${options.timeoutMs}ms: ${file}`));
        else if (code !== 0) finish(new Error(`Command failed with exit code ${code ?? signal}: ${shellJoin([file, ...args])}`));
        else finish();
      });
    });
  }
}
