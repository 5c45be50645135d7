import packageJson from '../../../package.json';
import { formatHuman, printable } from './formatHuman';
import { formatJson } from './formatJson';
import { formatSarif } from './formatSarif';
import { parseArgs, USAGE, UsageError } from './options';
import type { QuestionFileThread } from './questionFileThread';
import { checkFolders, countBySeverity } from './runCheck';
import { diagnosticCodes } from '../../lib/runtime';

/**
 * pl-check, run by plCheck.ts with the command line's arguments and the second thread it started
 * for a check when there is a core for one: says what went wrong on stderr, and exits with the exit code.
 */
export async function runPlCheck(argv: string[], questionFileThread: QuestionFileThread | undefined): Promise<void> {
  // A reader that stops early (pl-check | head) is no failure of the check.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') process.stderr.write(`pl-check: cannot write the output: ${err.message}\n`);
    process.exit(err.code === 'EPIPE' ? Number(process.exitCode ?? 0) : 2);
  });
  try {
    process.exitCode = await runCommand(argv, questionFileThread);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`pl-check: ${printable(err.message)}\nRun "pl-check --help" for usage.\n`);
    } else {
      // A bug, not bad input: say what happened without a stack trace unless asked for one.
      process.stderr.write(`pl-check: internal error: ${printable(err instanceof Error ? err.message : String(err))}\n`);
      if (process.env.PL_CHECK_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    }
    process.exitCode = 2;
  } finally {
    await questionFileThread?.close();
  }
  exitWhenWritten();
}

/**
 * Exits once stdout and stderr have taken all that was written. Left to itself, node would first
 * wait for V8 to finish optimising functions that will never run again: 10-20 ms of a check.
 */
function exitWhenWritten(): void {
  let pending = 2;
  const written = () => {
    if (--pending === 0) process.exit();
  };
  process.stdout.write('', written);
  process.stderr.write('', written);
}

/** pl-check's commands: the exit code. */
async function runCommand(argv: string[], questionFileThread: QuestionFileThread | undefined): Promise<number> {
  // --severity may name the --test codes too; --list-codes and SARIF list them only under --test.
  const options = parseArgs(argv, new Set(diagnosticCodes({ questionTests: true }).keys()));
  const codes = diagnosticCodes({ questionTests: options.test });
  if (options.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (options.version) {
    process.stdout.write(`pl-check ${packageJson.version}\n`);
    return 0;
  }
  if (options.listCodes) {
    const width = Math.max(...[...codes.keys()].map((c) => c.length));
    for (const [code, info] of codes) process.stdout.write(`${code.padEnd(width)}  ${info.severity.padEnd(11)}  ${info.description}\n`);
    return 0;
  }
  // The question runtime is loaded only for --test.
  if (options.test) return (await import('./questionTestCommand.js')).runQuestionTestsCommand(options, codes, packageJson.version);
  const folders = options.folders.length > 0 ? options.folders : ['.'];
  const result = await checkFolders(folders, { severities: options.severities, now: options.now, questionFileThread });
  const cwd = process.cwd();
  let output: string;
  if (options.format === 'json') output = formatJson(result, cwd);
  else if (options.format === 'sarif') {
    output = formatSarif(result, codes, {
      name: 'pl-check',
      version: packageJson.version,
      informationUri: 'https://prairielearn.readthedocs.io/en/latest/',
    });
  } else output = formatHuman(result, { cwd, color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR });
  process.stdout.write(output);
  return countBySeverity(result.problems).errors > 0 ? 1 : 0;
}
