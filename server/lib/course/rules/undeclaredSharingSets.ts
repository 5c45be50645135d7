import type { CourseRule } from './rule';

/**
 * A question may only join sharing sets that infoCourse.json declares. Like PrairieLearn, this is
 * skipped while infoCourse.json has errors, since its list of sharing sets is then unknown.
 */
export const undeclaredSharingSets: CourseRule = {
  name: 'undeclaredSharingSets',
  scope: 'course',
  perEntry: true,
  codes: {
    'undeclared-sharing-set': { severity: 'error', description: 'A question lists a sharing set that infoCourse.json does not declare.' },
  },
  check(ctx) {
    const info = ctx.course.info;
    if (ctx.hasErrors(info)) return;
    const courseData = ctx.validData(info, 'course');
    if (!courseData) return;
    const declared = new Set<string>();
    for (const set of courseData.sharingSets ?? []) declared.add(set.name);
    const relatedMessage = courseData.sharingSets
      ? 'Sharing sets are declared here'
      : 'infoCourse.json has no "sharingSets" list yet';
    for (const entry of ctx.course.questions.values()) {
      const sets = ctx.validData(entry, 'question')?.sharingSets ?? [];
      sets.forEach((name, i) => {
        if (declared.has(name)) return;
        ctx.report(entry, {
          code: 'undeclared-sharing-set',
          path: ['sharingSets', i],
          message: `Sharing set ${name} does not exist in this course. Declare it in "sharingSets" of infoCourse.json, or remove it here.`,
          related: [{ entry: info, path: ['sharingSets'], part: 'key', message: relatedMessage }],
          data: { name },
        });
      });
    }
  },
};
