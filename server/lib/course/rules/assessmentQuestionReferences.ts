import { isDraftQid, type InfoEntry } from '../course';
import type { JsonPath } from '../jsonFile';
import { validAssessments } from './support/assessmentEntries';
import { questionSlots } from './support/assessmentSlots';
import type { CourseRule, Report } from './rule';

/**
 * The QIDs an assessment uses: each must be a question folder of this course (an exact match;
 * the question may itself have errors), used once, and not a draft. `@sharing-name/qid`
 * references to other courses need PrairieLearn's database and are skipped.
 */
export const assessmentQuestionReferences: CourseRule = {
  name: 'assessmentQuestionReferences',
  scope: 'course',
  codes: {
    'question-used-more-than-once': {
      severity: 'error',
      description: 'An assessment uses the same question more than once.',
    },
    'question-not-found': {
      severity: 'error',
      description: 'An assessment uses a QID that is not a question of this course.',
    },
    'draft-question-in-assessment': {
      severity: 'error',
      description: 'An assessment uses a draft question (__drafts__/...).',
    },
  },
  check(ctx) {
    const questions = ctx.course.questions;
    for (const { entry, data } of validAssessments(ctx)) {
      const firstUse = new Map<string, JsonPath>();
      const duplicates: Report[] = [];
      const missing: Report[] = [];
      const drafts: Report[] = [];
      for (const slot of questionSlots(data)) {
        const qid = slot.qid;
        if (!qid || qid.startsWith('@')) continue;
        const path = [...slot.path, 'id'];
        const question = questions.get(qid);
        const related = question ? [questionFile(question)] : [];
        const first = firstUse.get(qid);
        if (first) {
          duplicates.push({
            code: 'question-used-more-than-once',
            path,
            message: `The following questions are used more than once: "${qid}". Use each question once per assessment.`,
            related: [{ entry, path: first, message: `First use of "${qid}"` }, ...related],
          });
        } else firstUse.set(qid, path);
        if (!question) {
          missing.push({
            code: 'question-not-found',
            path,
            message: `The following questions do not exist in this course: "${qid}". Check the QID against the folders in questions/.`,
            data: { qid },
          });
        }
        if (isDraftQid(qid)) {
          drafts.push({
            code: 'draft-question-in-assessment',
            path,
            message: `The following questions are marked as draft and therefore cannot be used in assessments: "${qid}". Move the question out of __drafts__/ first.`,
            related,
          });
        }
      }
      // PrairieLearn's order: duplicates, then missing, then drafts.
      for (const report of [...duplicates, ...missing, ...drafts]) ctx.report(entry, report);
    }
  },
};

function questionFile(question: InfoEntry) {
  return { entry: question, message: `Question ${question.id} (${question.relPath})` };
}
