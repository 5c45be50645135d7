import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { parseArgs } from './options';
import { QuestionFileThread, type QuestionFileScript } from './questionFileThread';

// What both builds of dist/plCheck.js do before the checker runs (plCheck.ts, plCheckPlain.ts).

/**
 * The second thread that checks the question files, for a check (not --serial, --test, --help...)
 * on a machine with a core for it. The options are read here without the course rules, which may
 * not be loaded yet: should they be wrong, the checker reads them again and says why.
 */
export function startQuestionFileThread(argv: string[], script: QuestionFileScript): QuestionFileThread | undefined {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(argv, { has: () => true });
  } catch {
    return undefined;
  }
  if (options.serial || options.test || options.help || options.version || options.listCodes || os.availableParallelism() <= 1) return undefined;
  return new QuestionFileThread(script);
}

/**
 * `pl-check mcp`: the MCP server is a bundle of its own beside this one (dist/plCheckMcp.js), so that
 * a check neither reads nor parses its code; it runs until stdin closes.
 */
export function runMcpBundle(argv: string[]): void {
  const file = nodePath.join(__dirname, 'plCheckMcp.js');
  if (!fs.existsSync(file)) {
    process.stderr.write(`pl-check mcp: the MCP server's bundle is missing: ${file} (it ships beside plCheck.js; build it with "node build.mjs")\n`);
    process.exit(2);
  }
  // A path esbuild cannot follow, so that it stays a file of its own.
  const load: NodeJS.Require = require;
  void (load(file) as typeof import('./mcpMain')).runMcp(argv);
}
