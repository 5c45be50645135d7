import type { FileRule } from './rule';

const LEGACY_GROUP_PROPERTIES = [
  'groupWork',
  'groupMaxSize',
  'groupMinSize',
  'groupRoles',
  'canView',
  'canSubmit',
  'studentGroupCreate',
  'studentGroupJoin',
  'studentGroupLeave',
  'studentGroupChooseName',
];

/** `groups` replaces the legacy group properties; PrairieLearn refuses a file that mixes them. */
export const assessmentLegacyGroupConflict: FileRule<'assessment'> = {
  name: 'assessmentLegacyGroupConflict',
  scope: 'file',
  kinds: ['assessment'],
  codes: {
    'groups-with-legacy-group-properties': {
      severity: 'error',
      description: '"groups" is used together with legacy group properties such as "groupWork".',
    },
  },
  check(entry, data, ctx) {
    if (data.groups == null) return;
    const used = LEGACY_GROUP_PROPERTIES.filter((p) => p in data);
    if (used.length === 0) return;
    ctx.report(entry, {
      code: 'groups-with-legacy-group-properties',
      path: ['groups'],
      part: 'key',
      message: `Cannot use both "groups" and legacy group properties (${used.map((p) => `"${p}"`).join(', ')}) in the same assessment. Move their settings into "groups" and delete them.`,
      related: used.map((p) => ({ entry, path: [p], part: 'key' as const, message: `Legacy group property "${p}"` })),
    });
  },
};
