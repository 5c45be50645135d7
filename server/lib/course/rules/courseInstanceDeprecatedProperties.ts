import type { FileRule } from './rule';
import { isAccessibleInFuture } from './support/courseInstanceAccess';

/**
 * Properties of infoCourseInstance.json that PrairieLearn no longer uses: `userRoles` (staff
 * are managed on the Staff page), `shortName` (never used, but long copied from the template)
 * and `hideInEnrollPage` (the enrollment page is gone). Reported only for course instances
 * that are still (or will be) accessible, as in PrairieLearn.
 */
export const courseInstanceDeprecatedProperties: FileRule<'courseInstance'> = {
  name: 'courseInstanceDeprecatedProperties',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-user-roles-deprecated': { severity: 'warning', description: 'An accessible course instance sets "userRoles".' },
    'ci-short-name-unused': { severity: 'warning', description: 'An accessible course instance sets "shortName".' },
    'ci-hide-in-enroll-page-deprecated': { severity: 'warning', description: 'An accessible course instance sets "hideInEnrollPage".' },
  },
  check(entry, data, ctx) {
    if (!isAccessibleInFuture(data, ctx.now)) return;
    if ('userRoles' in data) {
      ctx.report(entry, {
        code: 'ci-user-roles-deprecated',
        message: 'The property "userRoles" should be deleted. Instead, course owners can now manage staff access on the "Staff" page.',
        path: ['userRoles'],
        part: 'key',
      });
    }
    if (data.shortName) {
      ctx.report(entry, {
        code: 'ci-short-name-unused',
        message: 'The property "shortName" is not used and should be deleted.',
        path: ['shortName'],
        part: 'key',
      });
    }
    if (data.hideInEnrollPage != null) {
      ctx.report(entry, {
        code: 'ci-hide-in-enroll-page-deprecated',
        message: '"hideInEnrollPage" should be deleted as the enrollment page has been removed.',
        path: ['hideInEnrollPage'],
        part: 'key',
      });
    }
  },
};
