import type { FileRule } from './rule';

const LISTS = ['tags', 'topics', 'assessmentSets', 'assessmentModules', 'sharingSets'] as const;

/**
 * Two entries with one name in an infoCourse.json list: PrairieLearn keeps only the last, so the
 * earlier ones are silently lost. Each occurrence is marked and points at the others.
 */
export const duplicateInfoCourseNames: FileRule<'course'> = {
  name: 'duplicateInfoCourseNames',
  scope: 'file',
  kinds: ['course'],
  codes: {
    'duplicate-info-course-name': {
      severity: 'warning',
      description: 'A name appears twice in tags, topics, assessmentSets, assessmentModules or sharingSets.',
    },
  },
  check(entry, data, ctx) {
    for (const field of LISTS) {
      const list = data[field];
      if (!Array.isArray(list)) continue;
      const byName = new Map<string, number[]>();
      list.forEach((item, i) => {
        if (typeof item?.name !== 'string') return;
        const indexes = byName.get(item.name);
        if (indexes) indexes.push(i);
        else byName.set(item.name, [i]);
      });
      for (const [name, indexes] of byName) {
        if (indexes.length < 2) continue;
        const last = indexes[indexes.length - 1];
        for (const i of indexes) {
          const fate = i === last ? 'This one is kept.' : 'This one is ignored.';
          ctx.report(entry, {
            code: 'duplicate-info-course-name',
            path: [field, i, 'name'],
            message: `Found duplicates in '${field}': "${name}". Only the last of each duplicate will be synced. ${fate} Remove or rename the others.`,
            related: indexes
              .filter((j) => j !== i)
              .map((j) => ({ entry, path: [field, j, 'name'], message: `"${name}" is also declared here` })),
            data: { field, name },
          });
        }
      }
    }
  },
};
