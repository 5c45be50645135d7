import type { InfoKind } from '../course';
import type { JsonPath } from '../jsonFile';

// How some settings behave, which depends on the assessment type or question type and is easy to
// get wrong from the schema alone (PrairieLearn's question and assessment documentation).
const NOTES: Partial<Record<InfoKind, Record<string, string>>> = {
  question: {
    singleVariant:
      'On **Homework** assessments a single-variant question gives each student one variant only, to retry as often as ' +
      'they like; its correct answer is never shown. On **Exam** assessments every question already works on one ' +
      'variant per attempt, so this setting changes nothing there.',
    partialCredit:
      'When omitted, `"v3"` questions give partial credit (for example half the points when one of two answers is ' +
      'right) and older question types do not. With `false` a submission scores 0% or 100%.',
  },
  assessment: {
    type:
      '**Homework**: students can ask for new variants and retry a question until they master it. **Exam**: each ' +
      'question gets one variant per student, with as many attempts as its `points` list has values.',
    shuffleQuestions: 'When omitted: shuffled on **Exam** assessments, in file order on **Homework**.',
    requireHonorCode: 'When omitted: required on **Exam** assessments, not on **Homework**.',
    showQuestionTitles: 'When omitted: titles shown on **Homework** assessments, hidden on **Exam**.',
    allowRealTimeGrading: 'Cannot be `false` on **Homework** assessments; PrairieLearn rejects that.',
    multipleInstance: 'Only for **Exam** assessments; PrairieLearn rejects it on **Homework**.',
    honorCode: 'Only shown on **Exam** assessments that require the honor code.',
  },
};

/** Markdown explaining the behaviour of the property at `path`, when there is more to say than its schema. */
export function propertyNote(kind: InfoKind, path: JsonPath): string | undefined {
  if (path.length !== 1 || typeof path[0] !== 'string') return undefined;
  return NOTES[kind]?.[path[0]];
}
