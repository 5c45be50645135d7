import type { FileRule } from './rule';

/**
 * `studentLabels` of infoCourseInstance.json: a name that is empty once trimmed is an error (the
 * schema lets "   " through, PrairieLearn's second validation trims it and rejects it); a repeated
 * name is a warning (PrairieLearn keeps the last label of that name); a UUID shared by labels that
 * remain after that is an error.
 */
export const courseInstanceStudentLabels: FileRule<'courseInstance'> = {
  name: 'courseInstanceStudentLabels',
  scope: 'file',
  kinds: ['courseInstance'],
  codes: {
    'ci-student-label-empty-name': { severity: 'error', description: 'A student label name is only spaces.' },
    'ci-student-label-duplicate-name': { severity: 'warning', description: 'Two student labels have the same name.' },
    'ci-student-label-duplicate-uuid': { severity: 'error', description: 'Two student labels have the same UUID.' },
  },
  check(entry, data, ctx) {
    if (!Array.isArray(data.studentLabels)) return;
    const labels = data.studentLabels;
    // PrairieLearn trims names; the last label of each name is the one it keeps.
    const byName = new Map<string, number[]>();
    labels.forEach((label, i) => {
      if (typeof label?.name === 'string' && label.name.length > 0 && label.name.trim() === '') {
        ctx.report(entry, {
          code: 'ci-student-label-empty-name',
          path: ['studentLabels', i, 'name'],
          message: 'The student label name is only spaces: PrairieLearn trims it and then requires at least one character.',
        });
      }
      const name = String(label?.name ?? '').trim();
      const list = byName.get(name);
      if (list) list.push(i);
      else byName.set(name, [i]);
    });
    for (const [name, indexes] of byName) {
      if (indexes.length < 2) continue;
      const kept = indexes[indexes.length - 1];
      ctx.report(entry, {
        code: 'ci-student-label-duplicate-name',
        message: `Found duplicates in 'studentLabels': "${name}". Only the last of each duplicate will be synced.`,
        path: ['studentLabels', indexes[0], 'name'],
        related: indexes.slice(1).map((i) => ({
          entry,
          path: ['studentLabels', i, 'name'],
          message: i === kept ? 'This label is the one synced' : `Also named "${name}"`,
        })),
        data: { name },
      });
    }

    const byUuid = new Map<string, number[]>();
    for (const indexes of byName.values()) {
      const kept = indexes[indexes.length - 1];
      const uuid = labels[kept]?.uuid;
      if (typeof uuid !== 'string') continue;
      const list = byUuid.get(uuid);
      if (list) list.push(kept);
      else byUuid.set(uuid, [kept]);
    }
    for (const [uuid, indexes] of byUuid) {
      if (indexes.length < 2) continue;
      indexes.sort((a, b) => a - b);
      const names = indexes.map((i) => `"${String(labels[i].name).trim()}"`).join(', ');
      ctx.report(entry, {
        code: 'ci-student-label-duplicate-uuid',
        message: `Found duplicate UUID "${uuid}" in 'studentLabels' for labels: ${names}. Give each label its own UUID.`,
        path: ['studentLabels', indexes[1], 'uuid'],
        related: indexes.filter((i) => i !== indexes[1]).map((i) => ({ entry, path: ['studentLabels', i, 'uuid'], message: 'Same UUID' })),
        data: { uuid },
      });
    }
  },
};
