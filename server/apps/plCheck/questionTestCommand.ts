import * as os from 'node:os';
import type { CodeInfo } from '../../lib/course';
import { formatHuman } from './formatHuman';
import { formatJson } from './formatJson';
import { formatSarif } from './formatSarif';
import type { CliOptions } from './options';
import { runQuestionTests } from './questionTests';
import { countBySeverity } from './runCheck';

/**
 * `pl-check --test [QID...] course`: the output formats and exit status of pl-check. JSON is
 * `{ problems: [...as pl-check --format json], variants: [{qid, seed, rendered, unsupportedElements,
 * correctAnswerScore, error}] }`.
 */
export async function runQuestionTestsCommand(options: CliOptions, codes: Map<string, CodeInfo>, version: string): Promise<number> {
  const args = options.folders.length > 0 ? options.folders : ['.'];
  const folder = args[args.length - 1];
  const run = await runQuestionTests({
    folder,
    qids: args.slice(0, -1),
    variants: options.variants,
    shard: options.shard,
    severities: options.severities,
    runtime: { poolSize: options.serial ? 1 : Math.max(2, os.availableParallelism()), externalGrading: options.external },
  });
  const cwd = process.cwd();
  let output: string;
  if (options.format === 'json') output = JSON.stringify({ problems: JSON.parse(formatJson(run, cwd)), variants: run.variants }, null, 2) + '\n';
  else if (options.format === 'sarif') output = formatSarif(run, codes, { name: 'pl-check', version, informationUri: 'https://prairielearn.readthedocs.io/en/latest/' });
  else {
    const failed = run.variants.filter((v) => v.error).length;
    const questions = new Set(run.variants.map((v) => v.qid)).size;
    output = formatHuman(run, { cwd, color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR });
    output += `Ran ${questions} question${questions === 1 ? '' : 's'}${options.shard ? ` (shard ${options.shard.index}/${options.shard.count})` : ''}, ${run.variants.length} variant${run.variants.length === 1 ? '' : 's'}: ${failed === 0 ? 'all passed' : `${failed} failed`}.\n`;
  }
  process.stdout.write(output);
  return countBySeverity(run.problems).errors > 0 ? 1 : 0;
}
