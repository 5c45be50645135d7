import * as nodePath from 'node:path';
import { countBySeverity, type CheckResult, type Problem, type Span } from './runCheck';

export interface HumanFormatOptions {
  /** Paths are printed relative to this folder. */
  cwd: string;
  color: boolean;
}

const SEVERITY_WORD: Record<Problem['severity'], string> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
const SEVERITY_COLOR: Record<Problem['severity'], string> = { error: '31', warning: '33', information: '36', hint: '36' };

/**
 * One `path:line:col severity message [code]` line per problem (the form editors and terminals
 * turn into links), files separated by a blank line, related places indented under their problem,
 * and a summary line. Hints are left out, as VS Code leaves them out of its Problems panel (the
 * JSON and SARIF output keep them); the summary says how many.
 */
export function formatHuman(result: CheckResult, options: HumanFormatOptions): string {
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const where = (s: Span) => `${printable(displayPath(s.file, options.cwd))}:${s.line}:${s.column}`;
  const lines: string[] = [];
  let lastFile: string | undefined;
  for (const p of result.problems) {
    if (p.severity === 'hint') continue;
    if (lastFile !== undefined && p.file !== lastFile) lines.push('');
    lastFile = p.file;
    const severity = paint(SEVERITY_COLOR[p.severity], SEVERITY_WORD[p.severity]);
    lines.push(`${where(p)} ${severity} ${printable(p.message)} ${paint('2', `[${p.code}]`)}`);
    for (const r of p.related) lines.push(`    ${where(r)} ${printable(r.message)}`);
  }
  if (lines.length > 0) lines.push('');
  lines.push(summary(result));
  return lines.join('\n') + '\n';
}

export function summary(result: CheckResult): string {
  const { errors, warnings, notes } = countBySeverity(result.problems);
  const hints = result.problems.filter((p) => p.severity === 'hint').length;
  const files = result.courses.reduce((n, c) => n + c.files, 0);
  return (
    `${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(notes - hints, 'note')} ` +
    `in ${plural(result.courses.length, 'course')} (${plural(files, 'file')})` +
    (hints > 0 ? `; ${plural(hints, 'hint')} not shown (--severity CODE=note shows a code's)` : '')
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function displayPath(file: string, cwd: string): string {
  const rel = nodePath.relative(cwd, file) || '.';
  return rel.split(nodePath.sep).join('/');
}

// Control characters (a terminal acts on escape codes), line breaks and the marks that reorder text.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the disk (folder and file names, and the messages that quote them or the files) as
 * it can be printed to a terminal: what a terminal would act on is shown as an escape (\x1b).
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
