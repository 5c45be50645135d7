#!/usr/bin/env node
// pl-check: the course checks of the editor extension, on the command line and in CI.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { bundledSources } from './bundledSources';
import { compileCacheDir, runBundle } from './compileCache';
import { parseArgs } from './options';
import { QuestionFileThread } from './questionFileThread';

// dist/plCheck.js compiles only this, the options and the thread starter before it starts the
// second thread; the checker and the thread's code come as text (bundledSources.ts), and the
// checker is compiled through V8's code cache while the thread starts.
//
// What this machinery buys, measured with `npm run bench -- --only floor,checker` (docs/development.md):
// the second thread takes pl-check on the 10,000-question course from 2.3x-2.5x the read-and-parse
// floor to 1.9x (about 100 ms); starting it before the checker loads saves about 25 ms; the code
// cache about 30-40 ms of CPU a run. NODE_DISABLE_COMPILE_CACHE=1 turns the cache off, --serial the
// second thread.

/**
 * The second thread that checks the question files, for a check (not --serial, --test, --help...)
 * on a machine with a core for it. The options are read here without the course rules, which are
 * not loaded yet: should they be wrong, the checker reads them again and says why.
 */
function startQuestionFileThread(argv: string[], code: string): QuestionFileThread | undefined {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(argv, { has: () => true });
  } catch {
    return undefined;
  }
  if (options.serial || options.test || options.help || options.version || options.listCodes || os.availableParallelism() <= 1) return undefined;
  return new QuestionFileThread({ code });
}

/**
 * `pl-check mcp`: the MCP server is a bundle of its own beside this one (dist/plCheckMcp.js), so that
 * a check neither reads nor parses its code; it runs until stdin closes.
 */
function runMcpBundle(argv: string[]): void {
  const file = nodePath.join(__dirname, 'plCheckMcp.js');
  if (!fs.existsSync(file)) {
    process.stderr.write(`pl-check mcp: the MCP server's bundle is missing: ${file} (it ships beside plCheck.js; build it with "node build.mjs")\n`);
    process.exit(2);
  }
  // A path esbuild cannot follow, so that it stays a file of its own.
  const load: NodeJS.Require = require;
  void (load(file) as typeof import('./mcpMain')).runMcp(argv);
}

const sources = bundledSources();
if (!sources) throw new Error('pl-check runs from its bundle, dist/plCheck.js: build it with "node build.mjs"');
if (isMainThread && process.argv[2] === 'mcp') runMcpBundle(process.argv.slice(3));
else if (isMainThread) {
  const argv = process.argv.slice(2);
  const thread = startQuestionFileThread(argv, sources.thread);
  const dir = compileCacheDir();
  const checker = runBundle(sources.checker, __filename, dir === undefined ? undefined : { dir, id: sources.id });
  process.once('exit', () => checker.saveCache());
  void (checker.exports as typeof import('./plCheckCommand')).runPlCheck(argv, thread);
} else {
  // Started as a thread by its path (QuestionFileThread takes a path too): the second thread's code.
  runBundle(sources.thread, __filename);
}
