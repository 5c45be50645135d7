import * as nodePath from 'node:path';
import data from './elementData.json';
import type { Attribute, Element } from './templateModel';

// What PrairieLearn's elements are and take, as elementData.json records them: tags, attributes,
// the course files some attributes name, and "did you mean" hints over those names.

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

/** The attribute of an element by canonical name (case-insensitive, underscores for hyphens). */
export function findAttribute(el: Element, canonicalName: string): Attribute | undefined {
  for (const a of el.attributes) if (canonicalAttribute(a.name) === canonicalName) return a;
  return undefined;
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

/** An attribute that names a course file, and where PrairieLearn looks for it (elementData.json "files"). */
export interface FileAttributeSpec {
  element: string;
  parent?: string;
  attribute: string;
  /** Default folder key (see "folders"). */
  folder: string;
  /** How `directory` changes the folder: named folders, or a path relative to the question ("relative"). */
  directory?: Record<string, string> | 'relative';
  /** Other attribute values (or "*" for present at all) that turn the lookup off. */
  skipWhen?: Record<string, string>;
}

const FILE_SPECS = data.files as FileAttributeSpec[];
const FOLDERS = data.folders as Record<string, string>;

export function fileAttributeSpec(element: string, attribute: string, parent?: string): FileAttributeSpec | undefined {
  return FILE_SPECS.find((s) => s.element === element && s.attribute === attribute && (!s.parent || s.parent === parent));
}

export function fileAttributeSpecs(element: string, parent?: string): FileAttributeSpec[] {
  return FILE_SPECS.filter((s) => s.element === element && (!s.parent || s.parent === parent));
}

/** Where a file attribute's names are looked up, independent of where the course is. */
export interface FileLocation {
  /** Relative to the question folder or to the course root. */
  base: 'question' | 'course';
  path: string;
  /** The folder as the user knows it (clientFilesQuestion, the question folder...). */
  label: string;
}

/**
 * The folder an element's file attribute is resolved against, or undefined when it cannot be
 * known statically (mustache in `directory`, an unknown directory, or a skip condition holds).
 */
export function fileLocation(el: Element, spec: FileAttributeSpec): FileLocation | undefined {
  for (const [name, value] of Object.entries(spec.skipWhen ?? {})) {
    const a = findAttribute(el, name);
    if (a && (a.dynamic || value === '*' || a.value === value)) return undefined;
  }
  let key = spec.folder;
  const dirAttr = spec.directory ? findAttribute(el, 'directory') : undefined;
  if (dirAttr) {
    if (dirAttr.dynamic || dirAttr.value === undefined) return undefined;
    if (spec.directory === 'relative') {
      if (dirAttr.value !== 'serverFilesCourse' && dirAttr.value !== 'clientFilesCourse') {
        return { base: 'question', path: dirAttr.value, label: dirAttr.value === '.' ? 'the question folder' : dirAttr.value };
      }
      key = dirAttr.value;
    } else {
      const named = spec.directory![dirAttr.value];
      if (!named) return undefined;
      key = named;
    }
  }
  const folder = FOLDERS[key];
  const label = key === 'question' ? 'the question folder' : key;
  return folder.startsWith('@/') ? { base: 'course', path: folder.slice(2), label } : { base: 'question', path: folder, label };
}

export function resolveLocation(location: FileLocation, questionDir: string, courseRoot: string): string {
  return nodePath.resolve(location.base === 'course' ? courseRoot : questionDir, location.path);
}

// "Did you mean" hints.

/** The closest candidate within a small edit distance, for "did you mean" hints. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 4)) + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - word.length) >= bestDistance) continue;
    const d = distance(word, c, bestDistance);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below it. */
function distance(a: string, b: string, limit: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let min = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      if (v < min) min = v;
    }
    if (min >= limit) return limit;
    prev = row;
  }
  return prev[b.length];
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c ? ` Did you mean "${c}"?` : '';
}
