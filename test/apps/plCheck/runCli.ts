import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const REPO = path.resolve(__dirname, '../../..');
export const PL_CHECK = path.join(REPO, 'dist/plCheck.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built checker (`node build.mjs` makes it) as a user would. */
export function runCli(args: string[], cwd = REPO): CliRun {
  if (!fs.existsSync(PL_CHECK)) throw new Error(`${PL_CHECK} is missing: run "node build.mjs" first`);
  const r = spawnSync(process.execPath, [PL_CHECK, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A stack trace has "    at " frames; a usage or input problem must never print one. */
export function assertNoStackTrace(text: string): void {
  if (/^\s+at .+\(.+:\d+:\d+\)$/m.test(text) || /^\s+at .+:\d+:\d+$/m.test(text)) {
    throw new Error(`output contains a stack trace:\n${text}`);
  }
}
