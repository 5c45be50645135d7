import type { FileRule } from './rule';

/** `allowIssueReporting` moved from infoCourseInstance.json to infoAssessment.json. */
export const courseInstanceIssueReporting: FileRule<'courseInstance'> = {
  name: 'courseInstanceIssueReporting',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-allow-issue-reporting-unneeded': { severity: 'warning', description: 'infoCourseInstance.json sets "allowIssueReporting": true, which is no longer needed.' },
    'ci-allow-issue-reporting-not-permitted': { severity: 'error', description: 'infoCourseInstance.json sets "allowIssueReporting": false, which is no longer permitted there.' },
  },
  check(entry, data, ctx) {
    if (!('allowIssueReporting' in data)) return;
    if (data.allowIssueReporting) {
      ctx.report(entry, {
        code: 'ci-allow-issue-reporting-unneeded',
        message: '"allowIssueReporting" is no longer needed. Delete it.',
        path: ['allowIssueReporting'],
        part: 'key',
      });
    } else {
      ctx.report(entry, {
        code: 'ci-allow-issue-reporting-not-permitted',
        message:
          '"allowIssueReporting" is no longer permitted in "infoCourseInstance.json". Instead, set "allowIssueReporting" in "infoAssessment.json" files.',
        path: ['allowIssueReporting'],
        part: 'key',
      });
    }
  },
};
