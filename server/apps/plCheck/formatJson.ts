import { displayPath } from './formatHuman';
import type { CheckResult, Span } from './runCheck';

/** The JSON output: one object per problem, paths relative to `cwd`, 1-based lines and columns. */
export function formatJson(result: CheckResult, cwd: string): string {
  const span = (s: Span) => ({
    file: displayPath(s.file, cwd),
    line: s.line,
    column: s.column,
    endLine: s.endLine,
    endColumn: s.endColumn,
  });
  const out = result.problems.map((p) => ({
    ...span(p),
    severity: p.severity,
    code: p.code,
    message: p.message,
    related: p.related.map((r) => ({ ...span(r), message: r.message })),
  }));
  return JSON.stringify(out, null, 2) + '\n';
}
