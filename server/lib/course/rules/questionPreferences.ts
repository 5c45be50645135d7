import type { FileRule } from './rule';

/**
 * The `preferences` a question declares: each default must fit its own type and enum. The JSON
 * schema only allows the value types; these consistency checks are PrairieLearn's own.
 */
export const questionPreferences: FileRule<'question'> = {
  name: 'questionPreferences',
  scope: 'file',
  kinds: ['question'],
  codes: {
    'preference-default-type': { severity: 'error', description: 'A preference default does not have the preference\'s type.' },
    'preference-not-finite': { severity: 'error', description: 'A number preference default or enum value is not finite.' },
    'preference-boolean-enum': { severity: 'error', description: 'A boolean preference has an "enum".' },
    'preference-enum-type': { severity: 'error', description: 'A preference enum value does not have the preference\'s type.' },
    'preference-default-not-in-enum': { severity: 'error', description: 'A preference default is not one of its enum values.' },
  },
  check(entry, data, ctx) {
    const preferences = data.preferences;
    if (typeof preferences !== 'object' || preferences === null) return;
    for (const [key, field] of Object.entries(preferences)) {
      if (typeof field !== 'object' || field === null) continue;
      const { type } = field;
      if (typeof field.default !== type) {
        ctx.report(entry, {
          code: 'preference-default-type',
          path: ['preferences', key, 'default'],
          message: `preferences.${key}: default value must be of type "${type}", got ${typeof field.default}.`,
        });
      } else if (type === 'number' && !Number.isFinite(field.default)) {
        ctx.report(entry, {
          code: 'preference-not-finite',
          path: ['preferences', key, 'default'],
          message: `preferences.${key}: default value must be a finite number.`,
        });
      }
      if (!Array.isArray(field.enum)) continue;
      if (type === 'boolean') {
        ctx.report(entry, {
          code: 'preference-boolean-enum',
          path: ['preferences', key, 'enum'],
          part: 'key',
          message: `preferences.${key}: boolean preferences cannot have enum values. Remove "enum".`,
        });
        continue;
      }
      field.enum.forEach((value: unknown, i: number) => {
        if (typeof value !== type) {
          ctx.report(entry, {
            code: 'preference-enum-type',
            path: ['preferences', key, 'enum', i],
            message: `preferences.${key}.enum[${i}]: enum values must be of type "${type}", got ${typeof value}.`,
          });
        } else if (type === 'number' && !Number.isFinite(value)) {
          ctx.report(entry, {
            code: 'preference-not-finite',
            path: ['preferences', key, 'enum', i],
            message: `preferences.${key}.enum[${i}]: enum values must be finite numbers.`,
          });
        }
      });
      if (!field.enum.some((value) => value === field.default)) {
        ctx.report(entry, {
          code: 'preference-default-not-in-enum',
          path: ['preferences', key, 'default'],
          message: `preferences.${key}: default value must be present in the enum options.`,
        });
      }
    }
  },
};
