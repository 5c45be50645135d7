import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { allEntries, loadCourse, type InfoKind } from '../../server/lib/course/course';
import { SCHEMAS } from '../../server/lib/course/schemaValidation';

/**
 * A deterministic corpus of info-file contents for comparing validators: the valid schema fixtures,
 * the info files of two real-looking courses, and systematic one-change mutations of the fixtures.
 * Every mutation is applied at every place it fits, so the corpus is the same on every run and
 * covers every part of the fixtures; which mutations are invalid is left to the reference validator.
 */

export type MutationKind =
  | 'wrong-type'
  | 'extra-key-top'
  | 'extra-key-nested'
  | 'key-misspelt'
  | 'key-removed'
  | 'enum-misspelt'
  | 'pattern-broken'
  | 'out-of-range'
  | 'array-for-object'
  | 'object-for-array'
  | 'null-value';

export const MUTATION_KINDS: readonly MutationKind[] = [
  'wrong-type',
  'extra-key-top',
  'extra-key-nested',
  'key-misspelt',
  'key-removed',
  'enum-misspelt',
  'pattern-broken',
  'out-of-range',
  'array-for-object',
  'object-for-array',
  'null-value',
];

export interface CorpusDocument {
  /** Where it comes from and, for a mutation, what changed where: `info.full.json: null-value at /authors/0`. */
  name: string;
  kind: InfoKind;
  data: unknown;
  /** The file's own text, for documents read from disk (JSON.stringify would turn 1e999 into null). */
  text?: string;
  mutation?: MutationKind;
}

/** ajv configured exactly as PrairieLearn's sync configures it: the reference verdict. */
export function prairieLearnValidators(): Record<InfoKind, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false, formats: { uuid: true } });
  return {
    course: ajv.compile(SCHEMAS.course),
    question: ajv.compile(SCHEMAS.question),
    courseInstance: ajv.compile(SCHEMAS.courseInstance),
    assessment: ajv.compile(SCHEMAS.assessment),
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Segment = string | number;

const FIXTURES = join(__dirname, 'fixtures');
const REPO = join(__dirname, '..', '..');

export const VALID_FIXTURES: readonly [string, InfoKind][] = [
  ['infoCourse.full.json', 'course'],
  ['info.full.json', 'question'],
  ['infoCourseInstance.full.json', 'courseInstance'],
  ['infoCourseInstance.legacy.json', 'courseInstance'],
  ['infoAssessment.homework.json', 'assessment'],
  ['infoAssessment.exam.json', 'assessment'],
  ['infoAssessment.prairietest.json', 'assessment'],
];

export const COURSES: readonly string[] = ['server/demo-course', 'test/apps/plCheck/fixtures/one-mistake-per-rule'];

export function fixtureDocuments(): CorpusDocument[] {
  return VALID_FIXTURES.map(([file, kind]) => {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    return { name: file, kind, data: JSON.parse(text), text };
  });
}

/** Every info file of the courses that parses as JSON (files with syntax or read errors never reach the schema). */
export function courseDocuments(): CorpusDocument[] {
  const out: CorpusDocument[] = [];
  for (const rel of COURSES) {
    for (const entry of allEntries(loadCourse(join(REPO, rel)))) {
      if (!entry.file || entry.file.syntaxErrors.length > 0) continue;
      out.push({ name: `${rel}/${entry.relPath}`, kind: entry.kind, data: entry.file.value, text: entry.file.text });
    }
  }
  return out;
}

/** Every string the schemas allow by `enum` or `const`: the values worth misspelling. */
function enumStrings(): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const obj = node as Record<string, unknown>;
    if (Array.isArray(obj.enum)) for (const v of obj.enum) if (typeof v === 'string') found.add(v);
    if (typeof obj.const === 'string') found.add(obj.const);
    for (const child of Object.values(obj)) walk(child);
  };
  Object.values(SCHEMAS).forEach(walk);
  return found;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ORCID = /^\d{4}-\d{4}-\d{4}-[\dX]{4}$/;

/** A typo an author makes: two letters swapped, or the case of a short word's first letter flipped. */
function misspell(word: string): string {
  if (word.length >= 4) return word[0] + word[2] + word[1] + word.slice(3);
  const first = word[0] ?? 'x';
  const flipped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  return flipped === first ? `${word}x` : flipped + word.slice(1);
}

/** The ways a pattern-checked string gets broken: UUIDs with a non-hex digit or a digit short, dates with a space for T. */
function brokenPatterns(value: string): string[] {
  if (UUID.test(value)) return [value.slice(0, -1) + 'g', value.slice(0, -1)];
  if (DATE.test(value)) return [value.replace('T', ' '), value.slice(0, 10)];
  if (ORCID.test(value)) return [value.replace(/-/g, '')];
  return [];
}

interface Site {
  path: Segment[];
  value: Json;
}

function sites(root: Json): Site[] {
  const out: Site[] = [];
  const walk = (value: Json, path: Segment[]) => {
    out.push({ path, value });
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(root, []);
  return out;
}

/** A copy of `root` with the value at `path` replaced by `edit(value)`; `undefined` deletes an object key. */
function edited(root: Json, path: Segment[], edit: (value: Json) => Json | undefined): Json {
  if (path.length === 0) return edit(root) ?? null;
  const copy = structuredClone(root);
  let parent: any = copy;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  const last = path[path.length - 1];
  const next = edit(parent[last]);
  if (next === undefined) delete parent[last];
  else parent[last] = next;
  return copy;
}

/** A copy of `root` with the object at `path` rebuilt by `rebuild` (keeps key order readable). */
function editedObject(root: Json, path: Segment[], rebuild: (entries: [string, Json][]) => [string, Json][]): Json {
  return edited(root, path, (value) => Object.fromEntries(rebuild(Object.entries(value as Record<string, Json>))));
}

function pointer(path: Segment[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Every one-change mutation of `data`, in a fixed order. */
export function mutationsOf(name: string, kind: InfoKind, data: Json): CorpusDocument[] {
  const enums = enumStrings();
  const out: CorpusDocument[] = [];
  const add = (mutation: MutationKind, path: Segment[], mutated: Json, detail = '') =>
    out.push({ name: `${name}: ${mutation} at ${pointer(path) || '/'}${detail}`, kind, data: mutated, mutation });

  for (const { path, value } of sites(data)) {
    const isRoot = path.length === 0;
    if (!isRoot) add('null-value', path, edited(data, path, () => null));
    if (typeof value === 'string') {
      add('wrong-type', path, edited(data, path, () => 42));
      if (enums.has(value)) add('enum-misspelt', path, edited(data, path, () => misspell(value)), ` (${misspell(value)})`);
      for (const broken of brokenPatterns(value)) add('pattern-broken', path, edited(data, path, () => broken), ` (${broken})`);
    } else if (typeof value === 'number') {
      add('wrong-type', path, edited(data, path, () => String(value)));
      add('out-of-range', path, edited(data, path, () => -1), ' (-1)');
      add('out-of-range', path, edited(data, path, () => 1e6), ' (1000000)');
    } else if (typeof value === 'boolean') {
      add('wrong-type', path, edited(data, path, () => String(value)));
    } else if (Array.isArray(value)) {
      add('object-for-array', path, edited(data, path, () => Object.fromEntries(value.map((v, i) => [String(i), v]))));
    } else if (value && typeof value === 'object') {
      if (!isRoot) add('array-for-object', path, edited(data, path, () => [value]));
      if (isRoot) {
        // Keys authors really add: an editor's "$schema", notes, and a plain stray property.
        for (const extra of ['$schema', 'notes', 'unexpectedKey']) {
          add('extra-key-top', [extra], editedObject(data, path, (e) => [...e, [extra, extra === '$schema' ? './schema.json' : true]]));
        }
      } else {
        add('extra-key-nested', [...path, 'unexpectedKey'], editedObject(data, path, (e) => [...e, ['unexpectedKey', true]]));
      }
      for (const key of Object.keys(value)) {
        const keyPath = [...path, key];
        add('key-removed', keyPath, edited(data, keyPath, () => undefined));
        const typo = misspell(key);
        if (!(typo in value)) add('key-misspelt', keyPath, editedObject(data, path, (e) => e.map(([k, v]) => [k === key ? typo : k, v])), ` (${typo})`);
      }
    }
  }
  return out;
}

export function mutationDocuments(): CorpusDocument[] {
  return fixtureDocuments().flatMap((doc) => mutationsOf(doc.name, doc.kind, doc.data as Json));
}

/** The whole corpus: fixtures, course files, then mutations. */
export function corpus(): CorpusDocument[] {
  return [...fixtureDocuments(), ...courseDocuments(), ...mutationDocuments()];
}
