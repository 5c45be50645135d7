import type { FileRule } from './rule';

/** A zone question is either one question (`id`) or a pool of `alternatives`, never both or neither. */
export const assessmentQuestionBlocks: FileRule<'assessment'> = {
  name: 'assessmentQuestionBlocks',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'question-id-and-alternatives': {
      severity: 'error',
      description: 'A zone question has both "alternatives" and "id".',
    },
    'alternative-pool-preferences': {
      severity: 'error',
      description: 'A pool of alternatives sets "preferences"; they belong on each alternative.',
    },
    'question-id-missing': {
      severity: 'error',
      description: 'A zone question has neither "alternatives" nor "id".',
    },
  },
  check(entry, data, ctx) {
    (data.zones ?? []).forEach((zone, z) => {
      (zone.questions ?? []).forEach((question, q) => {
        const path = ['zones', z, 'questions', q];
        if (question.alternatives && question.id) {
          ctx.report(entry, {
            code: 'question-id-and-alternatives',
            path: [...path, 'id'],
            part: 'key',
            message: 'Cannot specify both "alternatives" and "id" in one question. Keep "id" for a single question, or move it into "alternatives".',
          });
        } else if (!question.alternatives && !question.id) {
          ctx.report(entry, {
            code: 'question-id-missing',
            path,
            message: 'Zone question must specify either "alternatives" or "id".',
          });
        }
        if (question.alternatives && question.preferences != null) {
          ctx.report(entry, {
            code: 'alternative-pool-preferences',
            path: [...path, 'preferences'],
            part: 'key',
            message: 'Cannot specify "preferences" on an alternative pool. Set "preferences" on each alternative instead.',
          });
        }
      });
    });
  },
};
