import type { FileRule } from './rule';
import { accessControlRules, ProblemList } from './support/accessControlModel';

/**
 * What only the defaults rule (the first in `accessControl`) may or must say: it needs a
 * release date once it has `dateControl`, and only it may set `beforeRelease` or `integrations`.
 */
export const accessControlDefaults: FileRule<'assessment'> = {
  name: 'accessControlDefaults',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-release-required': { severity: 'error', description: 'The defaults accessControl rule has "dateControl" without "release".' },
    'access-control-defaults-only': { severity: 'error', description: 'An accessControl override sets "beforeRelease" or "integrations", which only the defaults may set.' },
  },
  check(entry, data, ctx) {
    const problems = new ProblemList();
    for (const r of accessControlRules(data)) {
      if (r.target === 'defaults') {
        if (r.rule.dateControl && !r.rule.dateControl.release) {
          problems.add(
            'access-control-release-required',
            'Release date is required on the defaults when dateControl is specified.',
            [...r.path, 'dateControl'],
            'key',
          );
        }
        continue;
      }
      if (r.rule.beforeRelease !== undefined) {
        problems.add('access-control-defaults-only', 'beforeRelease can only be specified on the defaults.', [...r.path, 'beforeRelease'], 'key');
      }
      if (r.rule.integrations != null) {
        problems.add('access-control-defaults-only', 'integrations can only be specified on the defaults.', [...r.path, 'integrations'], 'key');
      }
    }
    problems.report(ctx, entry);
  },
};
