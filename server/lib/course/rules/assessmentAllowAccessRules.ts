import { parseLegacyDate } from './support/legacyDate';
import type { FileRule } from './rule';

/** Legacy `allowAccess` rules of an assessment: valid, ordered dates, and no credit on inactive rules. */
export const assessmentAllowAccessRules: FileRule<'assessment'> = {
  name: 'assessmentAllowAccessRules',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'allow-access-inactive-credit': {
      severity: 'error',
      description: 'An assessment allowAccess rule with "active": false gives credit.',
    },
    'assessment-allow-access-invalid-date': {
      severity: 'error',
      description: 'An assessment allowAccess date is not a valid YYYY-MM-DDTHH:MM:SS date.',
    },
    'assessment-allow-access-start-after-end': {
      severity: 'error',
      description: 'An assessment allowAccess rule starts after it ends.',
    },
  },
  check(entry, data, ctx) {
    (data.allowAccess ?? []).forEach((rule, i) => {
      const path = ['allowAccess', i];
      if (rule.active === false && 'credit' in rule && rule.credit !== 0) {
        ctx.report(entry, {
          code: 'allow-access-inactive-credit',
          path: [...path, 'credit'],
          message: 'Invalid allowAccess rule: credit must be 0 if active is false.',
        });
      }
      const start = rule.startDate ? parseLegacyDate(rule.startDate) : undefined;
      const end = rule.endDate ? parseLegacyDate(rule.endDate) : undefined;
      for (const [key, date] of [['startDate', start], ['endDate', end]] as const) {
        if (rule[key] && !date) {
          ctx.report(entry, {
            code: 'assessment-allow-access-invalid-date',
            path: [...path, key],
            message: `Invalid allowAccess rule: ${key} (${rule[key]}) is not valid. Use the form YYYY-MM-DDTHH:MM:SS.`,
          });
        }
      }
      if (start && end && start.getTime() > end.getTime()) {
        ctx.report(entry, {
          code: 'assessment-allow-access-start-after-end',
          path: [...path, 'startDate'],
          message: `Invalid allowAccess rule: startDate (${rule.startDate}) must not be after endDate (${rule.endDate}).`,
          related: [{ entry, path: [...path, 'endDate'], message: 'The rule\'s endDate' }],
        });
      }
    });
  },
};
