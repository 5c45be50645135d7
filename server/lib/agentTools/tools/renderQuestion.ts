import type { Submission } from '../../runtime';
import { clip } from '../bounded';
import { pageInputs, pageText } from '../pageText';
import type { AgentTool } from '../toolTypes';
import { ANSWERS_PROPERTY, issueLines, issueList, seedOf, VARIANT_PROPERTIES } from './variantInput';

/** Longest panel text and JSON value returned; the rest is counted. */
const MAX_TEXT = 8000;

export const renderQuestionTool: AgentTool = {
  name: 'render_question',
  title: 'Render a question variant',
  description:
    'Show one variant of a question as a student sees it, as readable text: the question panel\'s words and math, each input with its name, kind and options, ' +
    'plus the variant\'s params and correct answers (from server.py and the elements). Give "answers" to also grade them and see the submission and answer panels. ' +
    'Use it to see what a question looks like and what its inputs are called. Read-only (runs the course\'s own code).',
  inputSchema: {
    type: 'object',
    properties: { ...VARIANT_PROPERTIES, answers: ANSWERS_PROPERTY },
    required: ['qid'],
    additionalProperties: false,
  },
  writes: false,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    sessions.questionDir(session, input.qid);
    const runtime = await sessions.runtime();
    const variant = await runtime.createVariant(session.root, input.qid as string, seedOf(input));
    const submissions: Submission[] = [];
    if (input.answers && !variant.broken) submissions.push(await runtime.submit(variant, input.answers as Record<string, string | string[]>, 'grade'));
    const rendered = await runtime.render(variant, submissions);
    const issues = issueList([...variant.issues, ...(submissions[0]?.issues ?? []), ...rendered.issues], session.root);
    const data = {
      qid: variant.qid,
      seed: variant.seed,
      broken: variant.broken,
      questionText: clip(pageText(rendered.questionHtml), MAX_TEXT),
      inputs: pageInputs(rendered.questionHtml),
      params: clip(JSON.stringify(variant.params), MAX_TEXT),
      correctAnswers: clip(JSON.stringify(variant.correctAnswers), MAX_TEXT),
      ...(submissions[0] && {
        submission: {
          score: submissions[0].score,
          formatErrors: submissions[0].formatErrors,
          submissionText: clip(pageText(rendered.submissionHtmls[0] ?? ''), MAX_TEXT),
          answerText: rendered.answerHtml === undefined ? null : clip(pageText(rendered.answerHtml), MAX_TEXT),
        },
      }),
      unsupportedElements: rendered.unsupportedElements,
      issues,
    };
    const lines = [
      `${data.qid}, seed ${data.seed}${data.broken ? ' (BROKEN: the variant could not be made)' : ''}`,
      '--- question panel ---',
      data.questionText,
      '--- inputs ---',
      ...(data.inputs.length === 0 ? ['(none)'] : data.inputs.map((i) => `${i.name}: ${i.kind}${i.options ? ` [${i.options.map((o) => (o.label && o.label !== o.value ? `${o.value}: ${o.label}` : o.value)).join(' | ')}]` : ''}`)),
      `params: ${data.params}`,
      `correct answers: ${data.correctAnswers}`,
    ];
    if (data.submission) {
      lines.push(`--- submission panel (score ${data.submission.score === null ? 'not graded' : data.submission.score}) ---`, data.submission.submissionText);
      if (data.submission.answerText !== null) lines.push('--- answer panel ---', data.submission.answerText);
    }
    if (data.unsupportedElements.length > 0) lines.push(`not previewed here: ${data.unsupportedElements.join(', ')}`);
    if (issues.length > 0) lines.push('--- issues ---', ...issueLines(issues));
    return { text: lines.join('\n'), data };
  },
};
