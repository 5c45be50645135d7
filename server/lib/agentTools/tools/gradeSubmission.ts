import { clip } from '../bounded';
import { ToolError } from '../toolError';
import type { AgentTool } from '../toolTypes';
import { ANSWERS_PROPERTY, issueLines, issueList, seedOf, VARIANT_PROPERTIES } from './variantInput';

export const gradeSubmissionTool: AgentTool = {
  name: 'grade_submission',
  title: 'Grade answers to a variant',
  description:
    'Submit answers (by input name, the element\'s answers-name) to a variant of a question and grade them as PrairieLearn would: ' +
    'the score, the partial score of each part, feedback and format errors (an answer that cannot be read, such as "abc" for a number, is a format error and is not graded). ' +
    'Give the seed from render_question or test_question to grade the same variant. Read-only (runs the course\'s own code).',
  inputSchema: {
    type: 'object',
    properties: { ...VARIANT_PROPERTIES, answers: ANSWERS_PROPERTY },
    required: ['qid', 'answers'],
    additionalProperties: false,
  },
  writes: false,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    sessions.questionDir(session, input.qid);
    const runtime = await sessions.runtime();
    const variant = await runtime.createVariant(session.root, input.qid as string, seedOf(input));
    if (variant.broken) {
      throw new ToolError(`The variant (seed ${variant.seed}) is broken, so nothing can be graded:\n${issueLines(issueList(variant.issues, session.root)).join('\n')}`);
    }
    const s = await runtime.submit(variant, input.answers as Record<string, string | string[]>, 'grade');
    const issues = issueList([...variant.issues, ...s.issues], session.root);
    const data = {
      qid: variant.qid,
      seed: variant.seed,
      score: s.score,
      partialScores: s.partialScores,
      formatErrors: s.formatErrors,
      feedback: s.feedback,
      gradable: s.gradable,
      graded: s.graded,
      broken: s.broken,
      ...(s.note && { note: s.note }),
      issues,
    };
    const lines = [
      `${data.qid}, seed ${data.seed}: ${s.broken ? 'the submission broke the question' : s.graded ? `score ${s.score}` : `not graded${s.note ? ` (${s.note})` : s.gradable ? '' : ' (format errors)'}`}`,
    ];
    if (Object.keys(s.formatErrors).length > 0) lines.push(`format errors: ${clip(JSON.stringify(s.formatErrors), 2000)}`);
    if (s.partialScores) lines.push(`partial scores: ${clip(JSON.stringify(s.partialScores), 2000)}`);
    if (Object.keys(s.feedback).length > 0) lines.push(`feedback: ${clip(JSON.stringify(s.feedback), 2000)}`);
    if (issues.length > 0) lines.push(...issueLines(issues));
    return { text: lines.join('\n'), data };
  },
};
