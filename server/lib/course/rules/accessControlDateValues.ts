import type { FileRule } from './rule';
import { accessControlRules, earlyDeadlines, lateDeadlines } from './support/accessControlModel';
import type { JsonPath } from '../jsonFile';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether `YYYY-MM-DDTHH:MM[:SS]` names a real moment: month 1–12, a day of that month, 00:00 to 23:59:59. */
export function isRealDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return true; // the schema's pattern reports other shapes
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * The dates of `accessControl` rules must be real dates. The JSON Schema only checks their shape, so
 * "2026-13-25T23:59" passes it; PrairieLearn's second validation of the file then rejects it.
 */
export const accessControlDateValues: FileRule<'assessment'> = {
  name: 'accessControlDateValues',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-invalid-date': { severity: 'error', description: 'An accessControl date has the right shape but is not a real date and time (month 13, April 31, 25:00).' },
  },
  check(entry, data, ctx) {
    for (const { rule, path } of accessControlRules(data)) {
      const dates: [unknown, JsonPath][] = [
        [rule.dateControl?.release?.date, [...path, 'dateControl', 'release', 'date']],
        [rule.dateControl?.due?.date, [...path, 'dateControl', 'due', 'date']],
      ];
      earlyDeadlines(rule).forEach((d, i) => dates.push([d?.date, [...path, 'dateControl', 'earlyDeadlines', i, 'date']]));
      lateDeadlines(rule).forEach((d, i) => dates.push([d?.date, [...path, 'dateControl', 'lateDeadlines', i, 'date']]));
      dates.push(
        [rule.afterComplete?.questions?.visibleFromDate, [...path, 'afterComplete', 'questions', 'visibleFromDate']],
        [rule.afterComplete?.questions?.visibleUntilDate, [...path, 'afterComplete', 'questions', 'visibleUntilDate']],
        [rule.afterComplete?.score?.visibleFromDate, [...path, 'afterComplete', 'score', 'visibleFromDate']],
      );
      for (const [value, at] of dates) {
        if (typeof value !== 'string' || isRealDateTime(value)) continue;
        ctx.report(entry, {
          code: 'access-control-invalid-date',
          path: at,
          message: `"${value}" is not a real date and time, and PrairieLearn's sync rejects the file. Check the month (01–12), the day of that month, the hour (00–23) and the minutes and seconds (00–59).`,
          data: { date: value },
        });
      }
    }
  },
};
