import type { FileRule } from './rule';

/** Feature flags PrairieLearn knows (its `lib/features` list); any other name does nothing. */
export const KNOWN_FEATURES = [
  'course-instance-billing',
  'enforce-plan-grants-for-questions',
  'question-sharing',
  'consume-public-questions',
  'ai-grading',
  'ai-submission-grouping',
  'disable-public-workspaces',
  'ai-question-generation-course-toggle',
  'ai-question-generation',
  'rich-text-editor',
  'lti11',
];
const KNOWN = new Set(KNOWN_FEATURES);

/** `options.devModeFeatures` naming a feature that does not exist (object form, or the legacy list). */
export const unknownDevModeFeatures: FileRule<'course'> = {
  name: 'unknownDevModeFeatures',
  scope: 'file',
  kinds: ['course'],
  codes: {
    'unknown-dev-mode-feature': { severity: 'warning', description: '"devModeFeatures" names a feature PrairieLearn does not have.' },
  },
  check(entry, data, ctx) {
    const features = data.options?.devModeFeatures;
    if (typeof features !== 'object' || features === null) return;
    const names: [string, (string | number)[], 'key' | 'value'][] = Array.isArray(features)
      ? features.map((name: unknown, i: number) => [String(name), ['options', 'devModeFeatures', i], 'value'])
      : Object.keys(features).map((name) => [name, ['options', 'devModeFeatures', name], 'key']);
    for (const [name, path, part] of names) {
      if (KNOWN.has(name)) continue;
      ctx.report(entry, {
        code: 'unknown-dev-mode-feature',
        path,
        part,
        message: `Feature "${name}" does not exist. Known features: ${KNOWN_FEATURES.join(', ')}.`,
        data: { feature: name },
      });
    }
  },
};
