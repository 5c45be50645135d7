// What the comparison compares: stable JSON, the form controls of a rendered page, and which
// element a params key or a form field belongs to.

/** JSON with sorted keys and numbers to 12 significant digits (float noise is not a difference). */
export function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v) => {
    if (typeof v === 'number' && !Number.isInteger(v)) return Number(v.toPrecision(12));
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]));
    }
    return v;
  });
}

const CONTROL = /<(input|select|textarea|option|button)\b([^>]*)>/gi;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

export interface Control {
  name: string;
  text: string;
}

/** The form controls a student can use, in page order: tag, type, name, value, checked/selected. */
export function formControls(html: string): Control[] {
  const out: Control[] = [];
  let select = '';
  for (const m of html.matchAll(CONTROL)) {
    const tag = m[1].toLowerCase();
    const attrs = new Map<string, string>();
    for (const a of m[2].matchAll(ATTR)) attrs.set(a[1].toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    if (tag === 'select') select = attrs.get('name') ?? '';
    if (tag === 'button' && attrs.get('type') !== 'submit') continue;
    const name = tag === 'option' ? select : (attrs.get('name') ?? '');
    if (!name && tag !== 'option') continue;
    const parts = [tag, attrs.get('type') ?? '', name, attrs.get('value') ?? ''];
    if (attrs.has('checked')) parts.push('checked');
    if (attrs.has('selected')) parts.push('selected');
    if (attrs.has('disabled')) parts.push('disabled');
    out.push({ name, text: parts.join(' ') });
  }
  return out;
}

/** answers-name (and file-name) of each element in question.html, to name the element behind a key. */
export function answerOwners(questionHtml: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const m of questionHtml.matchAll(/<(pl[-_][a-z-_]+)\b([^>]*)>/gi)) {
    for (const a of m[2].matchAll(/\b(answers-name|file-name|params-name)\s*=\s*"([^"]*)"/gi)) owners.set(a[2], m[1].toLowerCase());
  }
  return owners;
}

/** The element a params key or form field name belongs to: the longest answers-name it starts with. */
export function ownerOf(key: string, owners: Map<string, string>): string {
  let best = '';
  for (const name of owners.keys()) if (key.startsWith(name) && name.length > best.length) best = name;
  return best ? owners.get(best)! : '(server.py or other)';
}

/** Keys of two objects whose values differ. */
export function differingKeys(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): string[] {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].filter((k) => stable(a?.[k]) !== stable(b?.[k]));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The value with each distinct uuid replaced by its number of first appearance (uuid4 is not seeded). */
export function withUuidsNumbered<T>(value: T): T {
  const seen = new Map<string, string>();
  const text = JSON.stringify(value ?? null).replace(UUID, (u) => {
    if (!seen.has(u)) seen.set(u, `uuid#${seen.size}`);
    return seen.get(u)!;
  });
  return JSON.parse(text);
}

/** Each key's value numbered on its own, so one key that differs does not renumber the others. */
export function eachUuidsNumbered(value: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [k, withUuidsNumbered(v)]));
}
