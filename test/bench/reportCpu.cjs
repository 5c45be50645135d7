// Preloaded (node --require) into child processes the bench times: on exit, writes the process's
// own CPU time and peak memory to the file named by BENCH_CPU_FILE, which wall-clock time cannot give.
// Process-wide figures: only the main thread writes them (pl-check also runs a worker thread).
const fs = require('node:fs');
if (require('node:worker_threads').isMainThread) process.on('exit', () => {
  const usage = process.resourceUsage();
  fs.writeFileSync(process.env.BENCH_CPU_FILE, JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssMb: usage.maxRSS / 1024 }));
});
