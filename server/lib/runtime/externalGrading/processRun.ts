import { spawn } from 'node:child_process';

export interface ProcessOutcome {
  exitCode: number | null;
  timedOut: boolean;
  /** stdout and stderr interleaved, at most OUTPUT_LIMIT characters (the rest is cut with a note). */
  output: string;
}

export const OUTPUT_LIMIT = 256 * 1024;
/** Starting Python with numpy and matplotlib is slow on a busy machine, but never this slow. */
export const STARTUP_LIMIT_MS = 60000;

/**
 * Runs a command in its own process group, kills the whole group at the timeout and again when the
 * command ends (so nothing it started stays behind), and keeps its console output up to a limit.
 */
export function runBounded(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; linePrefix?: string; startMarker?: string },
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let cut = false;
    let timedOut = false;
    let waitingForStart = options.startMarker !== undefined;
    const take = (chunk: Buffer) => {
      if (cut) return;
      output += chunk.toString('utf8');
      if (waitingForStart && output.includes(options.startMarker!)) {
        // The grading clock starts once the grader is up, as a container's starts once the container runs.
        waitingForStart = false;
        output = output.replace(options.startMarker! + '\n', '');
        clearTimeout(timer);
        timer = setTimeout(onTimeout, options.timeoutMs);
      }
      if (output.length > OUTPUT_LIMIT) {
        output = output.slice(0, OUTPUT_LIMIT) + '\n[output cut: more than 256 KiB]\n';
        cut = true;
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    };
    const onTimeout = () => {
      timedOut = true;
      killGroup();
    };
    let timer = setTimeout(onTimeout, waitingForStart ? STARTUP_LIMIT_MS + options.timeoutMs : options.timeoutMs);
    const done = (exitCode: number | null) => {
      clearTimeout(timer);
      killGroup();
      const text = options.linePrefix ? output.replace(/^(?=.)/gm, options.linePrefix) : output;
      resolve({ exitCode, timedOut, output: text });
    };
    child.on('error', (err) => {
      output += `${command}: ${err.message}\n`;
      done(null);
    });
    // Processes the command started keep its output pipes open: they go with the group when it exits.
    child.on('exit', killGroup);
    child.on('close', (code) => done(code));
  });
}
