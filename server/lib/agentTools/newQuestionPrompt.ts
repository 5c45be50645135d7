import { declaredNames } from '../course';
import type { CourseSession } from './courseSessions';
import { BUILT_IN_TEMPLATE, courseTemplates } from './questionTemplates';

/** The prompt's arguments: what the question should ask, and where it goes. */
export const NEW_QUESTION_PROMPT = {
  name: 'new_question',
  title: 'Write a new question',
  description: "Walks an agent through writing a new PrairieLearn question the course's way, with its topics, templates and tools.",
  arguments: [
    { name: 'about', description: 'What the question should ask.', required: true },
    { name: 'qid', description: 'The new QID (folder under questions/), if chosen already.', required: false },
  ],
};

/** The instructions, made from the course as it is now. */
export function newQuestionPrompt(session: CourseSession, about: string, qid?: string): string {
  const course = session.fresh();
  const topics = declaredNames(course, 'topics').filter((t) => !t.builtIn).map((t) => t.name);
  const tags = declaredNames(course, 'tags').filter((t) => !t.builtIn).map((t) => t.name);
  const templates = courseTemplates(course);
  const folders = new Map<string, number>();
  for (const q of course.questions.keys()) {
    const top = q.includes('/') ? q.slice(0, q.indexOf('/')) : '(top level)';
    folders.set(top, (folders.get(top) ?? 0) + 1);
  }
  return [
    `Write a new PrairieLearn question for the course at ${session.root}: ${about}`,
    '',
    'The course:',
    `- Topics (info.json "topic" must be one): ${topics.join(', ') || '(none declared)'}`,
    `- Tags in use: ${tags.join(', ') || '(none declared)'}`,
    `- Question folders: ${[...folders].map(([f, n]) => `${f} (${n})`).join(', ') || '(none)'}`,
    `- Templates to start from: ${templates.map((t) => `${t.qid} (${t.title})`).join('; ') || `none; use "${BUILT_IN_TEMPLATE}"`}`,
    '',
    'Steps, with the PrairieLearn tools:',
    '1. find_questions with words of the subject: read one or two similar questions (question.html, server.py) and follow their conventions (folder, tags, element attributes).',
    `2. new_question with ${qid ? `qid "${qid}"` : 'a QID in the right folder'}, a title and a topic; it returns the files made from a template.`,
    '3. Write question.html with PrairieLearn elements (element_reference tells each one\'s attributes and gives an example); every input needs a unique answers-name.',
    '4. Write server.py: generate(data) sets data["params"] for the text and data["correct_answers"][answers-name] for each input; keep numbers that need no rounding when possible.',
    '5. check the question folder and fix every error and warning.',
    '6. test_question over 10 variants: every variant must pass (correct answer 100%, blank submission refused, no exception). Fix server.py or question.html and test again with the failing seeds.',
    '7. render_question to read the question as a student sees it, and grade_submission with a wrong answer to see its feedback.',
  ].join('\n');
}
