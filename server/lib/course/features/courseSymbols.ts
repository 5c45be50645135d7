import type { InfoEntry } from '../course';
import type { TextRange } from '../diagnostic';
import { asArray, asObject, type JsonPath } from '../jsonFile';

export type SymbolKind = 'zone' | 'question' | 'pool' | 'accessRule' | 'list' | 'name' | 'property';

/** An outline entry of an info file. */
export interface OutlineSymbol {
  name: string;
  detail?: string;
  kind: SymbolKind;
  /** The whole value (object, array or string). */
  range: TextRange;
  /** What to select: the property name or the naming value. */
  selectionRange: TextRange;
  children?: OutlineSymbol[];
}

const NAME_LISTS = ['topics', 'tags', 'assessmentSets', 'assessmentModules', 'sharingSets'] as const;

/**
 * The outline of an info file, for the editor's Outline and breadcrumbs: an assessment's zones and
 * their questions (pools with their alternatives) and access rules; a course instance's access
 * rules; the declared names of infoCourse.json; a question's title, topic and tags.
 */
export function documentSymbols(entry: InfoEntry): OutlineSymbol[] {
  const file = entry.file;
  const data = asObject(file?.value);
  if (!file || !data) return [];
  const has = (path: JsonPath) => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined), data) !== undefined;
  const sym = (name: string, kind: SymbolKind, path: JsonPath, detail?: string, children?: OutlineSymbol[], select?: JsonPath): OutlineSymbol => ({
    name: name || ' ',
    kind,
    range: whole(entry, path),
    // The naming value when there is one, else the property name (an array item: its opening bracket).
    selectionRange: select ? file.rangeOf(select) : file.rangeOf(path, typeof path[path.length - 1] === 'string' ? 'key' : 'value'),
    ...(detail && { detail }),
    ...(children?.length && { children }),
  });
  const out: OutlineSymbol[] = [];
  const titled = (key: string) => {
    const title = data[key];
    if (typeof title === 'string') out.push(sym(title, 'property', [key], key, undefined, [key]));
  };

  if (entry.kind === 'assessment') {
    titled('title');
    if (Array.isArray(data.zones)) {
      const zones = data.zones.map((zoneValue: unknown, z: number) => {
        const zone = asObject(zoneValue);
        const questions = asArray(zone?.questions).map((question: unknown, i: number) => {
          const path: JsonPath = ['zones', z, 'questions', i];
          const q = asObject(question);
          if (typeof q?.id === 'string') return sym(q.id, 'question', path, pointsOf(q), undefined, [...path, 'id']);
          const alternatives = asArray(q?.alternatives).map((alternative: unknown, k: number) => {
            const alt = asObject(alternative);
            return sym(typeof alt?.id === 'string' ? alt.id : `alternative ${k + 1}`, 'question', [...path, 'alternatives', k], pointsOf(alt), undefined, has([...path, 'alternatives', k, 'id']) ? [...path, 'alternatives', k, 'id'] : undefined);
          });
          const choose = typeof q?.numberChoose === 'number' ? `choose ${q.numberChoose} of ${alternatives.length}` : `${alternatives.length} alternatives`;
          return sym('alternatives', 'pool', path, choose, alternatives);
        });
        const title = typeof zone?.title === 'string' && zone.title ? zone.title : `Zone ${z + 1}`;
        return sym(title, 'zone', ['zones', z], `${questions.length} question${questions.length === 1 ? '' : 's'}`, questions, has(['zones', z, 'title']) ? ['zones', z, 'title'] : undefined);
      });
      out.push(sym('zones', 'list', ['zones'], undefined, zones));
    }
  }
  if (entry.kind === 'assessment' || entry.kind === 'courseInstance') {
    if (entry.kind === 'courseInstance') titled('longName');
    if (Array.isArray(data.allowAccess)) {
      const rules = data.allowAccess.map((rule: unknown, i: number) => sym(`rule ${i + 1}`, 'accessRule', ['allowAccess', i], accessSummary(asObject(rule))));
      out.push(sym('allowAccess', 'list', ['allowAccess'], undefined, rules));
    }
  }
  if (entry.kind === 'course') {
    titled('title');
    for (const list of NAME_LISTS) {
      const items = data[list];
      if (!Array.isArray(items)) continue;
      const names = items
        .map((value: unknown, i: number) => {
          const item = asObject(value);
          return typeof item?.name === 'string' ? sym(item.name, 'name', [list, i], descriptionOf(item), undefined, [list, i, 'name']) : undefined;
        })
        .filter((s: OutlineSymbol | undefined): s is OutlineSymbol => s !== undefined);
      out.push(sym(list, 'list', [list], undefined, names));
    }
  }
  if (entry.kind === 'question') {
    titled('title');
    titled('topic');
    if (Array.isArray(data.tags)) out.push(sym('tags', 'list', ['tags'], data.tags.filter((t: unknown) => typeof t === 'string').join(', ')));
  }
  return out;
}

/** A property's whole extent, key included, so that the Outline follows the cursor anywhere inside it. */
function whole(entry: InfoEntry, path: JsonPath): TextRange {
  const file = entry.file!;
  const value = file.rangeOf(path);
  const node = file.nearestNode(path);
  if (!node) return value;
  const holder = node.parent?.type === 'property' ? node.parent : node;
  return { start: holder.offset, end: holder.offset + holder.length };
}

function pointsOf(q: Record<string, unknown> | undefined): string | undefined {
  for (const key of ['points', 'autoPoints', 'maxPoints', 'manualPoints']) {
    const v = q?.[key];
    if (typeof v === 'number' || Array.isArray(v)) return `${key} ${Array.isArray(v) ? v.join(', ') : v}`;
  }
  return undefined;
}

function accessSummary(rule: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  if (typeof rule?.mode === 'string') parts.push(rule.mode);
  if (typeof rule?.credit === 'number') parts.push(`${rule.credit}%`);
  if (typeof rule?.startDate === 'string' || typeof rule?.endDate === 'string') parts.push(`${rule.startDate ?? '…'} – ${rule.endDate ?? '…'}`);
  if (Array.isArray(rule?.uids)) parts.push(`${rule.uids.length} uid${rule.uids.length === 1 ? '' : 's'}`);
  if (typeof rule?.examUuid === 'string') parts.push('PrairieTest exam');
  return parts.join(', ') || 'always';
}

function descriptionOf(item: Record<string, unknown>): string | undefined {
  for (const key of ['description', 'heading', 'abbreviation']) {
    const text = item[key];
    if (typeof text === 'string') return text;
  }
  return undefined;
}
