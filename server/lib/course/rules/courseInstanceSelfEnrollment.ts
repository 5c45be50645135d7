import type { FileRule } from './rule';
import { parseLegacyDate } from './support/legacyDate';

/**
 * `selfEnrollment` settings: with legacy `allowAccess` rules, enrollment is always open and has
 * no deadline, so `enabled: false` and `beforeDate` are refused; `beforeDate` must be a date.
 */
export const courseInstanceSelfEnrollment: FileRule<'courseInstance'> = {
  name: 'courseInstanceSelfEnrollment',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-self-enrollment-with-allow-access': { severity: 'error', description: '"selfEnrollment.enabled" or "beforeDate" is set while "allowAccess" is used.' },
    'ci-self-enrollment-invalid-date': { severity: 'error', description: '"selfEnrollment.beforeDate" is not a valid date.' },
  },
  check(entry, data, ctx) {
    const selfEnrollment = data.selfEnrollment;
    if (!selfEnrollment || typeof selfEnrollment !== 'object') return;
    const related = [{ entry, path: ['allowAccess'], part: 'key' as const, message: '"allowAccess" is set here' }];
    if (data.allowAccess != null && selfEnrollment.enabled === false) {
      ctx.report(entry, {
        code: 'ci-self-enrollment-with-allow-access',
        message: '"selfEnrollment.enabled" is not configurable when you have access control rules ("allowAccess" is set).',
        path: ['selfEnrollment', 'enabled'],
        part: 'key',
        related,
      });
    }
    if (selfEnrollment.beforeDate == null) return;
    if (data.allowAccess != null) {
      ctx.report(entry, {
        code: 'ci-self-enrollment-with-allow-access',
        message: '"selfEnrollment.beforeDate" is not configurable when you have access control rules ("allowAccess" is set).',
        path: ['selfEnrollment', 'beforeDate'],
        part: 'key',
        related,
      });
    }
    if (!parseLegacyDate(selfEnrollment.beforeDate)) {
      ctx.report(entry, {
        code: 'ci-self-enrollment-invalid-date',
        message: '"selfEnrollment.beforeDate" is not a valid date. Use the form YYYY-MM-DDTHH:MM:SS.',
        path: ['selfEnrollment', 'beforeDate'],
      });
    }
  },
};
