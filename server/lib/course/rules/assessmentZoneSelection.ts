import { activeAssessments } from './support/assessmentEntries';
import { zoneName } from './support/assessmentSlots';
import type { CourseRule } from './rule';

/**
 * Zone and pool selection counts that cannot be met or that make a zone pointless. PrairieLearn
 * warns only while the course instance is not expired, so this is a course rule.
 */
export const assessmentZoneSelection: CourseRule = {
  name: 'assessmentZoneSelection',
  scope: 'course',
  codes: {
    'pool-number-choose-too-large': {
      severity: 'warning',
      description: 'A pool\'s "numberChoose" exceeds its number of alternatives.',
    },
    'zone-best-questions-above-number-choose': {
      severity: 'warning',
      description: 'A zone\'s "bestQuestions" exceeds its "numberChoose".',
    },
    'zone-number-choose-too-large': {
      severity: 'warning',
      description: 'A zone\'s "numberChoose" exceeds the number of questions it can present.',
    },
    'zone-best-questions-too-large': {
      severity: 'warning',
      description: 'A zone\'s "bestQuestions" exceeds the number of questions it can present.',
    },
    'zone-number-choose-zero': {
      severity: 'warning',
      description: 'A zone that is not a lockpoint has "numberChoose": 0.',
    },
    'zone-best-questions-zero': { severity: 'warning', description: 'A zone has "bestQuestions": 0.' },
  },
  check(ctx) {
    for (const { entry, data } of activeAssessments(ctx)) {
      (data.zones ?? []).forEach((zone, z) => {
        const name = zoneName(zone, z);
        const zonePath = ['zones', z];
        // How many questions the zone can present: one per single question, and per pool its
        // numberChoose (when it can be met) or all its alternatives.
        let size = 0;
        (zone.questions ?? []).forEach((question, q) => {
          if (question.alternatives) {
            const count = question.alternatives.length;
            if (question.numberChoose != null && question.numberChoose > count) {
              ctx.report(entry, {
                code: 'pool-number-choose-too-large',
                path: [...zonePath, 'questions', q, 'numberChoose'],
                message: `Zone "${name}", alternative group ${q + 1}: "numberChoose" (${question.numberChoose}) exceeds the number of alternatives (${count}).`,
              });
            }
            size += Math.min(question.numberChoose ?? count, count);
          } else if (question.id) size += 1;
        });
        const { numberChoose, bestQuestions } = zone;
        if (bestQuestions != null && numberChoose != null && bestQuestions > numberChoose) {
          ctx.report(entry, {
            code: 'zone-best-questions-above-number-choose',
            path: [...zonePath, 'bestQuestions'],
            message: `Zone "${name}": "bestQuestions" (${bestQuestions}) should not exceed "numberChoose" (${numberChoose}).`,
          });
        }
        if (numberChoose != null && numberChoose > size) {
          ctx.report(entry, {
            code: 'zone-number-choose-too-large',
            path: [...zonePath, 'numberChoose'],
            message: `Zone "${name}": "numberChoose" (${numberChoose}) exceeds the number of questions in the zone (${size}).`,
          });
        }
        if (bestQuestions != null && bestQuestions > size) {
          ctx.report(entry, {
            code: 'zone-best-questions-too-large',
            path: [...zonePath, 'bestQuestions'],
            message: `Zone "${name}": "bestQuestions" (${bestQuestions}) exceeds the number of questions in the zone (${size}).`,
          });
        }
        if (numberChoose === 0 && !zone.lockpoint) {
          ctx.report(entry, {
            code: 'zone-number-choose-zero',
            path: [...zonePath, 'numberChoose'],
            message: `Zone "${name}": "numberChoose" is 0, so no questions will be presented from this zone.`,
          });
        }
        if (bestQuestions === 0) {
          ctx.report(entry, {
            code: 'zone-best-questions-zero',
            path: [...zonePath, 'bestQuestions'],
            message: `Zone "${name}": "bestQuestions" is 0, so no questions from this zone will count toward the total points.`,
          });
        }
      });
    }
  },
};
