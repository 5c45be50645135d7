import type { FileRule } from './rule';
import { accessControlRules, ProblemList } from './support/accessControlModel';

/** PrairieLearn's limit on each kind of override. */
const MAX_OVERRIDES = 100;

/**
 * Who each modern `accessControl` rule applies to: the first rule must be the defaults,
 * student-label overrides come before student-specific ones, there are at most 100 of each,
 * and a rule names each label once.
 */
export const accessControlTargets: FileRule<'assessment'> = {
  name: 'accessControlTargets',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-too-many-overrides': { severity: 'error', description: 'More than 100 student-label or 100 student-specific accessControl overrides.' },
    'access-control-no-defaults': { severity: 'error', description: 'The first accessControl rule has "labels", so there are no defaults.' },
    'access-control-override-order': { severity: 'error', description: 'A student-label accessControl rule follows a student-specific one.' },
    'access-control-duplicate-label': { severity: 'error', description: 'An accessControl rule lists a student label twice.' },
  },
  check(entry, data, ctx) {
    const rules = accessControlRules(data);
    if (rules.length === 0) return;
    const problems = new ProblemList();

    const labelRules = rules.filter((r) => r.target === 'labels');
    const studentRules = rules.filter((r) => r.target === 'students');
    if (labelRules.length > MAX_OVERRIDES) {
      problems.add(
        'access-control-too-many-overrides',
        `An assessment can have at most ${MAX_OVERRIDES} student-label access control overrides.`,
        [...labelRules[MAX_OVERRIDES].path],
      );
    }
    if (studentRules.length > MAX_OVERRIDES) {
      problems.add(
        'access-control-too-many-overrides',
        `An assessment can have at most ${MAX_OVERRIDES} student-specific access control overrides.`,
        [...studentRules[MAX_OVERRIDES].path],
      );
    }

    if (rules[0].rule.labels != null) {
      problems.add(
        'access-control-no-defaults',
        'No defaults found. The first element of accessControl must apply to everyone.',
        [...rules[0].path, 'labels'],
        'key',
      );
    }

    const firstStudentRule = studentRules[0];
    if (firstStudentRule) {
      const misplaced = labelRules.find((r) => r.index > firstStudentRule.index);
      if (misplaced) {
        problems.add(
          'access-control-override-order',
          'Student-label access control rules must appear before student-specific access control rules.',
          [...misplaced.path, 'labels'],
          'key',
        );
      }
    }

    for (const r of rules) {
      if (!Array.isArray(r.rule.labels)) continue;
      const seen = new Set<string>();
      const duplicates: { label: string; at: number }[] = [];
      r.rule.labels.forEach((label: string, i: number) => {
        if (!seen.has(label)) seen.add(label);
        else if (!duplicates.some((d) => d.label === label)) duplicates.push({ label, at: i });
      });
      if (duplicates.length > 0) {
        problems.add(
          'access-control-duplicate-label',
          `Found duplicate student labels in this access control rule: ${duplicates.map((d) => `"${d.label}"`).join(', ')}.`,
          [...r.path, 'labels', duplicates[0].at],
        );
      }
    }
    problems.report(ctx, entry);
  },
};
