#!/usr/bin/env node
// pl-check: the course checks of the editor extension, on the command line and in CI.
import { isMainThread } from 'node:worker_threads';
import { bundledSources } from './bundledSources';
import { compileCacheDir, runBundle } from './compileCache';
import { runMcpBundle, startQuestionFileThread } from './launch';

// dist/plCheck.js compiles only this, the options and the thread starter before it starts the
// second thread; the checker and the thread's code come as text (bundledSources.ts), and the
// checker is compiled through V8's code cache while the thread starts. NODE_DISABLE_COMPILE_CACHE=1
// turns the cache off, --serial the second thread, and `node build.mjs --plain-pl-check` builds
// pl-check without any of this (plCheckPlain.ts: one ordinary bundle, the same second thread).
//
// What it buys, measured in November 2026 on a shared 2-core machine (load average 17-22, so CPU
// medians; wall times were too noisy to compare): this build / without the cache / the plain build,
//   server/demo-course (15 runs each):           600 / 630 / 720 ms CPU
//   a 10,000-question course (7 runs each):      2.96 / 3.05 / 3.00 s CPU
// that is about 0.1 s a run, all of it start-up: worth it for the many small checks of an editor's
// agent or a CI step, lost in the noise on a large course.

const sources = bundledSources();
if (!sources) throw new Error('pl-check runs from its bundle, dist/plCheck.js: build it with "node build.mjs"');
if (isMainThread && process.argv[2] === 'mcp') runMcpBundle(process.argv.slice(3));
else if (isMainThread) {
  const argv = process.argv.slice(2);
  const thread = startQuestionFileThread(argv, { code: sources.thread });
  const dir = compileCacheDir();
  const checker = runBundle(sources.checker, __filename, dir === undefined ? undefined : { dir, id: sources.id });
  process.once('exit', () => checker.saveCache());
  void (checker.exports as typeof import('./plCheckCommand')).runPlCheck(argv, thread);
} else {
  // Started as a thread by its path (QuestionFileThread takes a path too): the second thread's code.
  runBundle(sources.thread, __filename);
}
