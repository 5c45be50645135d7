import type { FileRule } from './rule';
import { accessControlRules, ProblemList } from './support/accessControlModel';

/**
 * PrairieTest exams listed in an `accessControl` rule's `integrations`: each exam once, and
 * after-completion settings that make sense (a read-only reservation is for review, and a
 * hidden score needs hidden questions).
 */
export const accessControlPrairieTest: FileRule<'assessment'> = {
  name: 'accessControlPrairieTest',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-duplicate-exam': { severity: 'error', description: 'A PrairieTest exam UUID is listed twice in one accessControl rule.' },
    'access-control-exam-after-complete': { severity: 'error', description: 'A PrairieTest exam\'s afterComplete settings contradict each other or its readOnly setting.' },
  },
  check(entry, data, ctx) {
    const problems = new ProblemList();
    for (const r of accessControlRules(data)) {
      const exams = r.rule.integrations?.prairieTest?.exams;
      if (!Array.isArray(exams)) continue;
      const seen = new Set<string>();
      exams.forEach((exam, i) => {
        const at = [...r.path, 'integrations', 'prairieTest', 'exams', i];
        if (seen.has(exam.examUuid)) {
          problems.add('access-control-duplicate-exam', `Duplicate PrairieTest exam UUID: ${exam.examUuid}.`, [...at, 'examUuid']);
        }
        seen.add(exam.examUuid);
        const questionsHidden = exam.afterComplete?.questions?.hidden === true;
        const scoreHidden = exam.afterComplete?.score?.hidden === true;
        if (exam.readOnly === true && (questionsHidden || scoreHidden)) {
          problems.add(
            'access-control-exam-after-complete',
            `PrairieTest exam ${exam.examUuid}: readOnly: true cannot be combined with afterComplete.questions.hidden: true or afterComplete.score.hidden: true (a readOnly reservation is a review environment).`,
            [...at, 'readOnly'],
          );
        }
        if (scoreHidden && !questionsHidden) {
          problems.add(
            'access-control-exam-after-complete',
            `PrairieTest exam ${exam.examUuid}: afterComplete.score.hidden: true requires afterComplete.questions.hidden: true.`,
            [...at, 'afterComplete', 'score', 'hidden'],
          );
        }
      });
    }
    problems.report(ctx, entry);
  },
};
