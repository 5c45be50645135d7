import type { FileRule } from './rule';
import { isAccessibleInFuture } from './support/courseInstanceAccess';

/**
 * Legacy `allowAccess` rules worth cleaning up in a course instance that is still (or will be)
 * accessible: staff rules (`role` other than Student, now ignored; staff are managed on the
 * Staff page), and `uids` entries holding whitespace or commas, usually several UIDs pasted
 * into one string. Past course instances are left alone, as in PrairieLearn.
 */
export const courseInstanceAllowAccessCleanup: FileRule<'courseInstance'> = {
  name: 'courseInstanceAllowAccessCleanup',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-allow-access-staff-role': { severity: 'warning', description: 'An "allowAccess" rule of an accessible course instance is for a staff role.' },
    'ci-allow-access-uid-format': { severity: 'warning', description: 'An "allowAccess" UID of an accessible course instance contains whitespace or a comma.' },
  },
  check(entry, data, ctx) {
    if (!Array.isArray(data.allowAccess) || !isAccessibleInFuture(data, ctx.now)) return;
    data.allowAccess.forEach((rule, i) => {
      if (!rule || typeof rule !== 'object') return;
      if ('role' in rule && rule.role !== 'Student') {
        ctx.report(entry, {
          code: 'ci-allow-access-staff-role',
          message: `The entire "allowAccess" rule with "role: ${rule.role}" should be deleted. Instead, course owners can now manage course staff access on the "Staff" page.`,
          path: ['allowAccess', i, 'role'],
        });
      }
      const uids: unknown[] = Array.isArray(rule.uids) ? rule.uids : [];
      for (const [what, test] of [['whitespace', (u: string) => /\s/.test(u)], ['commas', (u: string) => u.includes(',')]] as const) {
        const bad = uids.flatMap((u, j) => (typeof u === 'string' && test(u) ? [{ uid: u, j }] : []));
        if (bad.length === 0) continue;
        ctx.report(entry, {
          code: 'ci-allow-access-uid-format',
          message: `The following access rule UIDs contain unexpected ${what}: ${bad.map((b) => `"${b.uid}"`).join(', ')}. Give each UID as its own string.`,
          path: ['allowAccess', i, 'uids', bad[0].j],
          related: bad.slice(1).map((b) => ({ entry, path: ['allowAccess', i, 'uids', b.j], message: `"${b.uid}"` })),
        });
      }
    });
  },
};
