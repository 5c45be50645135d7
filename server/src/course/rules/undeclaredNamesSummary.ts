import type { CourseRule, Report } from './rule';
import { UNDECLARED_KINDS, undeclaredUses, type UndeclaredKind, type UndeclaredUse } from './undeclaredNameUses';

/** Related locations listed per note; the quick fix still declares every name. */
const MAX_LISTED = 50;

/**
 * Undeclared topics, tags, assessment sets and modules are a fact about infoCourse.json: one note
 * per kind there ("12 topics used by questions are not declared here"), pointing at a first use of
 * each name, with data ({kind, names}) for a quick fix that declares them all in one edit. A course
 * that declares nothing gets four notes at most, not one per use.
 */
export const undeclaredNamesSummary: CourseRule = {
  name: 'undeclaredNamesSummary',
  scope: 'course',
  codes: {
    'undeclared-topics': { severity: 'information', description: 'Topics used by questions that infoCourse.json does not declare (one note per course).' },
    'undeclared-tags': { severity: 'information', description: 'Tags used by questions that infoCourse.json does not declare (one note per course).' },
    'undeclared-assessment-sets': { severity: 'information', description: 'Assessment sets used by assessments that infoCourse.json does not declare (one note per course).' },
    'undeclared-assessment-modules': { severity: 'information', description: 'Assessment modules used by assessments that infoCourse.json does not declare (one note per course).' },
  },
  check(ctx) {
    const found = undeclaredUses(ctx);
    if (!found) return;
    const firstUse = new Map<UndeclaredKind, Map<string, UndeclaredUse>>();
    for (const use of found.uses) {
      let names = firstUse.get(use.kind);
      if (!names) firstUse.set(use.kind, (names = new Map()));
      if (!names.has(use.name)) names.set(use.name, use);
    }
    for (const kind of Object.keys(UNDECLARED_KINDS) as UndeclaredKind[]) {
      const names = firstUse.get(kind);
      if (!names) continue;
      const spec = UNDECLARED_KINDS[kind];
      const listExists = Array.isArray(found.courseData[spec.list]);
      const count = names.size;
      const what = count === 1 ? `1 ${spec.plural.replace(/s$/, '')} used by ${spec.users} is` : `${count} ${spec.plural} used by ${spec.users} are`;
      const shown = [...names.values()].slice(0, MAX_LISTED);
      const related: NonNullable<Report['related']> = shown.map((u) => ({ entry: u.entry, path: u.path, message: `"${u.name}" is first used here` }));
      ctx.report(ctx.course.info, {
        code: spec.summaryCode,
        path: listExists ? [spec.list] : undefined,
        part: 'key',
        message:
          `${what} not declared ${listExists ? 'here' : `in infoCourse.json (it has no "${spec.list}" list)`}: ${quoted([...names.keys()])}. ` +
          `PrairieLearn creates ${count === 1 ? 'it' : 'them'} with ${spec.implicit}.`,
        related,
        data: { kind, names: [...names.keys()] },
      });
    }
  },
};

/** The first few names, quoted, and how many more. */
function quoted(names: string[]): string {
  const few = names.slice(0, 5).map((n) => `"${n}"`).join(', ');
  return names.length > 5 ? `${few} and ${names.length - 5} more` : few;
}
