import type { Severity, SeverityOverrides } from '../../lib/course';
import { parseShard, type Shard } from './shard';

export type OutputFormat = 'human' | 'json' | 'sarif';

export interface CliOptions {
  folders: string[];
  format: OutputFormat;
  severities: SeverityOverrides;
  /** Check as if it were this moment (date-dependent rules), for reproducible runs. */
  now?: Date;
  /** Check everything on one thread, even with cores to spare. */
  serial: boolean;
  help: boolean;
  version: boolean;
  listCodes: boolean;
  // --- pl-check --test (question runtime) ---
  /** Run the questions (instructor Test) instead of the file checks; `folders` are then [QID...] course. */
  test: boolean;
  /** Variants per question under --test. */
  variants: number;
  /** How --test grades externally graded questions (default auto: what can be graded here). */
  external: 'auto' | 'builtin' | 'container' | 'off';
  /** Under --test, only this part of the questions (`--shard i/n`). */
  shard?: Shard;
}

/** A mistake on the command line: reported in one line on stderr, exit status 2. */
export class UsageError extends Error {}

const FORMATS: OutputFormat[] = ['human', 'json', 'sarif'];
const LEVELS: Record<string, Severity | 'off'> = {
  error: 'error',
  warning: 'warning',
  warn: 'warning',
  information: 'information',
  info: 'information',
  note: 'information',
  hint: 'hint',
  off: 'off',
};

export const USAGE = `Usage: pl-check [options] [folder...]
       pl-check mcp [course...]      (tools for coding agents over MCP; see pl-check mcp --help)

Checks PrairieLearn courses as the editor extension does: the info files the way PrairieLearn's
sync does, and each question's question.html. Each folder may be a course (it holds
infoCourse.json) or a folder containing courses; the default is the current folder.

Options:
  --format <human|json|sarif>  Output format (default: human). sarif is SARIF 2.1.0 for
                               GitHub code scanning; its paths are relative to each folder.
  --severity <code=level>      Change the severity of a diagnostic code; level is error,
                               warning, note, hint or off. Repeatable, or comma-separated.
  --now <date>                 Check as if it were this date (ISO 8601), for rules that
                               depend on the clock.
  --serial                     Check on one thread. By default question.html files are
                               checked on a second thread when the machine has two cores
                               or more; the results are the same.
  --test                       Run the questions instead: pl-check --test [QID...] course
                               runs each question (or the QIDs given) as PrairieLearn's
                               instructor Test does, in a local Python (numpy and lxml
                               needed), and reports crashes, element errors, correct
                               answers below 100% and blank submissions that get credit.
  --variants <n>               Variants per question under --test (default 3).
  --external <how>             Externally graded questions under --test: builtin (the
                               Python autograder, run here without a container),
                               container (the question's image in Docker or Podman), off.
                               By default each is graded the way it can be here; the
                               reference solution must grade 100%, the starter code not.
  --shard <i/n>                Under --test, run only the i-th of n parts of the questions
                               (sorted by QID, dealt out in turn), e.g. one part per job
                               of a CI matrix; the n parts together run every question once.
  --list-codes                 List every diagnostic code with its default severity.
  -h, --help                   Show this help.
  -v, --version                Show the version.

Exit status: 0 when no errors were found, 1 when there were errors, 2 on a usage problem.`;

/**
 * Parses the arguments after the script name. `knownCodes` validates --severity codes so that a
 * typo is reported instead of silently ignored.
 */
export function parseArgs(argv: string[], knownCodes: Pick<ReadonlySet<string>, 'has'>): CliOptions {
  const options: CliOptions = { folders: [], format: 'human', severities: {}, serial: false, help: false, version: false, listCodes: false, test: false, variants: 3, external: 'auto' };
  let onlyFolders = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyFolders || !arg.startsWith('-') || arg === '-') {
      options.folders.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFolders = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-')) throw new UsageError(`option ${name} needs a value`);
      i++;
      return next;
    };
    const flag = () => {
      if (inline !== undefined) throw new UsageError(`option ${name} takes no value`);
    };
    switch (name) {
      case '-h':
      case '--help':
        flag();
        options.help = true;
        break;
      case '-v':
      case '--version':
        flag();
        options.version = true;
        break;
      case '--list-codes':
        flag();
        options.listCodes = true;
        break;
      case '--serial':
        flag();
        options.serial = true;
        break;
      case '--format': {
        const format = value();
        if (!FORMATS.includes(format as OutputFormat)) {
          throw new UsageError(`unknown format "${format}"; use one of ${FORMATS.join(', ')}`);
        }
        options.format = format as OutputFormat;
        break;
      }
      case '--severity':
        for (const item of value().split(',')) parseSeverity(item.trim(), knownCodes, options.severities);
        break;
      case '--now': {
        const text = value();
        const date = new Date(text);
        if (Number.isNaN(date.getTime())) throw new UsageError(`--now: "${text}" is not a date (use ISO 8601, e.g. 2025-01-31T12:00)`);
        options.now = date;
        break;
      }
      case '--test':
        flag();
        options.test = true;
        break;
      case '--variants': {
        const text = value();
        const n = Number(text);
        if (!Number.isInteger(n) || n < 1) throw new UsageError(`--variants: "${text}" is not a whole number of 1 or more`);
        options.variants = n;
        break;
      }
      case '--external': {
        const text = value();
        if (text !== 'builtin' && text !== 'container' && text !== 'off') throw new UsageError(`--external: "${text}" is not builtin, container or off`);
        options.external = text;
        break;
      }
      case '--shard': {
        const shard = parseShard(value());
        if ('error' in shard) throw new UsageError(shard.error);
        options.shard = shard;
        break;
      }
      default:
        throw new UsageError(`unknown option ${name}`);
    }
  }
  if (options.shard && !options.test) throw new UsageError('--shard works with --test only');
  return options;
}

function parseSeverity(item: string, knownCodes: Pick<ReadonlySet<string>, 'has'>, into: SeverityOverrides): void {
  const eq = item.indexOf('=');
  if (eq <= 0) throw new UsageError(`--severity expects code=level, got "${item}"`);
  const code = item.slice(0, eq).trim();
  const level = item.slice(eq + 1).trim().toLowerCase();
  if (!knownCodes.has(code)) throw new UsageError(`--severity: unknown diagnostic code "${code}" (see --list-codes)`);
  const severity = LEVELS[level];
  if (!severity) throw new UsageError(`--severity: unknown level "${level}"; use error, warning, note, hint or off`);
  into[code] = severity;
}
