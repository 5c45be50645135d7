/** A problem found in a course, independent of any editor protocol. Ranges are character offsets. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A diagnostic code a rule can emit, with PrairieLearn's severity and a one-line description. */
export interface CodeInfo {
  severity: Severity;
  description: string;
}

export interface TextRange {
  start: number;
  end: number;
}

/** What turns a checked file's offsets into positions: an info file's JsonFile, or a question file's text (SourceText). */
export interface Positions {
  text: string;
  positionAt(offset: number): { line: number; character: number };
}

export interface RelatedLocation {
  file: string;
  range: TextRange;
  message: string;
}

export interface CourseDiagnostic {
  /** Absolute path of the file (or folder, for a missing info file) the problem is in. */
  file: string;
  range: TextRange;
  severity: Severity;
  /** Stable rule code, such as `duplicate-uuid`; users set severities by it. */
  code: string;
  message: string;
  related?: RelatedLocation[];
  /** Data a quick fix needs (for example the undeclared tag name). */
  data?: Record<string, unknown>;
}

/** Severity overrides by code; `off` drops the diagnostic. */
export type SeverityOverrides = Record<string, Severity | 'off'>;

export function applySeverityOverrides(
  diagnostics: CourseDiagnostic[],
  overrides: SeverityOverrides | undefined,
): CourseDiagnostic[] {
  if (!overrides || Object.keys(overrides).length === 0) return diagnostics;
  const out: CourseDiagnostic[] = [];
  for (const d of diagnostics) {
    const o = overrides[d.code];
    if (o === 'off') continue;
    out.push(o ? { ...d, severity: o } : d);
  }
  return out;
}

/** The most findings of one code in one file that are listed; the rest are counted in one more. */
export const MAX_FINDINGS_PER_CODE = 100;

/**
 * Lists at most `max` diagnostics of each code in each file, in the order given; past that, one
 * diagnostic of the same code, at the first one left out, says how many more there are. A file
 * with a million undeclared tags stays readable, and its report stays small.
 */
export function limitFindings(diagnostics: CourseDiagnostic[], max = MAX_FINDINGS_PER_CODE): CourseDiagnostic[] {
  if (diagnostics.length <= max) return diagnostics;
  const counts = new Map<string, number>();
  for (const d of diagnostics) {
    const key = `${d.file}\n${d.code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if ([...counts.values()].every((n) => n <= max)) return diagnostics;
  const listed = new Map<string, number>();
  const out: CourseDiagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${d.file}\n${d.code}`;
    const n = (listed.get(key) ?? 0) + 1;
    listed.set(key, n);
    if (n <= max) out.push(d);
    else if (n === max + 1) {
      const more = counts.get(key)! - max;
      out.push({ file: d.file, range: d.range, severity: d.severity, code: d.code, message: `${more} more ${d.code} ${more === 1 ? 'finding' : 'findings'} in this file, not listed (at most ${max} of each code are).` });
    }
  }
  return out;
}
