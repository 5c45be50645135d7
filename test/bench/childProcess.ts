import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median, type Timing } from './stats';

const REPORT_CPU = path.join(__dirname, 'reportCpu.cjs');

export interface ChildRun extends Timing {
  status: number | null;
  stdout: string;
  stderr: string;
  maxRssMb: number;
}

/** Runs `node <args>` to completion; wall time from here, CPU time and peak memory from the child itself. */
export function runNode(args: string[], cwd: string, env: Record<string, string> = {}): ChildRun {
  const report = path.join(os.tmpdir(), `bench-cpu-${process.pid}.json`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--require', REPORT_CPU, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...env, BENCH_CPU_FILE: report, NO_COLOR: '1' },
  });
  const wall = performance.now() - t0;
  const { cpu, maxRssMb } = JSON.parse(fs.readFileSync(report, 'utf8'));
  fs.rmSync(report, { force: true });
  return { wall, cpu, maxRssMb, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Median of `runs` runs; the last run's output is kept for checking. */
export function runNodeMedian(runs: number, args: string[], cwd: string): ChildRun {
  return medianRun(Array.from({ length: runs }, () => runNode(args, cwd)));
}

/** The median wall time, CPU time and peak memory of some runs of one command, with the last run's output. */
export function medianRun(all: ChildRun[]): ChildRun {
  return {
    ...all[all.length - 1],
    wall: median(all.map((r) => r.wall)),
    cpu: median(all.map((r) => r.cpu)),
    maxRssMb: median(all.map((r) => r.maxRssMb)),
  };
}
