import { DECLARATION_LIST, declareNamesEdit, type DeclarableKind } from './declareName';
import { uuidEdit } from './newUuid';
import type { OffsetEdit } from './textEdits';

/** The codes a new UUID fixes. */
export const UUID_CODES = new Set(['uuid-missing', 'uuid-invalid', 'duplicate-uuid']);

/** A problem as fixes see it: its rule code and the data its rule attached. */
export interface FixableProblem {
  code: string;
  data?: unknown;
}

/**
 * The names a problem says to declare in infoCourse.json: one for a use of an undeclared name, every
 * undeclared name of the kind for the note on infoCourse.json (`all`).
 */
export function declarationOf(problem: FixableProblem): { kind: DeclarableKind; names: string[]; all: boolean } | undefined {
  const data = problem.data as { kind?: unknown; name?: unknown; names?: unknown } | undefined;
  const kind = problem.code === 'undeclared-sharing-set' ? 'sharingSet' : data?.kind;
  if (typeof kind !== 'string' || !(kind in DECLARATION_LIST)) return undefined;
  if (typeof data?.name === 'string') return { kind: kind as DeclarableKind, names: [data.name], all: false };
  const names = Array.isArray(data?.names) ? data.names.filter((n): n is string => typeof n === 'string') : [];
  return names.length > 0 ? { kind: kind as DeclarableKind, names, all: true } : undefined;
}

export interface InfoFileFixes {
  /** Edits to the info file itself. */
  own: OffsetEdit[];
  /** One edit to infoCourse.json declaring every undeclared name, when there are any. */
  infoCourse?: OffsetEdit;
}

/**
 * Everything in an info file that has one safe fix, fixed at once (for "fix all" and on save): a
 * new UUID, and declarations of the names it uses without declaring them. Guesses (did you mean)
 * are left to the author.
 */
export function infoFileFixes(text: string, infoCourseText: string | undefined, problems: FixableProblem[]): InfoFileFixes {
  const own = problems.some((p) => UUID_CODES.has(p.code)) ? [uuidEdit(text)] : [];
  if (infoCourseText === undefined) return { own };
  let declared = infoCourseText;
  const seen = new Set<string>();
  for (const problem of problems) {
    const wanted = declarationOf(problem);
    if (!wanted) continue;
    const names = wanted.names.filter((name) => !seen.has(`${wanted.kind} ${name}`));
    for (const name of names) seen.add(`${wanted.kind} ${name}`);
    const edit = names.length > 0 ? declareNamesEdit(declared, wanted.kind, names) : undefined;
    if (edit) declared = declared.slice(0, edit.start) + edit.newText + declared.slice(edit.end);
  }
  return declared === infoCourseText ? { own } : { own, infoCourse: changedSpan(infoCourseText, declared) };
}

/** One edit turning `before` into `after`: the span between their common start and common end. */
export function changedSpan(before: string, after: string): OffsetEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before[start] === after[start]) start++;
  let end = 0;
  while (end < max - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { start, end: before.length - end, newText: after.slice(start, after.length - end) };
}
