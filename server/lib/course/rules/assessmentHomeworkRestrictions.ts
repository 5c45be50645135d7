import type { JsonPath } from '../jsonFile';
import type { FileRule, InfoData } from './rule';

/** Settings that PrairieLearn does not support on Homework-type assessments. */
export const assessmentHomeworkRestrictions: FileRule<'assessment'> = {
  name: 'assessmentHomeworkRestrictions',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'homework-real-time-grading-disabled': {
      severity: 'error',
      description: 'A Homework assessment sets "allowRealTimeGrading": false somewhere.',
    },
    'homework-multiple-instance': { severity: 'error', description: 'A Homework assessment sets "multipleInstance": true.' },
    'homework-require-honor-code': { severity: 'error', description: 'A Homework assessment sets "requireHonorCode": true.' },
    'homework-honor-code': { severity: 'error', description: 'A Homework assessment sets "honorCode".' },
  },
  check(entry, data, ctx) {
    if (data.type !== 'Homework') return;
    // Each place that disables real-time grading is marked, since each must be removed.
    for (const path of realTimeGradingDisabled(data)) {
      ctx.report(entry, {
        code: 'homework-real-time-grading-disabled',
        path,
        message: 'Real-time grading cannot be disabled for Homework-type assessments. Remove "allowRealTimeGrading": false.',
      });
    }
    if (data.multipleInstance) {
      ctx.report(entry, {
        code: 'homework-multiple-instance',
        path: ['multipleInstance'],
        message: '"multipleInstance" cannot be true for Homework-type assessments.',
      });
    }
    if (data.requireHonorCode) {
      ctx.report(entry, {
        code: 'homework-require-honor-code',
        path: ['requireHonorCode'],
        message: '"requireHonorCode" cannot be true for Homework-type assessments.',
      });
    }
    if (data.honorCode != null) {
      ctx.report(entry, {
        code: 'homework-honor-code',
        path: ['honorCode'],
        part: 'key',
        message: '"honorCode" cannot be used for Homework-type assessments. Remove it.',
      });
    }
  },
};

function realTimeGradingDisabled(data: InfoData['assessment']): JsonPath[] {
  const paths: JsonPath[] = [];
  if (data.allowRealTimeGrading === false) paths.push(['allowRealTimeGrading']);
  (data.zones ?? []).forEach((zone, z) => {
    if (zone.allowRealTimeGrading === false) paths.push(['zones', z, 'allowRealTimeGrading']);
    (zone.questions ?? []).forEach((question, q) => {
      if (question.allowRealTimeGrading === false) paths.push(['zones', z, 'questions', q, 'allowRealTimeGrading']);
      (question.alternatives ?? []).forEach((alternative, a) => {
        if (alternative.allowRealTimeGrading === false) {
          paths.push(['zones', z, 'questions', q, 'alternatives', a, 'allowRealTimeGrading']);
        }
      });
    });
  });
  return paths;
}
