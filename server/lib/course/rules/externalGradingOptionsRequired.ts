import type { FileRule } from './rule';

/** An externally graded question cannot be graded without knowing which grader image to run. */
export const externalGradingOptionsRequired: FileRule<'question'> = {
  name: 'externalGradingOptionsRequired',
  scope: 'file',
  kinds: ['question'],
  codes: {
    'external-grading-options-missing': {
      severity: 'error',
      description: '"gradingMethod" is "External" but "externalGradingOptions" is missing.',
    },
  },
  check(entry, data, ctx) {
    if (data.gradingMethod !== 'External' || data.externalGradingOptions !== undefined) return;
    ctx.report(entry, {
      code: 'external-grading-options-missing',
      path: ['gradingMethod'],
      message:
        '"externalGradingOptions" is required when "gradingMethod" is "External". Add "externalGradingOptions" with at least the grader "image".',
    });
  },
};
