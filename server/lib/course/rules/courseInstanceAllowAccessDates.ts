import type { FileRule } from './rule';
import { parseLegacyDate } from './support/legacyDate';

/** The dates of infoCourseInstance.json's legacy `allowAccess` rules: valid, and start not after end. */
export const courseInstanceAllowAccessDates: FileRule<'courseInstance'> = {
  name: 'courseInstanceAllowAccessDates',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-allow-access-invalid-date': { severity: 'error', description: 'An "allowAccess" rule\'s startDate or endDate is not a valid date.' },
    'ci-allow-access-start-after-end': { severity: 'error', description: 'An "allowAccess" rule starts after it ends.' },
  },
  check(entry, data, ctx) {
    if (!Array.isArray(data.allowAccess)) return;
    data.allowAccess.forEach((rule, i) => {
      const parsed: Partial<Record<'startDate' | 'endDate', Date>> = {};
      for (const key of ['startDate', 'endDate'] as const) {
        if (!rule?.[key]) continue;
        parsed[key] = parseLegacyDate(rule[key]);
        if (!parsed[key]) {
          ctx.report(entry, {
            code: 'ci-allow-access-invalid-date',
            message: `Invalid allowAccess rule: ${key} (${rule[key]}) is not valid. Use the form YYYY-MM-DDTHH:MM:SS.`,
            path: ['allowAccess', i, key],
          });
        }
      }
      if (parsed.startDate && parsed.endDate && parsed.startDate.getTime() > parsed.endDate.getTime()) {
        ctx.report(entry, {
          code: 'ci-allow-access-start-after-end',
          message: `Invalid allowAccess rule: startDate (${rule.startDate}) must not be after endDate (${rule.endDate})`,
          path: ['allowAccess', i, 'startDate'],
          related: [{ entry, path: ['allowAccess', i, 'endDate'], message: 'The end date' }],
        });
      }
    });
  },
};
