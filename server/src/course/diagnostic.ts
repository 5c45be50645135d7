/** A problem found in a course, independent of any editor protocol. Ranges are character offsets. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface TextRange {
  start: number;
  end: number;
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
