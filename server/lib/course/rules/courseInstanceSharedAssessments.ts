import type { InfoEntry } from '../course';
import type { CourseRule } from './rule';

/**
 * A course instance that shares its source publicly must share every assessment's source too.
 * As in PrairieLearn, an assessment whose file did not load counts as not shared.
 */
export const courseInstanceSharedAssessments: CourseRule = {
  name: 'courseInstanceSharedAssessments',
  scope: 'course',
  codes: {
    'ci-shared-with-unshared-assessments': {
      severity: 'error',
      description: 'A course instance with "shareSourcePublicly": true has assessments that are not publicly shared.',
    },
  },
  check(ctx) {
    for (const ci of ctx.course.courseInstances.values()) {
      if (ctx.validData(ci.entry, 'courseInstance')?.shareSourcePublicly !== true) continue;
      const unshared: InfoEntry[] = [];
      for (const assessment of ci.assessments.values()) {
        if (ctx.validData(assessment, 'assessment')?.shareSourcePublicly !== true) unshared.push(assessment);
      }
      if (unshared.length === 0) continue;
      ctx.report(ci.entry, {
        code: 'ci-shared-with-unshared-assessments',
        message:
          `Course instance is publicly shared but contains assessments which are not publicly shared: ${unshared.map((a) => a.id).join(', ')}. ` +
          'Set "shareSourcePublicly": true in those assessments, or remove it here.',
        path: ['shareSourcePublicly'],
        related: unshared.map((a) => ({ entry: a, path: ['shareSourcePublicly'], message: `Assessment ${a.id} is not publicly shared` })),
        data: { assessments: unshared.map((a) => a.id) },
      });
    }
  },
};
