import type { Course, InfoEntry, InfoKind } from '../course';
import type { TextRange } from '../diagnostic';
import { asArray, asObject, valueAtPath, type JsonPath } from '../jsonFile';
import { declaredNames, type NameList } from './courseNames';

/** One place a course file names a question or a declared name. */
export interface Use {
  entry: InfoEntry;
  path: JsonPath;
  /** The string value, quotes included. */
  range: TextRange;
}

/** What a use names: a question by its QID, or a name declared in one list of infoCourse.json. */
export type UsedThing = { type: 'qid'; qid: string } | { type: 'name'; list: NameList; name: string };

/** Where each list's names are used: which files, and the paths of the values in a file's data. */
const NAME_USES: Record<NameList, { kind: InfoKind; paths: (data: Record<string, unknown>) => JsonPath[] }> = {
  topics: { kind: 'question', paths: (d) => (typeof d.topic === 'string' ? [['topic']] : []) },
  tags: { kind: 'question', paths: (d) => stringItems(d.tags, 'tags') },
  sharingSets: { kind: 'question', paths: (d) => stringItems(d.sharingSets, 'sharingSets') },
  assessmentSets: { kind: 'assessment', paths: (d) => (typeof d.set === 'string' ? [['set']] : []) },
  assessmentModules: { kind: 'assessment', paths: (d) => (typeof d.module === 'string' ? [['module']] : []) },
};

/** The entries of one kind, without building the list of every entry. */
function entriesOf(course: Course, kind: InfoKind): InfoEntry[] {
  if (kind === 'question') return [...course.questions.values()];
  const out: InfoEntry[] = [];
  for (const ci of course.courseInstances.values()) for (const a of ci.assessments.values()) out.push(a);
  return out;
}

/**
 * The QID values of an assessment: zones[i].questions[j].id and their alternatives' ids, read from
 * the parsed data whether or not it passes its schema (a half-edited file still has its uses).
 * The list is shared: do not change it.
 */
export function qidPaths(data: unknown): readonly { qid: string; path: JsonPath }[] {
  if (!data || typeof data !== 'object') return [];
  let known = qidPathsByData.get(data);
  if (!known) qidPathsByData.set(data, (known = findQidPaths(data)));
  return known;
}

/** Per parsed file (a new one on every edit): references and lenses ask about every assessment each time. */
const qidPathsByData = new WeakMap<object, { qid: string; path: JsonPath }[]>();

function findQidPaths(data: object): { qid: string; path: JsonPath }[] {
  const out: { qid: string; path: JsonPath }[] = [];
  asArray(asObject(data)?.zones).forEach((zone, z) => {
    asArray(asObject(zone)?.questions).forEach((question, i) => {
      const q = asObject(question);
      if (typeof q?.id === 'string') out.push({ qid: q.id, path: ['zones', z, 'questions', i, 'id'] });
      asArray(q?.alternatives).forEach((alternative, k) => {
        const alt = asObject(alternative);
        if (typeof alt?.id === 'string') out.push({ qid: alt.id, path: ['zones', z, 'questions', i, 'alternatives', k, 'id'] });
      });
    });
  });
  return out;
}

/** Every use of `thing` in the course's files (not the declaration of a name: see `nameDeclaration`). */
export function usesOf(course: Course, thing: UsedThing): Use[] {
  const out: Use[] = [];
  if (thing.type === 'qid') {
    for (const entry of entriesOf(course, 'assessment')) {
      for (const { qid, path } of qidPaths(entry.file?.value)) if (qid === thing.qid) out.push(use(entry, path));
    }
    return out;
  }
  const spec = NAME_USES[thing.list];
  for (const entry of entriesOf(course, spec.kind)) {
    const data = asObject(entry.file?.value);
    if (!data) continue;
    for (const path of spec.paths(data)) if (valueAtPath(data, path) === thing.name) out.push(use(entry, path));
  }
  return out;
}

/** How many files use each name of a list (a file naming it twice counts once). */
export function useCounts(course: Course, list: NameList): Map<string, number> {
  const counts = new Map<string, number>();
  const spec = NAME_USES[list];
  for (const entry of entriesOf(course, spec.kind)) {
    const data = asObject(entry.file?.value);
    if (!data) continue;
    const names = new Set(spec.paths(data).map((p) => valueAtPath(data, p) as string));
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** How many assessments use each QID (an assessment using it twice counts once). */
export function qidUseCounts(course: Course): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entriesOf(course, 'assessment')) {
    for (const qid of new Set(qidPaths(entry.file?.value).map((u) => u.qid))) counts.set(qid, (counts.get(qid) ?? 0) + 1);
  }
  return counts;
}

/** Where infoCourse.json declares `name` in `list`, if it does. */
export function nameDeclaration(course: Course, list: NameList, name: string): Use | undefined {
  const declared = declaredNames(course, list).find((n) => n.name === name && n.path);
  return declared?.path && course.info.file ? use(course.info, declared.path) : undefined;
}

function use(entry: InfoEntry, path: JsonPath): Use {
  return { entry, path, range: entry.file!.rangeOf(path) };
}

function stringItems(list: unknown, key: string): JsonPath[] {
  if (!Array.isArray(list)) return [];
  const out: JsonPath[] = [];
  list.forEach((v, i) => typeof v === 'string' && out.push([key, i]));
  return out;
}

