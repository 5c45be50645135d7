import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';

/** What one call of the v2 worker gave: its result or its error, and what the course code printed. */
export interface LegacyCallOutcome {
  ok: boolean;
  result?: Record<string, unknown>;
  message?: string;
  stack?: string;
  output: string;
}

export interface LegacyLimits {
  timeoutMs: number;
  memoryMb: number;
}

const OUTPUT_LIMIT = 1 << 20;
const REPLY_LIMIT = 64 << 20;

/**
 * The v2 worker script: dist/v2Worker.js beside the bundle (build.mjs bundles it with its libraries),
 * or server/apps/v2Worker/v2Worker.js in a checkout, or the folder named by PL_RUNTIME_LEGACY_DIR.
 */
export function legacyWorkerPath(): string {
  const candidates = [
    ...(process.env.PL_RUNTIME_LEGACY_DIR ? [nodePath.join(nodePath.resolve(process.env.PL_RUNTIME_LEGACY_DIR), 'v2Worker.js')] : []),
    nodePath.join(__dirname, 'v2Worker.js'),
    nodePath.resolve(__dirname, '..', '..', '..', 'apps', 'v2Worker', 'v2Worker.js'),
  ];
  for (const file of candidates) if (fs.existsSync(file)) return file;
  throw new Error(`the legacy question worker is missing (looked in ${candidates.join(', ')})`);
}

/**
 * One call in a fresh Node process: the author's server.js and templates run there, bounded in time
 * (killed with its process group at the limit) and heap, with no channel but its pipes and an
 * environment with nothing of the host's.
 */
export function callLegacyWorker(request: Record<string, unknown>, cwd: string, limits: LegacyLimits): Promise<LegacyCallOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${Math.max(64, limits.memoryMb)}`, legacyWorkerPath()], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
      // ELECTRON_RUN_AS_NODE: inside VS Code, process.execPath is Electron, which this makes a plain Node.
      env: { PATH: process.env.PATH ?? '', ELECTRON_RUN_AS_NODE: '1' },
    });
    let output = '';
    let reply = '';
    let settled = false;
    const take = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8').slice(0, OUTPUT_LIMIT - output.length);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const fd3 = child.stdio[3] as NodeJS.ReadableStream;
    fd3.on('data', (chunk: Buffer) => {
      reply += chunk.toString('utf8');
      if (reply.length > REPLY_LIMIT) finish({ ok: false, message: `the v2 question's result is larger than ${REPLY_LIMIT >> 20} MB`, output });
    });
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => finish({ ok: false, message: `the v2 question's server.js took longer than ${limits.timeoutMs} ms and was stopped`, output }), limits.timeoutMs);
    function finish(outcome: LegacyCallOutcome) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      kill();
      resolve(outcome);
    }
    child.on('error', (err) => finish({ ok: false, message: `the v2 question worker could not start: ${err.message}`, output }));
    child.on('close', (code, signal) => {
      const line = reply.trim().split('\n').pop();
      if (line) {
        try {
          const parsed = JSON.parse(line) as Omit<LegacyCallOutcome, 'output'>;
          finish({ ...parsed, output });
          return;
        } catch {
          /* falls through to the exit message */
        }
      }
      const why = /heap out of memory|Allocation failed/i.test(output) ? `ran out of its ${limits.memoryMb} MB of memory` : `exited (${signal ?? code}) without a result`;
      finish({ ok: false, message: `the v2 question's code ${why}`, output });
    });
    child.stdin.end(`${JSON.stringify(request)}\n`);
  });
}
