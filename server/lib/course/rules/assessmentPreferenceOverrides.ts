import { validAssessments } from './support/assessmentEntries';
import { questionSlots } from './support/assessmentSlots';
import type { CourseRule } from './rule';

/**
 * `preferences` set on an assessment's question must fit the preferences that question declares
 * in its info.json. PrairieLearn checks this while syncing to its database, only for assessments
 * without earlier errors, so this rule is registered after the other assessment rules.
 */
export const assessmentPreferenceOverrides: CourseRule = {
  name: 'assessmentPreferenceOverrides',
  scope: 'course',
  codes: {
    'preference-override-without-schema': {
      severity: 'error',
      description: 'An assessment sets preferences for a question that declares none.',
    },
    'preference-override-unknown': {
      severity: 'error',
      description: 'An assessment sets a preference the question does not declare.',
    },
    'preference-override-type': {
      severity: 'error',
      description: 'An assessment sets a preference to a value of the wrong type.',
    },
    'preference-override-not-allowed': {
      severity: 'error',
      description: 'An assessment sets a preference to a value outside its enum.',
    },
  },
  check(ctx) {
    for (const { entry, data } of validAssessments(ctx)) {
      if (ctx.hasErrors(entry)) continue;
      for (const slot of questionSlots(data)) {
        const overrides = slot.node.preferences;
        if (!slot.qid || overrides == null || typeof overrides !== 'object') continue;
        // Other courses' questions are only known to PrairieLearn's database.
        const question = ctx.course.questions.get(slot.qid);
        const questionData = question && ctx.validData(question, 'question');
        if (!question || !questionData) continue;
        const qid = slot.qid;
        const path = [...slot.path, 'preferences'];
        const related = [{ entry: question, path: ['preferences'], part: 'key' as const, message: `Preferences of ${qid}` }];
        const declared = questionData.preferences;
        if (declared == null || typeof declared !== 'object') {
          if (Object.keys(overrides).length === 0) continue;
          ctx.report(entry, {
            code: 'preference-override-without-schema',
            path,
            part: 'key',
            message: `Question "${qid}" does not define a preferences schema, but preferences were provided in the assessment. Declare "preferences" in its info.json or remove these.`,
            related: [{ entry: question, message: `Question ${qid} (${question.relPath})` }],
          });
          continue;
        }
        for (const [key, value] of Object.entries<unknown>(overrides)) {
          const field = Object.hasOwn(declared, key) ? declared[key] : undefined;
          if (!field) {
            ctx.report(entry, {
              code: 'preference-override-unknown',
              path: [...path, key],
              part: 'key',
              message: `Question "${qid}": preferences must NOT have additional properties: "${key}". It declares: ${Object.keys(declared).map((k) => `"${k}"`).join(', ') || 'none'}.`,
              related,
            });
          } else if (typeof value !== field.type) {
            ctx.report(entry, {
              code: 'preference-override-type',
              path: [...path, key],
              message: `Question "${qid}": preferences/${key} must be ${field.type}.`,
              related,
            });
          } else if (Array.isArray(field.enum) && !(field.enum as unknown[]).includes(value)) {
            ctx.report(entry, {
              code: 'preference-override-not-allowed',
              path: [...path, key],
              message: `Question "${qid}": preferences/${key} must be equal to one of the allowed values: ${field.enum.join(', ')}.`,
              related,
            });
          }
        }
      }
    }
  },
};
