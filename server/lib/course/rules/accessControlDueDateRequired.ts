import type { FileRule } from './rule';
import { accessControlRules, dueTime, lateDeadlines, ProblemList } from './support/accessControlModel';

/**
 * Late deadlines and submissions after the last deadline are measured from a due date, so an
 * `accessControl` rule that has them needs one: the defaults need their own, an override must
 * not remove it (`due.date: null`), and an override that inherits it needs some rule to set one.
 */
export const accessControlDueDateRequired: FileRule<'assessment'> = {
  name: 'accessControlDueDateRequired',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-due-date-required': { severity: 'error', description: 'An accessControl rule has late deadlines or after-last-deadline submissions but no due date.' },
  },
  check(entry, data, ctx) {
    const rules = accessControlRules(data);
    if (rules.length === 0) return;
    const problems = new ProblemList();
    const report = (path: (string | number)[], what: 'late' | 'after', suffix: string) =>
      problems.add(
        'access-control-due-date-required',
        `${what === 'late' ? 'Late deadlines require' : 'After-last-deadline behavior requires'} a due date${suffix}.`,
        what === 'late' ? [...path, 'dateControl', 'lateDeadlines', 0, 'date'] : [...path, 'dateControl', 'afterLastDeadline', 'allowSubmissions'],
      );

    for (const r of rules) {
      const dc = r.rule.dateControl;
      if (!dc) continue;
      const dueMissing = r.target === 'defaults' ? !dc.due?.date : dc.due?.date === null;
      if (!dueMissing) continue;
      if (lateDeadlines(r.rule).length > 0) report(r.path, 'late', '');
      if (dc.afterLastDeadline?.allowSubmissions === true) report(r.path, 'after', '');
    }

    // Overrides without their own `due` inherit one; that fails only if no rule sets a due date.
    if (!rules.some((r) => dueTime(r.rule) !== undefined)) {
      for (const r of rules) {
        const dc = r.rule.dateControl;
        if (r.target === 'defaults' || !dc || dc.due !== undefined) continue;
        if (lateDeadlines(r.rule).length > 0) report(r.path, 'late', ' on at least one rule');
        if (dc.afterLastDeadline?.allowSubmissions === true) report(r.path, 'after', ' on at least one rule');
      }
    }
    problems.report(ctx, entry);
  },
};
