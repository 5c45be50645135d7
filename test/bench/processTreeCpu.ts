import * as fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Child pids of `pid` (all its threads'), from Linux's /proc. */
function children(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    try {
      out.push(...fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // The task ended meanwhile.
    }
  }
  return out;
}

/** utime + stime + cutime + cstime of one process, in clock ticks: its own CPU and its reaped children's. */
function ticks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds spent so far by the processes below this one (the question runtime's Python
 * helpers and their workers): what process.cpuUsage() leaves out. NaN without /proc. Clock-tick
 * resolution (10 ms), so take the difference over many calls.
 */
export function descendantsCpuMs(pid = process.pid): number {
  if (!fs.existsSync(`/proc/${pid}/task`)) return NaN;
  let total = 0;
  const walk = (p: number) => {
    for (const child of children(p)) {
      total += ticks(child);
      walk(child);
    }
  };
  walk(pid);
  return (total * 1000) / TICKS_PER_SECOND;
}
