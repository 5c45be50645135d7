import { validAssessments } from './support/assessmentEntries';
import type { CourseRule } from './rule';

/**
 * An assessment whose source is shared publicly may only use publicly shared questions. As in
 * PrairieLearn, this looks at zone questions given by `id` (not pool alternatives); a question
 * whose file did not pass its schema counts as not shared.
 */
export const assessmentPublicSharing: CourseRule = {
  name: 'assessmentPublicSharing',
  scope: 'course',
  codes: {
    'public-assessment-private-question': {
      severity: 'error',
      description: 'An assessment with "shareSourcePublicly" uses a question that is not publicly shared.',
    },
  },
  check(ctx) {
    for (const { entry, data } of validAssessments(ctx)) {
      if (!data.shareSourcePublicly) continue;
      (data.zones ?? []).forEach((zone, z) => {
        (zone.questions ?? []).forEach((question, q) => {
          const qid = question.id;
          if (!qid) return;
          // Unknown QIDs and other courses' questions are reported (or skipped) elsewhere.
          const questionEntry = ctx.course.questions.get(qid);
          if (!questionEntry) return;
          const questionData = ctx.validData(questionEntry, 'question');
          if (questionData?.sharePublicly || questionData?.shareSourcePublicly) return;
          ctx.report(entry, {
            code: 'public-assessment-private-question',
            path: ['zones', z, 'questions', q, 'id'],
            message: `Assessment is publicly shared but contains questions which are not publicly shared: "${qid}" sets neither "sharePublicly" nor "shareSourcePublicly".`,
            related: [{ entry: questionEntry, message: `Question ${qid} (${questionEntry.relPath})` }],
          });
        });
      });
    }
  },
};
