import type { Course, InfoEntry } from '../course';
import type { JsonFile } from '../jsonFile';

export interface CourseSymbol {
  /** What the symbol is called: a QID, TID or course instance id, or a title. */
  name: string;
  /** The other of id and title (and an assessment's course instance), to tell symbols apart. */
  container?: string;
  kind: 'question' | 'assessment' | 'courseInstance';
  /** The info file. */
  file: string;
}

/** An entity with its id and title, lowercased once for matching. */
interface Indexed {
  entry: InfoEntry;
  file: JsonFile | undefined;
  kind: CourseSymbol['kind'];
  id: string;
  idLower: string;
  /** An assessment's course instance id. */
  within?: string;
  title?: string;
  titleLower?: string;
}

/** Per course model; a rescan makes a new model, an edited info file a new JsonFile (refreshed on the next search). */
const indexes = new WeakMap<Course, Indexed[]>();

/**
 * Questions (QID and title), assessments (TID and title) and course instances (id and long name)
 * whose id or title holds the characters of `query` in order, as editors match; ids first. Each
 * entity appears once: by its id when that matches, else by its title. At most `limit` results:
 * the editor asks again as the query grows, so a few hundred are plenty (and quick to send).
 */
export function workspaceSymbols(course: Course, query: string, limit = 250): CourseSymbol[] {
  const q = query.toLowerCase();
  const byId: CourseSymbol[] = [];
  const byTitle: CourseSymbol[] = [];
  for (const item of index(course)) {
    if (byId.length >= limit) break;
    if (item.entry.file !== item.file) refresh(item);
    if (inOrder(q, item.idLower)) {
      const container = [item.title, item.within].filter(Boolean).join(' — ') || undefined;
      byId.push({ name: item.id, container, kind: item.kind, file: item.entry.path });
    } else if (item.titleLower !== undefined && byTitle.length < limit && inOrder(q, item.titleLower)) {
      byTitle.push({ name: item.title!, container: item.within ? `${item.within}/${item.id}` : item.id, kind: item.kind, file: item.entry.path });
    }
  }
  return byId.concat(byTitle).slice(0, limit);
}

function index(course: Course): Indexed[] {
  let items = indexes.get(course);
  if (items) return items;
  items = [];
  const add = (entry: InfoEntry, kind: CourseSymbol['kind'], id: string, within?: string) => {
    const item: Indexed = { entry, file: undefined, kind, id, idLower: id.toLowerCase(), within };
    refresh(item);
    items!.push(item);
  };
  for (const ci of course.courseInstances.values()) {
    add(ci.entry, 'courseInstance', ci.entry.id);
    for (const a of ci.assessments.values()) add(a, 'assessment', a.id, ci.entry.id);
  }
  for (const q of course.questions.values()) add(q, 'question', q.id);
  indexes.set(course, items);
  return items;
}

function refresh(item: Indexed): void {
  item.file = item.entry.file;
  const data = item.file?.value as { title?: unknown; longName?: unknown } | undefined;
  const title = item.kind === 'courseInstance' ? data?.longName : data?.title;
  item.title = typeof title === 'string' ? title : undefined;
  item.titleLower = item.title?.toLowerCase();
}

/** Whether the characters of `typed` appear in `value` in order. */
function inOrder(typed: string, value: string): boolean {
  let at = 0;
  for (let i = 0; i < typed.length; i++) {
    at = value.indexOf(typed[i], at) + 1;
    if (at === 0) return false;
  }
  return true;
}
