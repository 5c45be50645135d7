import type { FileRule } from './rule';
import { accessControlRules, ProblemList } from './support/accessControlModel';

/**
 * Every override in `accessControl` needs its own `uuid` (PrairieLearn keeps per-student data
 * by it); the defaults rule must not have one.
 */
export const accessControlRuleUuids: FileRule<'assessment'> = {
  name: 'accessControlRuleUuids',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-uuid-missing': { severity: 'error', description: 'An accessControl override has no "uuid".' },
    'access-control-uuid-on-defaults': { severity: 'error', description: 'The defaults accessControl rule has a "uuid".' },
    'access-control-duplicate-uuid': { severity: 'error', description: 'Two accessControl overrides share a "uuid".' },
  },
  check(entry, data, ctx) {
    const rules = accessControlRules(data);
    if (rules.length === 0) return;
    const problems = new ProblemList();

    for (const r of rules.slice(1)) {
      if (r.rule.uuid == null) {
        problems.add('access-control-uuid-missing', 'Every non-default accessControl rule must specify uuid.', r.path);
      }
    }

    const firstByUuid = new Map<string, number>();
    const duplicates: { uuid: string; index: number }[] = [];
    for (const r of rules.slice(1)) {
      const uuid = r.rule.uuid;
      if (uuid == null) continue;
      if (!firstByUuid.has(uuid)) firstByUuid.set(uuid, r.index);
      else if (!duplicates.some((d) => d.uuid === uuid)) duplicates.push({ uuid, index: r.index });
    }
    if (duplicates.length > 0) {
      problems.add(
        'access-control-duplicate-uuid',
        `Found duplicate access control rule UUIDs: ${duplicates.map((d) => `"${d.uuid}"`).join(', ')}.`,
        ['accessControl', duplicates[0].index, 'uuid'],
      );
    }

    if (rules[0].rule.uuid != null) {
      problems.add(
        'access-control-uuid-on-defaults',
        'uuid can only be specified on non-default access control rules.',
        ['accessControl', 0, 'uuid'],
        'key',
      );
    }
    problems.report(ctx, entry);
  },
};
