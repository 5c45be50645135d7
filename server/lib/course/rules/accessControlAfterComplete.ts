import type { FileRule } from './rule';
import type { InfoAssessmentAccessControlRule } from '../schemaTypes';
import { accessControlRules, accessControlTime, ProblemList, ruleDateOrderIssues } from './support/accessControlModel';

/**
 * What students see after completing an assessment (`accessControl[].afterComplete`): reveal
 * dates only with `hidden: true`, reveal dates after the last deadline and in order, and never
 * questions visible while the score stays hidden. Overrides inherit `questions` and `score`
 * (each as a whole) from the defaults; without either, questions are hidden and the score shown.
 */
export const accessControlAfterComplete: FileRule<'assessment'> = {
  name: 'accessControlAfterComplete',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'access-control-visibility-date-unused': { severity: 'error', description: 'An afterComplete reveal date is set while "hidden" is false.' },
    'access-control-visibility-date-order': { severity: 'error', description: 'An afterComplete reveal date is not after the last deadline, or the questions\' reveal window is empty.' },
    'access-control-visibility-conflict': { severity: 'error', description: 'After completion, questions would be visible while the score is hidden.' },
  },
  check(entry, data, ctx) {
    const rules = accessControlRules(data);
    if (rules.length === 0) return;
    const problems = new ProblemList();
    for (const r of rules) {
      const questions = r.rule.afterComplete?.questions;
      const score = r.rule.afterComplete?.score;
      if (questions?.hidden === false && (questions.visibleFromDate !== undefined || questions.visibleUntilDate !== undefined)) {
        problems.add(
          'access-control-visibility-date-unused',
          'afterComplete.questions cannot have visibleFromDate or visibleUntilDate when hidden is false.',
          [...r.path, 'afterComplete', 'questions', 'hidden'],
        );
      }
      if (score?.hidden === false && score.visibleFromDate !== undefined) {
        problems.add(
          'access-control-visibility-date-unused',
          'afterComplete.score cannot have visibleFromDate when hidden is false.',
          [...r.path, 'afterComplete', 'score', 'hidden'],
        );
      }
      for (const issue of ruleDateOrderIssues(r)) {
        if (issue.kind === 'visibility') problems.add('access-control-visibility-date-order', issue.message, issue.path);
      }
    }

    const defaults = rules[0].rule.afterComplete;
    for (const r of rules) {
      const questions = r.rule.afterComplete?.questions ?? defaults?.questions ?? { hidden: true };
      const score = r.rule.afterComplete?.score ?? defaults?.score ?? { hidden: false };
      const message = visibilityConflict(questions, score);
      if (message) problems.add('access-control-visibility-conflict', message, [...r.path, 'afterComplete', 'questions'], 'key');
    }
    problems.report(ctx, entry);
  },
};

/** The after-completion settings in force for one rule (its own, else the defaults'). */
type AfterComplete = NonNullable<InfoAssessmentAccessControlRule['afterComplete']>;

function visibilityConflict(questions: Partial<NonNullable<AfterComplete['questions']>>, score: Partial<NonNullable<AfterComplete['score']>>): string | undefined {
  if (score.hidden && !questions.hidden) {
    return 'Questions cannot be made visible after completion while the score is hidden.';
  }
  if (!questions.hidden || questions.visibleFromDate === undefined || !score.hidden) return undefined;
  if (score.visibleFromDate === undefined) {
    return 'Questions cannot become visible after completion while the score remains hidden. Either make the score visible after completion, or reveal the score on or before the question reveal date.';
  }
  if (accessControlTime(score.visibleFromDate) > accessControlTime(questions.visibleFromDate)) {
    return 'The score must become visible on or before the question reveal date.';
  }
  return undefined;
}
