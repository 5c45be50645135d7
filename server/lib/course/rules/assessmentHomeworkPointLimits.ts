import { activeAssessments } from './support/assessmentEntries';
import { questionSlots, SlotProblems, type PointField } from './support/assessmentSlots';
import type { CourseRule } from './rule';

/**
 * Homework questions whose per-attempt points do not fit their maximum. PrairieLearn checks these
 * only while the course instance is not expired, so this is a course rule (expiry is read from
 * infoCourseInstance.json).
 */
export const assessmentHomeworkPointLimits: CourseRule = {
  name: 'assessmentHomeworkPointLimits',
  scope: 'course',
  codes: {
    'homework-zero-points-with-max-points': {
      severity: 'error',
      description: 'A Homework question has "points": 0 but "maxPoints" above 0.',
    },
    'homework-zero-auto-points-with-max-auto-points': {
      severity: 'error',
      description: 'A Homework question has "autoPoints": 0 but "maxAutoPoints" above 0.',
    },
    'homework-auto-points-above-max': {
      severity: 'warning',
      description: 'A Homework question\'s "autoPoints" exceed its "maxAutoPoints".',
    },
    'homework-points-above-max': {
      severity: 'warning',
      description: 'A Homework question\'s "points" exceed its "maxPoints".',
    },
  },
  check(ctx) {
    for (const { entry, data } of activeAssessments(ctx)) {
      if (data.type !== 'Homework') continue;
      const problems = new SlotProblems();
      for (const slot of questionSlots(data)) {
        const { points, autoPoints, maxPoints, maxAutoPoints } = slot.fields;
        if (points?.value === 0 && isPositive(maxPoints)) {
          problems.add(
            'homework-zero-points-with-max-points',
            points.path,
            'value',
            slot.label,
            'Cannot specify "points": 0 when "maxPoints" > 0.',
          );
        }
        if (autoPoints?.value === 0 && isPositive(maxAutoPoints)) {
          problems.add(
            'homework-zero-auto-points-with-max-auto-points',
            autoPoints.path,
            'value',
            slot.label,
            'Cannot specify "autoPoints": 0 when "maxAutoPoints" > 0.',
          );
        }
        if (typeof autoPoints?.value === 'number' && typeof maxAutoPoints?.value === 'number' && autoPoints.value > maxAutoPoints.value) {
          problems.add(
            'homework-auto-points-above-max',
            autoPoints.path,
            'value',
            slot.label,
            `"autoPoints" (${autoPoints.value}) should not exceed "maxAutoPoints" (${maxAutoPoints.value}).`,
          );
        }
        if (typeof points?.value === 'number' && typeof maxPoints?.value === 'number' && points.value > maxPoints.value) {
          problems.add(
            'homework-points-above-max',
            points.path,
            'value',
            slot.label,
            `"points" (${points.value}) should not exceed "maxPoints" (${maxPoints.value}).`,
          );
        }
      }
      problems.reportAll(ctx, entry);
    }
  },
};

function isPositive(field: PointField | undefined): boolean {
  return typeof field?.value === 'number' && field.value > 0;
}
