import type { FileRule } from './rule';
import {
  accessControlRules,
  accessControlTime,
  dueTime,
  earlyDeadlines,
  lateDeadlines,
  ProblemList,
  releaseTime,
  ruleDateOrderIssues,
  type AccessControlRule,
} from './support/accessControlModel';

/**
 * The order of the dates in `accessControl[].dateControl`: within a rule, release before due,
 * early deadlines between release and due, late deadlines after due, each list chronological
 * and without repeats; across rules, no due date or early deadline at or before the earliest
 * release, and (unless some override removes the due date) no early deadline after the latest
 * due date nor late deadline before the earliest one.
 */
export const accessControlDeadlineDates: FileRule<'assessment'> = {
  name: 'accessControlDeadlineDates',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-duplicate-deadline': { severity: 'error', description: 'An accessControl rule lists the same early or late deadline date twice.' },
    'access-control-date-order': { severity: 'error', description: 'The release, due and deadline dates of an accessControl rule are out of order.' },
    'access-control-date-conflict': { severity: 'error', description: 'A due date or deadline of one accessControl rule conflicts with the release or due dates of the others.' },
  },
  check(entry, data, ctx) {
    const rules = accessControlRules(data);
    if (rules.length === 0) return;
    const problems = new ProblemList();
    for (const r of rules) {
      for (const [kind, word] of [['earlyDeadlines', 'early'], ['lateDeadlines', 'late']] as const) {
        const list = kind === 'earlyDeadlines' ? earlyDeadlines(r.rule) : lateDeadlines(r.rule);
        const seen = new Set<string>();
        list.forEach((d, i) => {
          if (seen.has(d.date)) {
            problems.add('access-control-duplicate-deadline', `Duplicate ${word} deadline date: ${d.date}.`, [...r.path, 'dateControl', kind, i, 'date']);
          }
          seen.add(d.date);
        });
      }
      for (const issue of ruleDateOrderIssues(r)) {
        if (issue.kind === 'deadline') problems.add('access-control-date-order', issue.message, issue.path);
      }
    }
    checkAcrossRules(rules, problems);
    problems.report(ctx, entry);
  },
};

/** PrairieLearn's coarse cross-rule bounds: earliest release, earliest and latest due date. */
function checkAcrossRules(rules: AccessControlRule[], problems: ProblemList): void {
  const releases = rules.map((r) => releaseTime(r.rule)).filter((t): t is number => t !== undefined);
  const dues = rules.map((r) => dueTime(r.rule)).filter((t): t is number => t !== undefined);
  // reduce, not Math.min(...list): a course's list can be longer than the stack holds arguments.
  const minRelease = releases.length > 0 ? releases.reduce((a, b) => Math.min(a, b)) : undefined;
  const minDue = dues.length > 0 ? dues.reduce((a, b) => Math.min(a, b)) : undefined;
  const maxDue = dues.length > 0 ? dues.reduce((a, b) => Math.max(a, b)) : undefined;
  // An override with `due: { date: null }` lets some students have no due date at all.
  const dueCanBeUnset = rules.some((r) => r.rule.dateControl?.due !== undefined && dueTime(r.rule) === undefined);

  for (const r of rules) {
    const due = dueTime(r.rule);
    if (minRelease !== undefined && due !== undefined && due <= minRelease) {
      problems.add('access-control-date-conflict', 'Due date must be after the earliest possible release date.', [...r.path, 'dateControl', 'due', 'date']);
    }
    earlyDeadlines(r.rule).forEach((d, i) => {
      const t = accessControlTime(d.date);
      const at = [...r.path, 'dateControl', 'earlyDeadlines', i, 'date'];
      if (minRelease !== undefined && t <= minRelease) {
        problems.add('access-control-date-conflict', 'Early deadline must be after the earliest possible release date.', at);
      }
      if (!dueCanBeUnset && maxDue !== undefined && t > maxDue) {
        problems.add('access-control-date-conflict', 'Early deadline must be on or before the latest possible due date.', at);
      }
    });
    lateDeadlines(r.rule).forEach((d, i) => {
      if (!dueCanBeUnset && minDue !== undefined && accessControlTime(d.date) < minDue) {
        problems.add(
          'access-control-date-conflict',
          'Late deadline must be on or after the earliest possible due date.',
          [...r.path, 'dateControl', 'lateDeadlines', i, 'date'],
        );
      }
    });
  }
}
