// Measures which validator to use for info files: agreement with PrairieLearn's ajv over the mutation
// corpus, and the time to validate a synthetic 10,000-question course. Prints a markdown table.
// Run: node --import tsx test/schemas/compareValidators.ts
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ErrorObject } from 'ajv';
import { findNodeAtOffset, getNodePath, parseTree } from 'jsonc-parser';
import { ErrorCode, getLanguageService, isSchemaResolveError, type Diagnostic, type LanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { InfoKind } from '../../server/lib/course/course';
import { SCHEMAS, validateAgainstSchema } from '../../server/lib/course/schemaValidation';
import { writeSyntheticCourse } from '../bench/syntheticCourse';
import { corpus, prairieLearnValidators, type CorpusDocument } from './mutationCorpus';

const KINDS = Object.keys(SCHEMAS) as InfoKind[];
const reference = prairieLearnValidators();

/** What a validator says about one document: valid or not, and the JSON pointers of what it flags. */
interface Verdict {
  valid: boolean;
  locations: Set<string>;
  messages: string[];
}

function pointer(segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Where an ajv error is: its instance path, or the offending key for key-level keywords. */
function ajvLocation(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `${e.instancePath}${pointer([String(e.params.additionalProperty)])}`;
  if (e.propertyName !== undefined) return `${e.instancePath}${pointer([e.propertyName])}`;
  if (e.keyword === 'propertyNames') return `${e.instancePath}${pointer([String(e.params.propertyName)])}`;
  return e.instancePath;
}

function referenceVerdict(doc: CorpusDocument): Verdict {
  const validate = reference[doc.kind];
  const valid = validate(doc.data) as boolean;
  const errors = validate.errors ?? [];
  return {
    valid,
    locations: new Set(errors.map(ajvLocation)),
    messages: errors.map((e) => `${ajvLocation(e) || '/'} ${e.keyword}: ${e.message}`),
  };
}

function ourVerdict(doc: CorpusDocument): Verdict {
  const problems = validateAgainstSchema(doc.kind, doc.data);
  return { valid: problems.length === 0, locations: new Set(problems.map((p) => pointer(p.path))), messages: problems.map((p) => p.message) };
}

/** vscode-json-languageservice with validation on and the schemas registered as the language server registers them. */
function jsonService(): LanguageService {
  const service = getLanguageService({ schemaRequestService: (uri) => Promise.reject(new Error(`${uri} is not loaded`)) });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: KINDS.map((kind) => ({ uri: `prairielearn:/schemas/${kind}.json`, fileMatch: [`prairielearn-kind/${kind}`], schema: SCHEMAS[kind] })),
  });
  return service;
}

function textDocument(kind: InfoKind, text: string): TextDocument {
  return TextDocument.create(`prairielearn:/prairielearn-kind/${kind}`, 'json', 1, text);
}

/** Syntax problems carry a parser error code (0 or 0x101-0x210); schema problems carry none, or their own. */
function isSyntaxDiagnostic(d: Diagnostic): boolean {
  return typeof d.code === 'number' && (d.code === ErrorCode.Undefined || (d.code > 0x100 && d.code < 0x300));
}

/** Warnings on `deprecated` properties, left out of the verdicts: ajv never fails on them. */
let deprecationWarnings = 0;

/** Schema problems only: not syntax errors, and not `deprecated` annotations. */
async function schemaDiagnostics(service: LanguageService, document: TextDocument, json = service.parseJSONDocument(document)): Promise<Diagnostic[]> {
  const all = await service.doValidation(document, json);
  deprecationWarnings += all.filter((d) => d.code === ErrorCode.Deprecated).length;
  return all.filter((d) => d.code !== ErrorCode.Deprecated && !isSyntaxDiagnostic(d));
}

async function vscodeVerdict(service: LanguageService, doc: CorpusDocument): Promise<Verdict> {
  const text = doc.text ?? JSON.stringify(doc.data, null, 2);
  const document = textDocument(doc.kind, text);
  const diagnostics = await schemaDiagnostics(service, document);
  const tree = parseTree(text)!;
  const locations = new Set(
    diagnostics.map((d) => {
      // A key's range starts at its opening quote; step inside so the key node, not its property, is found.
      const node = findNodeAtOffset(tree, document.offsetAt(d.range.start) + 1);
      return node ? pointer(getNodePath(node)) : '';
    }),
  );
  return { valid: diagnostics.length === 0, locations, messages: diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value)) };
}

interface Tally {
  documents: number;
  sameVerdict: number;
  sameLocations: number;
  /** Documents where every location flagged is one where PrairieLearn's ajv also reports an error. */
  withinReference: number;
  disagreements: { doc: CorpusDocument; ref: Verdict; got: Verdict }[];
  locationDifferences: { doc: CorpusDocument; ref: Verdict; got: Verdict }[];
}

function compare(tally: Tally, doc: CorpusDocument, ref: Verdict, got: Verdict): void {
  tally.documents++;
  if (ref.valid === got.valid) tally.sameVerdict++;
  else tally.disagreements.push({ doc, ref, got });
  const within = [...got.locations].every((l) => ref.locations.has(l));
  const same = within && ref.locations.size === got.locations.size;
  if (same) tally.sameLocations++;
  if (within) tally.withinReference++;
  if (!same && ref.valid === got.valid) tally.locationDifferences.push({ doc, ref, got });
}

/**
 * vscode-json-languageservice validates a document with a "$schema" property against that schema instead
 * of the registered one. Adds "$schema" to each document PrairieLearn rejects and counts the documents
 * whose own problems vscode still reports (beyond the one "Unable to load schema" warning).
 */
async function schemaKeyProbe(service: LanguageService, docs: CorpusDocument[]): Promise<{ tried: number; stillReported: number }> {
  let tried = 0;
  let stillReported = 0;
  for (const doc of docs) {
    const data = doc.data;
    if (!data || typeof data !== 'object' || Array.isArray(data) || '$schema' in data || referenceVerdict(doc).valid) continue;
    tried++;
    const text = JSON.stringify({ ...data, $schema: './schema.json' }, null, 2);
    const diagnostics = await schemaDiagnostics(service, textDocument(doc.kind, text));
    if (diagnostics.some((d) => !(typeof d.code === 'number' && isSchemaResolveError(d.code)))) stillReported++;
  }
  return { tried, stillReported };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeSyntheticCourse(service: LanguageService): Promise<{ files: number; ours: number; reference: number; vscode: number }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-validators-'));
  try {
    const course = writeSyntheticCourse(root, { questions: 10_000, assessments: 200 });
    const kindOf = (file: string): InfoKind =>
      ({ 'infoCourse.json': 'course', 'info.json': 'question', 'infoCourseInstance.json': 'courseInstance', 'infoAssessment.json': 'assessment' })[
        path.basename(file)
      ] as InfoKind;
    const files = course.infoFiles.map((file) => {
      const kind = kindOf(file);
      const text = fs.readFileSync(file, 'utf8');
      const document = textDocument(kind, text);
      return { kind, data: JSON.parse(text) as unknown, document, json: service.parseJSONDocument(document) };
    });
    // One untimed pass per validator compiles (ajv) or resolves (vscode) the schemas first.
    const runs = async (validateAll: () => Promise<void> | void) => {
      await validateAll();
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await validateAll();
        times.push(performance.now() - start);
      }
      return median(times);
    };
    return {
      files: files.length,
      ours: await runs(() => {
        for (const f of files) validateAgainstSchema(f.kind, f.data);
      }),
      reference: await runs(() => {
        for (const f of files) reference[f.kind](f.data);
      }),
      vscode: await runs(async () => {
        for (const f of files) await schemaDiagnostics(service, f.document, f.json);
      }),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Groups differences by mutation kind and direction, so the examples show distinct kinds of disagreement. */
function examples(items: { doc: CorpusDocument; ref: Verdict; got: Verdict }[], limit: number): string[] {
  const byCategory = new Map<string, (typeof items)[number][]>();
  for (const item of items) {
    const { ref, got } = item;
    const verdicts = `${ref.valid ? 'valid' : 'invalid'} for PrairieLearn's ajv, ${got.valid ? 'valid' : 'invalid'} here`;
    const locations = [...got.locations].some((l) => !ref.locations.has(l)) ? 'flags a location ajv does not' : 'flags fewer locations than ajv';
    const category = `${item.doc.mutation ?? 'unmutated file'}: ${ref.valid === got.valid ? locations : verdicts}`;
    byCategory.set(category, [...(byCategory.get(category) ?? []), item]);
  }
  return [...byCategory.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, limit)
    .map(([category, list]) => {
      const { doc, ref, got } = list[0];
      const refSays = ref.valid ? 'no error' : ref.messages.slice(0, 3).join('; ');
      const gotSays = got.valid ? 'no problem' : got.messages.slice(0, 2).join('; ');
      return `${category} (${list.length} documents), e.g. ${doc.name}: ajv: ${refSays} | here: ${gotSays}`;
    });
}

async function main(): Promise<void> {
  const docs = corpus();
  const service = jsonService();
  const tallies: Record<'ours' | 'vscode', Tally> = {
    ours: { documents: 0, sameVerdict: 0, sameLocations: 0, withinReference: 0, disagreements: [], locationDifferences: [] },
    vscode: { documents: 0, sameVerdict: 0, sameLocations: 0, withinReference: 0, disagreements: [], locationDifferences: [] },
  };
  for (const doc of docs) {
    const ref = referenceVerdict(doc);
    compare(tallies.ours, doc, ref, ourVerdict(doc));
    compare(tallies.vscode, doc, ref, await vscodeVerdict(service, doc));
  }
  const invalid = docs.filter((d) => !referenceVerdict(d).valid).length;
  const corpusDeprecations = deprecationWarnings;
  const probe = await schemaKeyProbe(service, docs);
  const times = await timeSyntheticCourse(service);

  const rows: [string, Tally, number][] = [
    ['ours: `validateAgainstSchema` (ajv, PrairieLearn options + condensed messages)', tallies.ours, times.ours],
    ['vscode-json-languageservice `doValidation`', tallies.vscode, times.vscode],
  ];
  const pct = (n: number, of: number) => `${n} (${((100 * n) / of).toFixed(1)}%)`;
  console.log(`Corpus: ${docs.length} documents (${invalid} invalid for PrairieLearn's ajv). Synthetic course: ${times.files} info files.\n`);
  console.log('| validator | documents | same verdict as PrairieLearn\'s ajv | disagreements | same failing locations | flags only locations ajv flags | 10,000-question course, ms (median of 3) |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| PrairieLearn's ajv (reference) | ${docs.length} | — | — | — | — | ${times.reference.toFixed(0)} |`);
  for (const [name, t, ms] of rows) {
    console.log(`| ${name} | ${t.documents} | ${pct(t.sameVerdict, t.documents)} | ${t.disagreements.length} | ${pct(t.sameLocations, t.documents)} | ${pct(t.withinReference, t.documents)} | ${ms.toFixed(0)} |`);
  }
  console.log(`\nvscode-json-languageservice also gave ${corpusDeprecations} "Value is deprecated" warnings on the corpus (not counted above).`);
  console.log(
    `With a "$schema" key added to each of the ${probe.tried} invalid documents, vscode-json-languageservice still reports their problems in ${probe.stillReported}; ajv reports all of them (plus the key).`,
  );
  for (const [name, t] of rows) {
    console.log(`\n${name}`);
    console.log(t.disagreements.length ? '- verdict disagreements:' : '- no verdict disagreements');
    for (const line of examples(t.disagreements, 3)) console.log(`  - ${line}`);
    if (t.locationDifferences.length) console.log('- same verdict, other locations:');
    for (const line of examples(t.locationDifferences, 4)) console.log(`  - ${line}`);
  }
}

void main();
