import { activeAssessments } from './support/assessmentEntries';
import type { CourseRule } from './rule';

/**
 * Warnings about legacy `allowAccess` rules, shown only while the assessment's course instance is
 * not expired (PrairieLearn spares old course instances). A course rule, because expiry is read
 * from infoCourseInstance.json.
 */
export const assessmentAllowAccessWarnings: CourseRule = {
  name: 'assessmentAllowAccessWarnings',
  scope: 'course',
  codes: {
    'assessment-allow-access-role': {
      severity: 'warning',
      description: 'An assessment allowAccess rule is for a role other than Student.',
    },
    'assessment-allow-access-uid-whitespace': {
      severity: 'warning',
      description: 'An assessment allowAccess UID contains whitespace.',
    },
    'assessment-allow-access-uid-comma': {
      severity: 'warning',
      description: 'An assessment allowAccess UID contains a comma.',
    },
    'allow-access-exam-uuid-public': {
      severity: 'warning',
      description: 'An allowAccess rule has an "examUuid" with "mode": "Public".',
    },
    'allow-access-exam-uuid-missing': {
      severity: 'warning',
      description: 'An allowAccess rule has "mode": "Exam" without an "examUuid".',
    },
  },
  check(ctx) {
    for (const { entry, data } of activeAssessments(ctx)) {
      (data.allowAccess ?? []).forEach((rule, i) => {
        const path = ['allowAccess', i];
        if ('role' in rule && rule.role !== 'Student') {
          ctx.report(entry, {
            code: 'assessment-allow-access-role',
            path: [...path, 'role'],
            message: `The entire "allowAccess" rule with "role: ${rule.role}" should be deleted. Instead, course owners can now manage course staff access on the "Staff" page.`,
          });
        }
        // One diagnostic per UID, so that each bad string is marked.
        (rule.uids ?? []).forEach((uid: string, j: number) => {
          if (/\s/.test(uid)) {
            ctx.report(entry, {
              code: 'assessment-allow-access-uid-whitespace',
              path: [...path, 'uids', j],
              message: `The following access rule UIDs contain unexpected whitespace: "${uid}". Give each UID as its own string, without spaces.`,
            });
          }
          if (uid.includes(',')) {
            ctx.report(entry, {
              code: 'assessment-allow-access-uid-comma',
              path: [...path, 'uids', j],
              message: `The following access rule UIDs contain unexpected commas: "${uid}". Give each UID as its own string.`,
            });
          }
        });
        if (rule.examUuid && rule.mode === 'Public') {
          ctx.report(entry, {
            code: 'allow-access-exam-uuid-public',
            path: [...path, 'examUuid'],
            part: 'key',
            message: 'Invalid allowAccess rule: examUuid cannot be used with "mode": "Public".',
          });
        }
        if (rule.mode === 'Exam' && !rule.examUuid) {
          ctx.report(entry, {
            code: 'allow-access-exam-uuid-missing',
            path: [...path, 'mode'],
            message: 'Invalid allowAccess rule: examUuid is required with "mode": "Exam".',
          });
        }
      });
    }
  },
};
