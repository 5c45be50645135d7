import data from './elementData.json';

export type ValueType = 'boolean' | 'integer' | 'float' | 'string' | string[];

/** One pl-* element (or one child element in one parent context), from elementData.json. */
export interface ElementInfo {
  name: string;
  kind: 'element' | 'child' | 'alias';
  category: string;
  answerKey: string | null;
  uniqueAnswerName: boolean;
  required: string[];
  optional: string[];
  attributeValues: Record<string, ValueType>;
  requiredWhen: Record<string, string>;
  children: string[];
  parents: string[];
  childrenOnly: boolean;
  contentModel: 'none' | 'text' | 'html' | 'children';
  deprecated: string | null;
  deprecatedAttributes: Record<string, string>;
  deprecatedValues: Record<string, Record<string, string>>;
  aliases: string[];
  attributeCheck: 'error' | 'warning' | 'none';
  documentedOnly: string[];
  docs: string | null;
}

const ENTRIES = data.elements as unknown as ElementInfo[];
const DESCRIPTIONS = data.descriptions as { elements: Record<string, string>; attributes: Record<string, string> };
const DEFAULTS = data.defaults as Record<string, string>;

const byName = new Map<string, ElementInfo[]>();
for (const e of ENTRIES) {
  const list = byName.get(e.name);
  if (list) list.push(e);
  else byName.set(e.name, [e]);
}

/** Core elements PrairieLearn registers under a second spelling with underscores. */
const UNDERSCORE_TAGS = new Set(ENTRIES.filter((e) => e.kind !== 'child').map((e) => e.name));
/** Child tags whose underscore spelling the parents accept (and under which parents). */
const UNDERSCORE_CHILDREN: Record<string, string[] | undefined> = {
  pl_answer: ['pl-checkbox', 'pl-multiple-choice'],
  pl_statement: ['pl-matching'],
  pl_option: ['pl-matching'],
};

/**
 * The canonical name of a tag as PrairieLearn matches it: lxml lower-cases tag names, and core
 * elements (and a few child tags) are also accepted with underscores.
 */
export function canonicalTag(tag: string, parent?: string): string {
  const lower = tag.toLowerCase();
  if (!lower.includes('_')) return lower;
  const dashed = lower.replace(/_/g, '-');
  if (UNDERSCORE_TAGS.has(dashed)) return dashed;
  const parents = UNDERSCORE_CHILDREN[lower];
  if (parents && (!parent || parents.includes(parent))) return dashed;
  return lower;
}

/** Canonical attribute name: lower case; PrairieLearn also reads `answers_name` for `answers-name`. */
export function canonicalAttribute(name: string): string {
  const lower = name.toLowerCase();
  return lower.includes('_') ? lower.replace(/_/g, '-') : lower;
}

/**
 * The entry for a tag: for child tags the one whose parents include `parent`, else the first;
 * undefined for tags PrairieLearn does not know.
 */
export function elementInfo(name: string, parent?: string): ElementInfo | undefined {
  const list = byName.get(name);
  if (!list) return undefined;
  if (list.length === 1 || !parent) return list[0];
  return list.find((e) => e.parents.includes(parent)) ?? list[0];
}

/** Every entry of a tag (child tags have one per parent context). */
export function elementInfos(name: string): ElementInfo[] {
  return byName.get(name) ?? [];
}

/** Tags that may appear anywhere (not child-only tags). */
export function topLevelTags(): ElementInfo[] {
  return ENTRIES.filter((e) => e.kind !== 'child');
}

export function allEntries(): readonly ElementInfo[] {
  return ENTRIES;
}

export function attributeNames(info: ElementInfo): string[] {
  return [...info.required, ...info.optional];
}

const accepted = new WeakMap<ElementInfo, ReadonlySet<string>>();
/** The attribute names an element takes, as a set made once per element. */
export function acceptedAttributes(info: ElementInfo): ReadonlySet<string> {
  let names = accepted.get(info);
  if (!names) accepted.set(info, (names = new Set(attributeNames(info))));
  return names;
}

export function elementDescription(name: string): string | undefined {
  return DESCRIPTIONS.elements[name];
}

export function attributeDescription(element: string, attribute: string): string | undefined {
  return DESCRIPTIONS.attributes[`${element} ${attribute}`] ?? DESCRIPTIONS.attributes[attribute];
}

export function attributeDefault(element: string, attribute: string): string | undefined {
  return DEFAULTS[`${element} ${attribute}`] ?? DEFAULTS[attribute];
}

/** PrairieLearn's accepted boolean spellings (html_utils.py); nothing else is a boolean. */
export const TRUE_SPELLINGS = ['true', 't', '1', 'True', 'T', 'TRUE', 'yes', 'y', 'Yes', 'Y', 'YES'];
export const FALSE_SPELLINGS = ['false', 'f', '0', 'False', 'F', 'FALSE', 'no', 'n', 'No', 'N', 'NO'];
const BOOLEANS = new Set([...TRUE_SPELLINGS, ...FALSE_SPELLINGS]);

export function isBooleanSpelling(value: string): boolean {
  return BOOLEANS.has(value);
}
