import type { CourseRule } from './rule';

/**
 * A QID starting with '@' would read as a reference to another course's shared question
 * (`@course/qid`). PrairieLearn rejects it whatever the file holds, so this looks at every question.
 */
export const questionIdAtSign: CourseRule = {
  name: 'questionIdAtSign',
  scope: 'course',
  codes: {
    'qid-starts-with-at': { severity: 'error', description: 'A question folder name starts with "@".' },
  },
  check(ctx) {
    for (const [qid, entry] of ctx.course.questions) {
      if (!qid.startsWith('@')) continue;
      // In a nested QID it is the top folder that carries the '@'.
      const folder = qid.split('/')[0];
      ctx.report(entry, {
        code: 'qid-starts-with-at',
        message: `Question IDs are not allowed to begin with '@'. Rename the folder questions/${folder}.`,
        data: { qid },
      });
    }
  },
};
