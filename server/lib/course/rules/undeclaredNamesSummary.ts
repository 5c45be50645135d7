import type { InfoEntry } from '../course';
import type { CourseRule, IncrementalCheck, Report, RuleContext } from './rule';
import { declaredNames, UNDECLARED_KINDS, usesIn, usingEntries, type UndeclaredKind, type UndeclaredUse } from './support/undeclaredNameUses';

/** Related locations listed per note; the quick fix still declares every name. */
const MAX_LISTED = 50;
const KINDS = Object.keys(UNDECLARED_KINDS) as UndeclaredKind[];

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
  incremental: () => new UndeclaredIndex(),
  check(ctx) {
    new UndeclaredIndex().update(ctx, []);
  },
};

/**
 * The undeclared uses of each question and assessment, kept between checks: an edit of a question
 * looks at that question again (an edit of infoCourse.json at all of them), and a note is handed
 * again, unchanged, while its names and first uses stay the same.
 */
class UndeclaredIndex implements IncrementalCheck {
  /** Course order of the questions and assessments (the course model, and so the entries, stay the same within a session). */
  private position: Map<InfoEntry, number> | undefined;
  /** Only the entries with undeclared uses. */
  private readonly uses = new Map<InfoEntry, UndeclaredUse[]>();
  private declared: ReturnType<typeof declaredNames> | undefined;
  private readonly notes = new Map<UndeclaredKind, { key: string; report: Report; firstUses: InfoEntry[] }>();

  update(ctx: RuleContext, changed: Iterable<InfoEntry>): void {
    const courseData = ctx.validData(ctx.course.info, 'course');
    if (!courseData) {
      // The declared names are unknown (PrairieLearn keeps the old ones): nothing to say until it is valid again.
      this.declared = undefined;
      return;
    }
    const edited = new Set(changed);
    if (!this.position) {
      this.position = new Map();
      for (const entry of usingEntries(ctx)) this.position.set(entry, this.position.size);
    }
    if (!this.declared || edited.has(ctx.course.info)) {
      this.declared = declaredNames(courseData);
      this.uses.clear();
      for (const entry of this.position.keys()) this.look(ctx, entry);
    } else for (const entry of edited) if (this.position.has(entry)) this.look(ctx, entry);

    const firstUse = new Map<UndeclaredKind, Map<string, UndeclaredUse>>();
    for (const list of this.uses.values()) {
      for (const use of list) {
        let names = firstUse.get(use.kind);
        if (!names) firstUse.set(use.kind, (names = new Map()));
        const held = names.get(use.name);
        if (!held || this.position.get(use.entry)! < this.position.get(held.entry)!) names.set(use.name, use);
      }
    }
    for (const kind of KINDS) {
      const names = firstUse.get(kind);
      if (!names) {
        this.notes.delete(kind);
        continue;
      }
      // Names in the order of their first uses, as a pass over the course meets them.
      const ordered = [...names.values()].sort((a, b) => this.position!.get(a.entry)! - this.position!.get(b.entry)! || pathOrder(a, b));
      const listExists = Array.isArray(courseData[UNDECLARED_KINDS[kind].list]);
      const key = `${listExists}\n${ordered.map((u) => `${u.name}\n${u.entry.path}\n${u.path.join('/')}`).join('\n')}`;
      const held = this.notes.get(kind);
      // The same note, with no edit in the files it points at: handed again (its ranges still hold).
      if (held && held.key === key && !edited.has(ctx.course.info) && !held.firstUses.some((e) => edited.has(e))) {
        ctx.report(ctx.course.info, held.report);
        continue;
      }
      const report = note(kind, ordered, listExists);
      this.notes.set(kind, { key, report, firstUses: ordered.slice(0, MAX_LISTED).map((u) => u.entry) });
      ctx.report(ctx.course.info, report);
    }
  }

  private look(ctx: RuleContext, entry: InfoEntry): void {
    const found = usesIn(entry, ctx, this.declared!);
    if (found.length > 0) this.uses.set(entry, found);
    else this.uses.delete(entry);
  }
}

/** Two uses in one file: the topic before the tags, tags by index. */
function pathOrder(a: UndeclaredUse, b: UndeclaredUse): number {
  return Number(a.path[1] ?? -1) - Number(b.path[1] ?? -1);
}

function note(kind: UndeclaredKind, ordered: UndeclaredUse[], listExists: boolean): Report {
  const spec = UNDECLARED_KINDS[kind];
  const count = ordered.length;
  const what = count === 1 ? `1 ${spec.plural.replace(/s$/, '')} used by ${spec.users} is` : `${count} ${spec.plural} used by ${spec.users} are`;
  const names = ordered.map((u) => u.name);
  return {
    code: spec.summaryCode,
    path: listExists ? [spec.list] : undefined,
    part: 'key',
    message:
      `${what} not declared ${listExists ? 'here' : `in infoCourse.json (it has no "${spec.list}" list)`}: ${quoted(names)}. ` +
      `PrairieLearn creates ${count === 1 ? 'it' : 'them'} with ${spec.implicit}.`,
    related: ordered.slice(0, MAX_LISTED).map((u) => ({ entry: u.entry, path: u.path, message: `"${u.name}" is first used here` })),
    data: { kind, names },
  };
}

/** The first few names, quoted, and how many more. */
function quoted(names: string[]): string {
  const few = names.slice(0, 5).map((n) => `"${n}"`).join(', ');
  return names.length > 5 ? `${few} and ${names.length - 5} more` : few;
}
