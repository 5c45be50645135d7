import type { CourseRule } from './rule';
import { accessControlRules, ProblemList } from './support/accessControlModel';

/**
 * Student labels named by `accessControl` overrides must be declared in the course instance's
 * `studentLabels`. As in PrairieLearn, this is checked only when infoCourseInstance.json loaded
 * (when it did not, PrairieLearn checks against the labels already in its database instead).
 */
export const accessControlStudentLabels: CourseRule = {
  name: 'accessControlStudentLabels',
  scope: 'course',
  codes: {
    'access-control-unknown-label': { severity: 'error', description: 'An accessControl rule names a student label the course instance does not declare.' },
  },
  check(ctx) {
    for (const ci of ctx.course.courseInstances.values()) {
      const ciData = ctx.validData(ci.entry, 'courseInstance');
      if (!ciData) continue;
      let declared: Set<string> | undefined;
      for (const assessment of ci.assessments.values()) {
        const rules = accessControlRules(ctx.validData(assessment, 'assessment'));
        if (!rules.some((r) => Array.isArray(r.rule.labels) && r.rule.labels.length > 0)) continue;
        // PrairieLearn trims label names when it reads infoCourseInstance.json.
        declared ??= new Set((ciData.studentLabels ?? []).map((l) => l.name.trim()));
        const problems = new ProblemList();
        for (const r of rules) {
          if (!Array.isArray(r.rule.labels)) continue;
          const unknown: { label: string; at: number }[] = [];
          r.rule.labels.forEach((label: string, i: number) => {
            if (!declared!.has(label) && !unknown.some((u) => u.label === label)) unknown.push({ label, at: i });
          });
          if (unknown.length === 0) continue;
          problems.add(
            'access-control-unknown-label',
            `The access control rule targets non-existent student labels: ${unknown.map((u) => `"${u.label}"`).join(', ')}. ` +
              'Declare them in "studentLabels" of infoCourseInstance.json, or correct the names.',
            [...r.path, 'labels', unknown[0].at],
            'value',
            [{ entry: ci.entry, path: ['studentLabels'], part: 'key', message: 'Student labels of this course instance' }],
          );
        }
        problems.report(ctx, assessment);
      }
    }
  },
};
