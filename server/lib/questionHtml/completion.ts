import { attributeNames, attributeDescription, canonicalAttribute, canonicalTag, elementDescription, elementInfo, FALSE_SPELLINGS, TRUE_SPELLINGS, topLevelTags, type ElementInfo, fileAttributeSpec, fileLocation, resolveLocation } from './elements';
import { parseTemplate, type Element, type Template } from './template';
import type { QuestionContext } from './questionContext';

export type CompletionKind = 'element' | 'attribute' | 'value' | 'file' | 'param';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  /** Text to insert; a snippet ($1, $0) when `snippet` is set. */
  insert: string;
  snippet?: boolean;
  detail?: string;
  documentation?: string;
}

export interface Completions {
  /** The range the items replace (the partial word at the cursor). */
  start: number;
  end: number;
  items: CompletionItem[];
}

/** Completion at `offset`: element names, attribute names, values, file names or params names. */
export function completeAt(text: string, offset: number, context: QuestionContext = {}): Completions | undefined {
  return mustacheCompletion(text, offset, context) ?? markupCompletion(parseTemplate(text), offset, context);
}

function mustacheCompletion(text: string, offset: number, context: QuestionContext): Completions | undefined {
  const open = text.lastIndexOf('{{', offset);
  if (open < 0 || text.lastIndexOf('}}', offset - 1) > open) return undefined;
  const m = /^\{?[#^&]?\s*(params|correct_answers)\.([\w-]*)$/.exec(text.slice(open + 2, offset));
  if (!m) return undefined;
  const names = context.serverPy?.[m[1] as 'params' | 'correct_answers'];
  if (!names) return { start: offset - m[2].length, end: offset, items: [] };
  return {
    start: offset - m[2].length,
    end: offset,
    items: [...names].sort().map((name) => ({ label: name, kind: 'param' as const, insert: name, detail: `set by server.py in data["${m[1]}"]` })),
  };
}

function markupCompletion(template: Template, offset: number, context: QuestionContext): Completions | undefined {
  const { text } = template;
  const el = tagAt(template, offset);
  if (el && offset >= el.nameStart && offset <= el.nameEnd) return tagNames(template, el, context);
  if (!el) return undefined;
  const info = elementInfo(canonicalTag(el.tag, parentName(el)), parentName(el));
  if (!info || context.courseElements?.has(info.name)) return undefined;
  for (const a of el.attributes) {
    const inValue = a.value !== undefined && offset >= a.valueStart && offset <= a.valueEnd && (a.quote !== '' || offset > a.nameEnd + 1);
    if (inValue) return values(el, info, canonicalAttribute(a.name), a.valueStart, a.valueEnd, context);
  }
  // An attribute name: the word around the cursor.
  let start = offset;
  while (start > el.nameEnd && /[\w-]/.test(text[start - 1])) start--;
  let end = offset;
  while (end < el.startTagEnd && /[\w-]/.test(text[end])) end++;
  if (start === offset && offset > 0 && !/\s/.test(text[offset - 1])) return undefined;
  const present = new Set(el.attributes.filter((a) => a.nameStart !== start).map((a) => canonicalAttribute(a.name)));
  // Renaming an attribute that already has a value: insert the name alone.
  const hasValue = text[end] === '=';
  const items: CompletionItem[] = [];
  for (const name of attributeNames(info)) {
    if (present.has(name)) continue;
    const type = info.attributeValues[name];
    const deprecated = info.deprecatedAttributes[name];
    items.push({
      label: name,
      kind: 'attribute',
      insert: hasValue ? name : `${name}="$1"`,
      snippet: !hasValue,
      detail: `${info.required.includes(name) ? 'required ' : ''}${typeText(type)}${deprecated ? ' (deprecated)' : ''}`,
      documentation: attributeDescription(info.name, name),
    });
  }
  return { start, end, items };
}

function tagNames(template: Template, el: Element, context: QuestionContext): Completions {
  const parent = el.parent ? canonicalTag(el.parent.tag, parentName(el.parent)) : undefined;
  const parentInfo = parent ? elementInfo(parent, parentName(el.parent!)) : undefined;
  // The start tag is new when nothing follows the name (no ">" yet): insert the whole element.
  // A start tag being typed: no ">" closes it, or, typed before existing markup, the parser ran it on
  // into the next tag (a "<" outside quoted values before its ">").
  const rest = template.text.slice(el.nameEnd, el.startTagEnd).replace(/"[^"]*"|'[^']*'/g, '""');
  const bare = !rest.includes('>') || rest.slice(0, rest.indexOf('>')).includes('<');
  const candidates = new Map<string, ElementInfo | undefined>();
  for (const child of parentInfo?.children ?? []) candidates.set(child, elementInfo(child, parent));
  for (const e of topLevelTags()) if (!e.deprecated && !candidates.has(e.name)) candidates.set(e.name, e);
  for (const name of context.courseElements ?? []) if (!candidates.has(name)) candidates.set(name, undefined);
  const items: CompletionItem[] = [];
  for (const [name, info] of candidates) {
    const required = info?.required ?? [];
    let insert = name;
    if (bare) {
      const attrs = required.map((a, i) => ` ${a}="$${i + 1}"`).join('');
      insert = info?.contentModel === 'none' ? `${name}${attrs}></${name}>` : `${name}${attrs}>$0</${name}>`;
    }
    items.push({
      label: name,
      kind: 'element',
      insert,
      snippet: bare,
      detail: info ? (info.kind === 'child' ? `child of ${info.parents.join(', ')}` : info.category) : 'course element',
      documentation: elementDescription(name),
    });
  }
  return { start: el.nameStart, end: el.nameEnd, items };
}

function values(el: Element, info: ElementInfo, name: string, start: number, end: number, context: QuestionContext): Completions {
  const type = info.attributeValues[name];
  const items: CompletionItem[] = [];
  const deprecated = info.deprecatedValues[name] ?? {};
  if (Array.isArray(type)) {
    for (const v of type) items.push({ label: v, kind: 'value', insert: v, detail: deprecated[v] ? 'deprecated' : undefined });
  } else if (type === 'boolean') {
    items.push({ label: TRUE_SPELLINGS[0], kind: 'value', insert: TRUE_SPELLINGS[0] }, { label: FALSE_SPELLINGS[0], kind: 'value', insert: FALSE_SPELLINGS[0] });
  }
  const spec = fileAttributeSpec(info.name, name, parentName(el));
  if (spec && context.questionDir && context.courseRoot && context.readDir) {
    const where = fileLocation(el, spec);
    let entries: { name: string; isDirectory: boolean }[] = [];
    try {
      entries = where ? context.readDir(resolveLocation(where, context.questionDir, context.courseRoot)) : [];
    } catch {
      entries = [];
    }
    for (const f of entries) if (!f.isDirectory) items.push({ label: f.name, kind: 'file', insert: f.name, detail: where!.label });
  }
  return { start, end, items };
}

export function typeText(type: ElementInfo['attributeValues'][string] | undefined): string {
  if (!type) return 'string';
  if (Array.isArray(type)) return type.map((v) => `"${v}"`).join(' | ');
  return type === 'float' ? 'number' : type;
}

/** The element whose start tag holds the offset (the name or the attributes). */
export function tagAt(template: Template, offset: number): Element | undefined {
  let found: Element | undefined;
  for (const el of template.elements) {
    if (el.start >= offset) break;
    const tagEnd = template.text[el.startTagEnd - 1] === '>' ? el.startTagEnd - 1 : el.startTagEnd;
    if (offset <= tagEnd) found = el;
  }
  return found;
}

export function parentName(el: Element): string | undefined {
  return el.parent ? canonicalTag(el.parent.tag, el.parent.parent ? canonicalTag(el.parent.parent.tag) : undefined) : undefined;
}
