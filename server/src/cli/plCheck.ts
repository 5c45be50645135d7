#!/usr/bin/env node
// pl-check: the course checks of the editor extension, on the command line and in CI.
import * as os from 'node:os';
import { isMainThread, parentPort } from 'node:worker_threads';
import { parseArgs, UsageError } from './options';
import { QuestionFileThread, type QuestionFileScript } from './questionFileThread';
import { questionFileThreadSource } from './questionFileThreadSource';

// This module loads little: the rules, checkers and output formats are imported once the second
// thread has been started, so that the two threads load their code at the same time.

/**
 * The second thread that checks the question files, for a check (not --serial, --test, --help...)
 * on a machine with a core for it. The options are read here without the course rules, which are
 * not loaded yet: should they be wrong, `runCommand` reads them again and says why.
 */
function startQuestionFileThread(argv: string[]): QuestionFileThread | undefined {
  let options;
  try {
    options = parseArgs(argv, { has: () => true });
  } catch {
    return undefined;
  }
  if (options.serial || options.test || options.help || options.version || options.listCodes || os.availableParallelism() <= 1) return undefined;
  return new QuestionFileThread(questionFileThreadCode());
}

/** The thread's own code where the build put it in, else this same script. */
function questionFileThreadCode(): QuestionFileScript {
  const code = questionFileThreadSource();
  return code === undefined ? __filename : { code };
}

async function main(argv: string[]): Promise<number> {
  const thread = startQuestionFileThread(argv);
  try {
    return await (await import('./plCheckCommand.js')).runCommand(argv, thread);
  } finally {
    await thread?.close();
  }
}

async function runMain(): Promise<void> {
  // A reader that stops early (pl-check | head) is no failure of the check.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') process.stderr.write(`pl-check: cannot write the output: ${err.message}\n`);
    process.exit(err.code === 'EPIPE' ? Number(process.exitCode ?? 0) : 2);
  });
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    const { printable } = await import('./formatHuman.js');
    if (err instanceof UsageError) {
      process.stderr.write(`pl-check: ${printable(err.message)}\nRun "pl-check --help" for usage.\n`);
    } else {
      // A bug, not bad input: say what happened without a stack trace unless asked for one.
      process.stderr.write(`pl-check: internal error: ${printable(err instanceof Error ? err.message : String(err))}\n`);
      if (process.env.PL_CHECK_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    }
    process.exitCode = 2;
  }
}

if (isMainThread) void runMain();
else void import('./questionFileServer.js').then(({ serveQuestionFiles }) => serveQuestionFiles(parentPort!));
