import type { InfoEntry } from '../course';
import type { CourseDiagnostic } from '../diagnostic';
import { codeSeverity } from '../rules';
import { relatedLocation, type Report } from '../rules/rule';

/** A rule's report on an entry as a diagnostic on its info file. */
export function toDiagnostic(entry: InfoEntry, report: Report): CourseDiagnostic {
  const file = entry.file;
  const range = file && report.path ? file.rangeOf(report.path, report.part ?? 'value') : { start: 0, end: file?.text.length ? 1 : 0 };
  const d: CourseDiagnostic = {
    file: entry.path,
    range,
    severity: codeSeverity(report.code),
    code: report.code,
    message: report.message,
  };
  if (report.related?.length) d.related = report.related.map((r) => relatedLocation(r.entry, r.path, r.part ?? 'value', r.message));
  if (report.data) d.data = report.data;
  return d;
}
