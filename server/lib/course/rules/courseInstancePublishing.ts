import type { FileRule } from './rule';
import { parseLegacyDate } from './support/legacyDate';

/**
 * The modern `publishing` dates: not together with legacy `allowAccess`, both dates or neither,
 * valid dates, and the start not after the end.
 */
export const courseInstancePublishing: FileRule<'courseInstance'> = {
  name: 'courseInstancePublishing',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-publishing-with-allow-access': { severity: 'error', description: 'infoCourseInstance.json has both "allowAccess" and "publishing".' },
    'ci-publishing-date-missing': { severity: 'error', description: '"publishing" has only one of "startDate" and "endDate".' },
    'ci-publishing-invalid-date': { severity: 'error', description: 'A "publishing" date is not a valid date.' },
    'ci-publishing-start-after-end': { severity: 'error', description: '"publishing.startDate" is after "publishing.endDate".' },
  },
  check(entry, data, ctx) {
    const publishing = data.publishing;
    if (!publishing) return;
    if (data.allowAccess) {
      ctx.report(entry, {
        code: 'ci-publishing-with-allow-access',
        message: 'Cannot use both "allowAccess" and "publishing" in the same course instance. Remove "allowAccess" to use "publishing".',
        path: ['publishing'],
        part: 'key',
        related: [{ entry, path: ['allowAccess'], part: 'key', message: '"allowAccess" is set here' }],
      });
      return;
    }
    const hasStart = publishing.startDate != null;
    const hasEnd = publishing.endDate != null;
    if (hasStart && !hasEnd) {
      ctx.report(entry, {
        code: 'ci-publishing-date-missing',
        message: '"publishing.endDate" is required if "publishing.startDate" is specified.',
        path: ['publishing', 'startDate'],
        part: 'key',
      });
    }
    if (!hasStart && hasEnd) {
      ctx.report(entry, {
        code: 'ci-publishing-date-missing',
        message: '"publishing.startDate" is required if "publishing.endDate" is specified.',
        path: ['publishing', 'endDate'],
        part: 'key',
      });
    }
    const start = publishing.startDate != null ? parseLegacyDate(publishing.startDate) : undefined;
    const end = publishing.endDate != null ? parseLegacyDate(publishing.endDate) : undefined;
    for (const [key, has, parsed] of [['startDate', hasStart, start], ['endDate', hasEnd, end]] as const) {
      if (has && !parsed) {
        ctx.report(entry, {
          code: 'ci-publishing-invalid-date',
          message: `"publishing.${key}" is not a valid date. Use the form YYYY-MM-DDTHH:MM:SS.`,
          path: ['publishing', key],
        });
      }
    }
    if (start && end && start.getTime() > end.getTime()) {
      ctx.report(entry, {
        code: 'ci-publishing-start-after-end',
        message: '"publishing.startDate" must be before "publishing.endDate".',
        path: ['publishing', 'startDate'],
        related: [{ entry, path: ['publishing', 'endDate'], message: 'The end date' }],
      });
    }
  },
};
