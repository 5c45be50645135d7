/** Small timing helpers shared by the bench sections. */

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface Timing {
  /** Wall-clock milliseconds. */
  wall: number;
  /** CPU milliseconds (user + system) of this process. */
  cpu: number;
}

/** Times `fn` once: wall clock and this process's CPU time (stable when other work shares the machine). */
export function timeOnce<T>(fn: () => T): { result: T; timing: Timing } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { result, timing: { wall, cpu: (cpu.user + cpu.system) / 1000 } };
}

/** Runs `fn` `runs` times and keeps the median wall and CPU time. */
export function timeMedian(runs: number, fn: () => unknown): Timing {
  const timings: Timing[] = [];
  for (let i = 0; i < runs; i++) timings.push(timeOnce(fn).timing);
  return { wall: median(timings.map((t) => t.wall)), cpu: median(timings.map((t) => t.cpu)) };
}
