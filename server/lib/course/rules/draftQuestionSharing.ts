import { isDraftQid } from '../course';
import type { FileRule } from './rule';

/** Draft questions (QIDs under `__drafts__/`) are unfinished, so PrairieLearn refuses to share them. */
export const draftQuestionSharing: FileRule<'question'> = {
  name: 'draftQuestionSharing',
  scope: 'file',
  kinds: ['question'],
  codes: {
    'draft-question-in-sharing-set': { severity: 'error', description: 'A draft question lists sharing sets.' },
    'draft-question-shared-publicly': { severity: 'error', description: 'A draft question is shared publicly.' },
  },
  check(entry, data, ctx) {
    if (!isDraftQid(entry.id)) return;
    if (Array.isArray(data.sharingSets) && data.sharingSets.length > 0) {
      ctx.report(entry, {
        code: 'draft-question-in-sharing-set',
        path: ['sharingSets'],
        part: 'key',
        message: 'Draft questions cannot be added to sharing sets. Remove "sharingSets", or move the question out of __drafts__/ first.',
      });
    }
    for (const prop of ['sharePublicly', 'shareSourcePublicly'] as const) {
      if (data[prop] !== true) continue;
      ctx.report(entry, {
        code: 'draft-question-shared-publicly',
        path: [prop],
        part: 'key',
        message: `Draft questions cannot be publicly shared. Remove "${prop}", or move the question out of __drafts__/ first.`,
      });
    }
  },
};
