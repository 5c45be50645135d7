import { questionSlots, SlotProblems } from './support/assessmentSlots';
import type { FileRule } from './rule';

/** PrairieLearn's point-setting rules for each question of an assessment (those that do not depend on dates). */
export const assessmentQuestionPoints: FileRule<'assessment'> = {
  name: 'assessmentQuestionPoints',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'points-list-without-real-time-grading': {
      severity: 'error',
      description: 'A question has several point values although real-time grading is disabled for it.',
    },
    'question-points-missing': {
      severity: 'error',
      description: 'A question has none of "points", "autoPoints" and "manualPoints".',
    },
    'points-with-split-points': {
      severity: 'error',
      description: 'A question has "points" together with "autoPoints", "manualPoints" or "maxAutoPoints".',
    },
    'exam-max-points': {
      severity: 'error',
      description: 'A question of an Exam sets "maxPoints" or "maxAutoPoints".',
    },
    'exam-points-increasing': {
      severity: 'error',
      description: 'The point list of an Exam question increases.',
    },
    'homework-max-points-with-split-points': {
      severity: 'error',
      description: 'A Homework question has "maxPoints" together with "autoPoints", "manualPoints" or "maxAutoPoints".',
    },
    'homework-points-list': {
      severity: 'error',
      description: 'A Homework question gives "points" or "autoPoints" as a list.',
    },
  },
  check(entry, data, ctx) {
    const problems = new SlotProblems();
    for (const slot of questionSlots(data)) {
      const { points, autoPoints, manualPoints, maxPoints, maxAutoPoints } = slot.fields;
      const label = slot.label;
      const multiple = [autoPoints, points].find((f) => Array.isArray(f?.value) && f!.value.length > 1);
      if (!slot.allowRealTimeGrading && multiple) {
        problems.add(
          'points-list-without-real-time-grading',
          multiple.path,
          'value',
          label,
          'Cannot specify an array of multiple point values if real-time grading is disabled. Give a single value.',
        );
      }
      if (!points && !autoPoints && !manualPoints) {
        // Nothing marks the absence itself, so mark the question's id.
        problems.add(
          'question-points-missing',
          slot.qid ? [...slot.path, 'id'] : slot.path,
          'value',
          label,
          'Must specify "points", "autoPoints" or "manualPoints" for a question.',
        );
      }
      const split = autoPoints ?? manualPoints ?? maxAutoPoints;
      if (points && split) {
        problems.add(
          'points-with-split-points',
          points.path,
          'key',
          label,
          'Cannot specify "points" for a question if "autoPoints", "manualPoints" or "maxAutoPoints" are specified.',
        );
      }
      if (data.type === 'Exam') {
        const max = maxPoints ?? maxAutoPoints;
        if (max) {
          problems.add(
            'exam-max-points',
            max.path,
            'key',
            label,
            'Cannot specify "maxPoints" or "maxAutoPoints" for a question in an "Exam" assessment.',
          );
        }
        // The list that is graded automatically: autoPoints when points are split, else points.
        const graded = split ? autoPoints : points;
        if (graded && Array.isArray(graded.value) && !isNonIncreasing(graded.value)) {
          problems.add('exam-points-increasing', graded.path, 'value', label, 'Points for a question must be non-increasing.');
        }
      }
      if (data.type === 'Homework') {
        if (maxPoints && split) {
          problems.add(
            'homework-max-points-with-split-points',
            maxPoints.path,
            'key',
            label,
            'Cannot specify "maxPoints" for a question if "autoPoints", "manualPoints" or "maxAutoPoints" are specified.',
          );
        }
        const graded = autoPoints ?? points;
        if (graded && Array.isArray(graded.value)) {
          problems.add(
            'homework-points-list',
            graded.path,
            'value',
            label,
            'Cannot specify "points" or "autoPoints" as a list for a question in a "Homework" assessment.',
          );
        }
      }
    }
    problems.reportAll(ctx, entry);
  },
};

function isNonIncreasing(list: number[]): boolean {
  return list.every((p, i) => i === 0 || p <= list[i - 1]);
}
