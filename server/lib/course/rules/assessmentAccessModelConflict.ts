import type { FileRule } from './rule';

/** The legacy `allowAccess` list and the modern `accessControl` list cannot both be given. */
export const assessmentAccessModelConflict: FileRule<'assessment'> = {
  name: 'assessmentAccessModelConflict',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'allow-access-with-access-control': {
      severity: 'error',
      description: 'An assessment has both "allowAccess" and "accessControl".',
    },
  },
  check(entry, data, ctx) {
    if (!('allowAccess' in data) || !('accessControl' in data)) return;
    ctx.report(entry, {
      code: 'allow-access-with-access-control',
      path: ['allowAccess'],
      part: 'key',
      message: 'Cannot use both "allowAccess" and "accessControl". Use "accessControl" for new assessments.',
      related: [{ entry, path: ['accessControl'], part: 'key', message: '"accessControl" is also set here' }],
    });
  },
};
