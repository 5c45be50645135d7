import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { SCHEMAS, validateAgainstSchema } from '../../server/lib/course/schemaValidation';
import { JsonFile } from '../../server/lib/course/jsonFile';
import type { InfoKind } from '../../server/lib/course/course';

const KINDS = Object.keys(SCHEMAS) as InfoKind[];
const FIXTURES = join(__dirname, 'fixtures');

/** ajv configured exactly as PrairieLearn's sync configures it. */
function plAjv(): Ajv {
  return new Ajv({ allErrors: true, allowUnionTypes: true, strict: false, formats: { uuid: true } });
}

const rawValidators = new Map<InfoKind, ValidateFunction>();
function rawValidator(kind: InfoKind): ValidateFunction {
  if (!rawValidators.has(kind)) rawValidators.set(kind, plAjv().compile(SCHEMAS[kind]));
  return rawValidators.get(kind)!;
}

function fixture(name: string): any {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
}

const VALID_FIXTURES: [string, InfoKind][] = [
  ['infoCourse.full.json', 'course'],
  ['info.full.json', 'question'],
  ['infoCourseInstance.full.json', 'courseInstance'],
  ['infoCourseInstance.legacy.json', 'courseInstance'],
  ['infoAssessment.homework.json', 'assessment'],
  ['infoAssessment.exam.json', 'assessment'],
  ['infoAssessment.prairietest.json', 'assessment'],
];

/** The smallest valid file of each kind, for cases that only need one property changed. */
const MINIMAL: Record<InfoKind, object> = {
  course: { name: 'TST 101', title: 'Test course', topics: [] },
  question: { uuid: '6b2a1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', type: 'v3', title: 'Q', topic: 'Basics' },
  courseInstance: { uuid: '7c3b2d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', longName: 'Spring 2026' },
  assessment: { uuid: '8d4c3e5f-6a7b-4c8d-ae9f-1a2b3c4d5e6f', type: 'Homework', title: 'HW', set: 'Homework', number: '1' },
};

function clone<T>(value: T): T {
  return structuredClone(value);
}

test('each schema is draft-07 with a title and compiles with PrairieLearn’s ajv options', () => {
  for (const kind of KINDS) {
    const schema = SCHEMAS[kind] as Record<string, unknown>;
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', kind);
    assert.equal(typeof schema.title, 'string', kind);
    assert.equal(schema.additionalProperties, false, `${kind}: top level must be strict`);
    assert.doesNotThrow(() => plAjv().compile(schema), kind);
  }
});

test('each schema uses only known keywords (ajv strict mode, plus our two annotations)', () => {
  for (const kind of KINDS) {
    // strictRequired would reject `then: { required: [...] }`, which is plain draft-07.
    const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, formats: { uuid: true } });
    ajv.addKeyword('patternErrorMessage');
    assert.doesNotThrow(() => ajv.compile(SCHEMAS[kind]), kind);
  }
});

test('every property of every schema has a description', () => {
  const missing: string[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
    const obj = node as Record<string, unknown>;
    if (obj.properties && typeof obj.properties === 'object') {
      for (const [name, prop] of Object.entries(obj.properties as Record<string, any>)) {
        if (typeof prop?.description !== 'string' || prop.description.length < 5) missing.push(`${where}.${name}`);
      }
    }
    for (const [key, child] of Object.entries(obj)) {
      // `if` branches only restate constraints; they are not places authors hover.
      if (key !== 'if' && key !== 'then' && key !== 'else') walk(child, `${where}/${key}`);
    }
  };
  for (const kind of KINDS) walk(SCHEMAS[kind], kind);
  assert.deepEqual(missing, []);
});

test('no definition or union branch hides a property description from hover', () => {
  // vscode-json-languageservice copies a $ref target's keys (description included) over the referring
  // schema, and on hover prefers the description of the matched anyOf/oneOf branch.
  const problems: string[] = [];
  for (const kind of KINDS) {
    const root = SCHEMAS[kind] as any;
    const walk = (node: any, where: string) => {
      if (!node || typeof node !== 'object') return;
      if (typeof node.$ref === 'string' && typeof node.description === 'string') {
        const target = node.$ref.replace('#/definitions/', '');
        if (root.definitions?.[target]?.description) problems.push(`${kind}: ${where} → ${target} has its own description`);
      }
      for (const key of ['anyOf', 'oneOf']) {
        for (const [i, branch] of (node[key] ?? []).entries()) if (branch.description) problems.push(`${kind}: ${where}/${key}/${i} has a description`);
      }
      for (const [key, child] of Object.entries(node)) walk(child, `${where}/${key}`);
    };
    walk(root, '#');
  }
  assert.deepEqual(problems, []);
});

test('the shared definitions match PrairieLearn: 30 colors, UUID pattern, comment forms', () => {
  const course = SCHEMAS.course as any;
  assert.equal(course.definitions.Color.enum.length, 30);
  assert.ok(course.definitions.Color.enum.includes('turquoise3'));
  for (const kind of KINDS) {
    const uuid = (SCHEMAS[kind] as any).definitions.Uuid;
    assert.equal(uuid.pattern, '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', kind);
    assert.deepEqual((SCHEMAS[kind] as any).definitions.Comment.anyOf.map((b: any) => b.type), ['string', 'array', 'object'], kind);
  }
});

test('deprecated properties carry the deprecated annotation', () => {
  const deprecated = (schema: any, ...path: string[]) => path.reduce((node, key) => node[key], schema).deprecated;
  assert.equal(deprecated(SCHEMAS.course, 'properties', 'uuid'), true);
  assert.equal(deprecated(SCHEMAS.course, 'properties', 'options', 'properties', 'useNewQuestionRenderer'), true);
  for (const p of ['clientFiles', 'clientTemplates', 'template', 'options']) assert.equal(deprecated(SCHEMAS.question, 'properties', p), true, p);
  for (const p of ['shortName', 'allowIssueReporting', 'hideInEnrollPage', 'userRoles']) assert.equal(deprecated(SCHEMAS.courseInstance, 'properties', p), true, p);
  for (const p of ['groupWork', 'groupRoles', 'canView', 'canSubmit', 'studentGroupCreate', 'studentGroupJoin']) {
    assert.equal(deprecated(SCHEMAS.assessment, 'properties', p), true, p);
  }
  assert.equal(deprecated(SCHEMAS.assessment, 'definitions', 'AccessRule', 'properties', 'role'), true);
  assert.equal(deprecated(SCHEMAS.question, 'properties', 'title'), undefined);
});

test('realistic full-featured files of every kind are valid', () => {
  for (const [name, kind] of VALID_FIXTURES) {
    const data = fixture(name);
    const validate = rawValidator(kind);
    assert.equal(validate(data), true, `${name}: ${JSON.stringify(validate.errors)}`);
    assert.deepEqual(validateAgainstSchema(kind, data), [], name);
  }
});

test('minimal files and permitted variants are valid', () => {
  const variants: [string, InfoKind, (d: any) => void][] = [
    ['minimal course', 'course', () => {}],
    ['minimal question', 'question', () => {}],
    ['minimal course instance', 'courseInstance', () => {}],
    ['minimal assessment', 'assessment', () => {}],
    ['course with the deprecated uuid', 'course', (d) => (d.uuid = 'ABCDEF01-2345-6789-abcd-ef0123456789')],
    ['devModeFeatures in the legacy array form', 'course', (d) => (d.options = { devModeFeatures: ['ai-grading'] })],
    ['comment as array and object', 'question', (d) => ((d.comment = ['a', 1]), (d.dependencies = { comment: { why: 'x' } }))],
    ['uppercase question uuid', 'question', (d) => (d.uuid = '6B2A1C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D')],
    ['a uuid of any version', 'question', (d) => (d.uuid = '6b2a1c3d-4e5f-1a6b-0c7d-9e0f1a2b3c4d')],
    ['legacy options on a legacy question', 'question', (d) => ((d.type = 'MultipleChoice'), (d.options = { text: 'Pick', correctAnswers: ['a'], incorrectAnswers: ['b'] }))],
    ['entrypoint as a string', 'question', (d) => (d.externalGradingOptions = { image: 'img', entrypoint: '/grade/run.sh' })],
    ['workspace with only an image', 'question', (d) => (d.workspaceOptions = { image: 'img' })],
    ['legacy group work', 'assessment', (d) => Object.assign(d, {
      groupWork: true, groupMaxSize: 4, groupMinSize: 2, studentGroupCreate: true, studentGroupChooseName: false,
      studentGroupJoin: true, studentGroupLeave: true, canView: ['Lead', 'Scribe'], canSubmit: ['Lead'],
      groupRoles: [{ name: 'Lead', minimum: 1, maximum: 1, canAssignRoles: true }, { name: 'Scribe' }],
    })],
    ['empty zones and accessControl', 'assessment', (d) => ((d.zones = []), (d.accessControl = []))],
    ['accessControl defaults placeholder {}', 'assessment', (d) => (d.accessControl = [{}, { uuid: '22222222-2222-4222-8222-222222222222', labels: ['A'] }])],
    ['allowAccess with an empty rule', 'assessment', (d) => (d.allowAccess = [{}])],
    ['maxPoints 0 and a zero-point list', 'assessment', (d) => ((d.maxPoints = 0), (d.zones = [{ questions: [{ id: 'q', points: [0] }] }]))],
  ];
  for (const [name, kind, mutate] of variants) {
    const data = clone(MINIMAL[kind]);
    mutate(data);
    assert.deepEqual(validateAgainstSchema(kind, data), [], name);
  }
});

test('extra keys are accepted where PrairieLearn’s objects are not strict', () => {
  const cases: [string, InfoKind, (d: any) => void][] = [
    ['topics item', 'course', (d) => (d.topics = [{ name: 'T', color: 'red1', shortName: 'T', extra: 1 }])],
    ['tags item', 'course', (d) => (d.tags = [{ name: 'T', color: 'red1', extra: 1 }])],
    ['assessmentSets item', 'course', (d) => (d.assessmentSets = [{ abbreviation: 'A', name: 'A', heading: 'As', color: 'gray1', extra: 1 }])],
    ['assessmentModules item', 'course', (d) => (d.assessmentModules = [{ name: 'M', heading: 'Mod', comment: 'x' }])],
    ['sharingSets item', 'course', (d) => (d.sharingSets = [{ name: 'S', extra: 1 }])],
    ['legacy question options', 'question', (d) => ((d.type = 'Calculation'), (d.options = { anything: [1, 2] }))],
    ['userRoles', 'courseInstance', (d) => (d.userRoles = { 'x@example.com': 'Instructor' })],
    ['zones item', 'assessment', (d) => (d.zones = [{ note: 'x', questions: [{ id: 'q', points: 1 }] }])],
    ['zone question', 'assessment', (d) => (d.zones = [{ questions: [{ id: 'q', points: 1, note: 'x' }] }])],
    ['alternative', 'assessment', (d) => (d.zones = [{ questions: [{ points: 1, alternatives: [{ id: 'q', note: 'x' }] }] }])],
    ['legacy groupRoles item', 'assessment', (d) => (d.groupRoles = [{ name: 'R', extra: true }])],
    ['tools.calculator', 'assessment', (d) => (d.tools = { calculator: { enabled: true, type: 'basic' } })],
  ];
  for (const [name, kind, mutate] of cases) {
    const data = clone(MINIMAL[kind]);
    mutate(data);
    assert.deepEqual(validateAgainstSchema(kind, data), [], name);
  }
});

interface InvalidCase {
  name: string;
  kind: InfoKind;
  /** A fixture file name, or omitted for the minimal file of the kind. */
  base?: string;
  mutate: (d: any) => void;
  /** The ajv keyword PrairieLearn's validator reports, and where (JSON pointer). */
  keyword: string;
  at: string;
  /** What validateAgainstSchema reports: exactly one problem with this path, part and message. */
  path: (string | number)[];
  part?: 'key' | 'value';
  message: RegExp;
  /** The text the problem's range covers in the pretty-printed file. */
  covers?: string;
}

const HW = 'infoAssessment.homework.json';
const EXAM = 'infoAssessment.exam.json';
const PT = 'infoAssessment.prairietest.json';

const INVALID: InvalidCase[] = [
  // ---- infoCourse.json
  { name: 'course without topics', kind: 'course', mutate: (d) => delete d.topics, keyword: 'required', at: '', path: [], part: 'key', message: /^The file is missing the required property "topics"\.$/ },
  { name: 'course with an unknown top-level key', kind: 'course', mutate: (d) => (d.semester = 'Fall'), keyword: 'additionalProperties', at: '', path: ['semester'], part: 'key', message: /Property "semester" is not allowed here/, covers: '"semester"' },
  { name: 'course with a $schema key', kind: 'course', mutate: (d) => (d.$schema = './schema.json'), keyword: 'additionalProperties', at: '', path: ['$schema'], part: 'key', message: /Property "\$schema" is not allowed/ },
  { name: 'course options are strict', kind: 'course', mutate: (d) => (d.options = { useNewQuestionRenderer: true, darkMode: true }), keyword: 'additionalProperties', at: '/options', path: ['options', 'darkMode'], part: 'key', message: /"darkMode" is not allowed/ },
  { name: 'topic color not in the palette', kind: 'course', base: 'infoCourse.full.json', mutate: (d) => (d.topics[1].color = 'grey1'), keyword: 'enum', at: '/topics/1/color', path: ['topics', 1, 'color'], message: /^"topics\[1\]\.color" must be one of "red1", .*"gray3"\.$/, covers: '"grey1"' },
  { name: 'tag without a color', kind: 'course', mutate: (d) => (d.tags = [{ name: 'T' }]), keyword: 'required', at: '/tags/0', path: ['tags', 0], part: 'key', message: /"tags\[0\]" is missing the required property "color"/ },
  { name: 'course uuid malformed', kind: 'course', mutate: (d) => (d.uuid = '1234'), keyword: 'pattern', at: '/uuid', path: ['uuid'], message: /^"uuid" must be a UUID: 32 hexadecimal digits grouped 8-4-4-4-12/ },
  { name: 'devModeFeatures values must be booleans', kind: 'course', mutate: (d) => (d.options = { devModeFeatures: { 'ai-grading': 'yes' } }), keyword: 'anyOf', at: '/options/devModeFeatures', path: ['options', 'devModeFeatures', 'ai-grading'], message: /^"options\.devModeFeatures\["ai-grading"\]" must be a boolean\.$/ },
  { name: 'comment of the wrong type', kind: 'course', mutate: (d) => (d.comment = 42), keyword: 'anyOf', at: '/comment', path: ['comment'], message: /^"comment" must be a string, an array or an object\.$/ },

  // ---- info.json
  { name: 'question without a topic', kind: 'question', mutate: (d) => delete d.topic, keyword: 'required', at: '', path: [], part: 'key', message: /missing the required property "topic"/ },
  { name: 'question with a misspelt key', kind: 'question', mutate: (d) => (d.titel = 'x'), keyword: 'additionalProperties', at: '', path: ['titel'], part: 'key', message: /"titel" is not allowed here.*fix its spelling/ },
  { name: 'question type not in the enum', kind: 'question', mutate: (d) => (d.type = 'Freeform'), keyword: 'enum', at: '/type', path: ['type'], message: /^"type" must be one of "Calculation", "MultipleChoice", "Checkbox", "File", "MultipleTrueFalse", "v3"\.$/ },
  { name: 'question uuid malformed', kind: 'question', mutate: (d) => (d.uuid = '6b2a1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4'), keyword: 'pattern', at: '/uuid', path: ['uuid'], message: /must be a UUID/ },
  { name: 'author objects are strict', kind: 'question', mutate: (d) => (d.authors = [{ name: 'Ada Lovelace', email: 'a@b.c', affiliation: 'X' }]), keyword: 'additionalProperties', at: '/authors/0', path: ['authors', 0, 'affiliation'], part: 'key', message: /"affiliation" is not allowed/ },
  { name: 'ORCID too short', kind: 'question', mutate: (d) => (d.authors = [{ orcid: '0000-0002-1825-009' }]), keyword: 'pattern', at: '/authors/0/orcid', path: ['authors', 0, 'orcid'], message: /^"authors\[0\]\.orcid" must be an ORCID iD/ },
  { name: 'ORCID with a lowercase x', kind: 'question', mutate: (d) => (d.authors = [{ orcid: '0000-0002-1694-233x' }]), keyword: 'pattern', at: '/authors/0/orcid', path: ['authors', 0, 'orcid'], message: /must be an ORCID iD/ },
  { name: 'more than 10 authors', kind: 'question', mutate: (d) => (d.authors = Array.from({ length: 11 }, (_, i) => ({ email: `a${i}@x.org` }))), keyword: 'maxItems', at: '/authors', path: ['authors'], message: /^"authors" must have at most 10 items\.$/ },
  { name: 'author name shorter than 3', kind: 'question', mutate: (d) => (d.authors = [{ name: 'Al', email: 'al@x.org' }]), keyword: 'minLength', at: '/authors/0/name', path: ['authors', 0, 'name'], message: /must be at least 3 characters long/ },
  { name: 'external grading without an image', kind: 'question', mutate: (d) => (d.externalGradingOptions = { entrypoint: 'run.sh' }), keyword: 'required', at: '/externalGradingOptions', path: ['externalGradingOptions'], part: 'key', message: /"externalGradingOptions" is missing the required property "image"/, covers: '"externalGradingOptions"' },
  { name: 'externalGradingOptions is strict', kind: 'question', mutate: (d) => (d.externalGradingOptions = { image: 'i', memory: '1g' }), keyword: 'additionalProperties', at: '/externalGradingOptions', path: ['externalGradingOptions', 'memory'], part: 'key', message: /"memory" is not allowed/ },
  { name: 'grader environment values are strings', kind: 'question', mutate: (d) => (d.externalGradingOptions = { image: 'i', environment: { A: null } }), keyword: 'type', at: '/externalGradingOptions/environment/A', path: ['externalGradingOptions', 'environment', 'A'], message: /must be a string\.$/ },
  { name: 'workspace port out of range', kind: 'question', mutate: (d) => (d.workspaceOptions = { image: 'i', port: 70000 }), keyword: 'maximum', at: '/workspaceOptions/port', path: ['workspaceOptions', 'port'], message: /must be 65535 or less/ },
  { name: 'dependencies are strict', kind: 'question', mutate: (d) => (d.dependencies = { clientFilesCourseStyle: ['a.css'] }), keyword: 'additionalProperties', at: '/dependencies', path: ['dependencies', 'clientFilesCourseStyle'], part: 'key', message: /"clientFilesCourseStyle" is not allowed/ },
  { name: 'preference type not allowed', kind: 'question', mutate: (d) => (d.preferences = { n: { type: 'integer', default: 1 } }), keyword: 'enum', at: '/preferences/n/type', path: ['preferences', 'n', 'type'], message: /must be one of "string", "number", "boolean"/ },
  { name: 'preference without a default', kind: 'question', mutate: (d) => (d.preferences = { n: { type: 'number' } }), keyword: 'required', at: '/preferences/n', path: ['preferences', 'n'], part: 'key', message: /missing the required property "default"/ },
  { name: 'preference definitions are strict', kind: 'question', mutate: (d) => (d.preferences = { n: { type: 'number', default: 1, description: 'x' } }), keyword: 'additionalProperties', at: '/preferences/n', path: ['preferences', 'n', 'description'], part: 'key', message: /"description" is not allowed/ },
  { name: 'preference with an empty name', kind: 'question', mutate: (d) => (d.preferences = { '': { type: 'number', default: 1 } }), keyword: 'propertyNames', at: '/preferences', path: ['preferences', ''], part: 'key', message: /^Property names must not be empty here\.$/ },

  // ---- infoCourseInstance.json
  { name: 'course instance without longName', kind: 'courseInstance', mutate: (d) => delete d.longName, keyword: 'required', at: '', path: [], part: 'key', message: /missing the required property "longName"/ },
  { name: 'course instance with an unknown key', kind: 'courseInstance', mutate: (d) => (d.semester = 'x'), keyword: 'additionalProperties', at: '', path: ['semester'], part: 'key', message: /"semester" is not allowed/ },
  { name: 'selfEnrollment is strict (old requiresSecretLink)', kind: 'courseInstance', mutate: (d) => (d.selfEnrollment = { requiresSecretLink: true }), keyword: 'additionalProperties', at: '/selfEnrollment', path: ['selfEnrollment', 'requiresSecretLink'], part: 'key', message: /"requiresSecretLink" is not allowed/ },
  { name: 'publishing is strict', kind: 'courseInstance', mutate: (d) => (d.publishing = { startDate: '2026-01-01T00:00:00', visible: true }), keyword: 'additionalProperties', at: '/publishing', path: ['publishing', 'visible'], part: 'key', message: /"visible" is not allowed/ },
  { name: 'allowAccess rules are strict', kind: 'courseInstance', base: 'infoCourseInstance.legacy.json', mutate: (d) => (d.allowAccess[1].mode = 'Exam'), keyword: 'additionalProperties', at: '/allowAccess/1', path: ['allowAccess', 1, 'mode'], part: 'key', message: /"mode" is not allowed/, covers: '"mode"' },
  { name: 'allowAccess role not in the enum', kind: 'courseInstance', mutate: (d) => (d.allowAccess = [{ role: 'Guest' }]), keyword: 'enum', at: '/allowAccess/0/role', path: ['allowAccess', 0, 'role'], message: /must be one of "Student", "TA", "Instructor", "Superuser"/ },
  { name: 'groupAssessmentsBy not in the enum', kind: 'courseInstance', mutate: (d) => (d.groupAssessmentsBy = 'Topic'), keyword: 'enum', at: '/groupAssessmentsBy', path: ['groupAssessmentsBy'], message: /must be one of "Set", "Module"/ },
  { name: 'student label without a color', kind: 'courseInstance', mutate: (d) => (d.studentLabels = [{ uuid: '11111111-1111-4111-8111-111111111111', name: 'A' }]), keyword: 'required', at: '/studentLabels/0', path: ['studentLabels', 0], part: 'key', message: /missing the required property "color"/ },
  { name: 'student label with an empty name', kind: 'courseInstance', base: 'infoCourseInstance.full.json', mutate: (d) => (d.studentLabels[0].name = ''), keyword: 'minLength', at: '/studentLabels/0/name', path: ['studentLabels', 0, 'name'], message: /^"studentLabels\[0\]\.name" must not be empty\.$/ },
  { name: 'student labels are strict', kind: 'courseInstance', base: 'infoCourseInstance.full.json', mutate: (d) => (d.studentLabels[1].description = 'x'), keyword: 'additionalProperties', at: '/studentLabels/1', path: ['studentLabels', 1, 'description'], part: 'key', message: /"description" is not allowed/ },
  { name: 'student label uuid malformed', kind: 'courseInstance', base: 'infoCourseInstance.full.json', mutate: (d) => (d.studentLabels[0].uuid = 'section-a'), keyword: 'pattern', at: '/studentLabels/0/uuid', path: ['studentLabels', 0, 'uuid'], message: /must be a UUID/ },
  { name: 'more than 100 student labels', kind: 'courseInstance', mutate: (d) => (d.studentLabels = Array.from({ length: 101 }, (_, i) => ({ uuid: `11111111-1111-4111-8111-${String(i).padStart(12, '0')}`, name: `L${i}`, color: 'red1' }))), keyword: 'maxItems', at: '/studentLabels', path: ['studentLabels'], message: /must have at most 100 items/ },

  // ---- infoAssessment.json: top level and zones
  { name: 'assessment without a set', kind: 'assessment', mutate: (d) => delete d.set, keyword: 'required', at: '', path: [], part: 'key', message: /missing the required property "set"/ },
  { name: 'assessment with an unknown key', kind: 'assessment', mutate: (d) => (d.timeLimit = 60), keyword: 'additionalProperties', at: '', path: ['timeLimit'], part: 'key', message: /"timeLimit" is not allowed/ },
  { name: 'assessment with a $schema key', kind: 'assessment', base: HW, mutate: (d) => (d.$schema = 'x'), keyword: 'additionalProperties', at: '', path: ['$schema'], part: 'key', message: /"\$schema" is not allowed/ },
  { name: 'assessment type not in the enum', kind: 'assessment', mutate: (d) => (d.type = 'Quiz'), keyword: 'enum', at: '/type', path: ['type'], message: /^"type" must be one of "Homework", "Exam"\.$/ },
  { name: 'zone without questions', kind: 'assessment', mutate: (d) => (d.zones = [{ title: 'Z' }]), keyword: 'required', at: '/zones/0', path: ['zones', 0], part: 'key', message: /"zones\[0\]" is missing the required property "questions"/ },
  { name: 'zone with no questions', kind: 'assessment', mutate: (d) => (d.zones = [{ questions: [] }]), keyword: 'minItems', at: '/zones/0/questions', path: ['zones', 0, 'questions'], message: /must have at least 1 item\.$/ },
  { name: 'points array empty', kind: 'assessment', base: EXAM, mutate: (d) => (d.zones[0].questions[0].points = []), keyword: 'minItems', at: '/zones/0/questions/0/points', path: ['zones', 0, 'questions', 0, 'points'], message: /^"zones\[0\]\.questions\[0\]\.points" must have at least 1 item\.$/, covers: '"points"' },
  { name: 'points negative', kind: 'assessment', base: HW, mutate: (d) => (d.zones[0].questions[0].points = -2), keyword: 'minimum', at: '/zones/0/questions/0/points', path: ['zones', 0, 'questions', 0, 'points'], message: /must be 0 or more\.$/, covers: '-2' },
  { name: 'points list with a negative entry', kind: 'assessment', base: EXAM, mutate: (d) => (d.zones[0].questions[0].points = [5, -1]), keyword: 'minimum', at: '/zones/0/questions/0/points/1', path: ['zones', 0, 'questions', 0, 'points', 1], message: /^"zones\[0\]\.questions\[0\]\.points\[1\]" must be 0 or more\.$/, covers: '-1' },
  { name: 'points as a string', kind: 'assessment', base: HW, mutate: (d) => (d.zones[0].questions[0].points = '5'), keyword: 'type', at: '/zones/0/questions/0/points', path: ['zones', 0, 'questions', 0, 'points'], message: /must be a number or an array\.$/ },
  { name: 'alternative points in a pool', kind: 'assessment', base: HW, mutate: (d) => (d.zones[0].questions[1].alternatives[1].manualPoints = -1), keyword: 'minimum', at: '/zones/0/questions/1/alternatives/1/manualPoints', path: ['zones', 0, 'questions', 1, 'alternatives', 1, 'manualPoints'], message: /must be 0 or more/ },
  { name: 'empty alternatives', kind: 'assessment', base: HW, mutate: (d) => (d.zones[0].questions[1].alternatives = []), keyword: 'minItems', at: '/zones/0/questions/1/alternatives', path: ['zones', 0, 'questions', 1, 'alternatives'], message: /must have at least 1 item/ },
  { name: 'alternative without an id', kind: 'assessment', base: HW, mutate: (d) => delete d.zones[0].questions[1].alternatives[0].id, keyword: 'required', at: '/zones/0/questions/1/alternatives/0', path: ['zones', 0, 'questions', 1, 'alternatives', 0], part: 'key', message: /missing the required property "id"/ },
  { name: 'triesPerVariant below 1', kind: 'assessment', base: HW, mutate: (d) => (d.zones[0].questions[0].triesPerVariant = 0), keyword: 'minimum', at: '/zones/0/questions/0/triesPerVariant', path: ['zones', 0, 'questions', 0, 'triesPerVariant'], message: /must be 1 or more/ },
  { name: 'numberChoose not an integer', kind: 'assessment', base: EXAM, mutate: (d) => (d.zones[0].numberChoose = 1.5), keyword: 'type', at: '/zones/0/numberChoose', path: ['zones', 0, 'numberChoose'], message: /must be an integer\.$/ },
  { name: 'advanceScorePerc above 100', kind: 'assessment', mutate: (d) => (d.advanceScorePerc = 101), keyword: 'maximum', at: '/advanceScorePerc', path: ['advanceScorePerc'], message: /must be 100 or less/ },
  { name: 'question preference null', kind: 'assessment', base: HW, mutate: (d) => (d.zones[1].questions[0].preferences.gravity = null), keyword: 'type', at: '/zones/1/questions/0/preferences/gravity', path: ['zones', 1, 'questions', 0, 'preferences', 'gravity'], message: /must be a string, a number or a boolean\.$/ },
  { name: 'zone canView not unique', kind: 'assessment', base: HW, mutate: (d) => (d.zones[1].canView = ['Manager', 'Recorder', 'Manager']), keyword: 'uniqueItems', at: '/zones/1/canView', path: ['zones', 1, 'canView', 2], message: /^"zones\[1\]\.canView" lists "Manager" more than once/, covers: '"Manager"' },
  { name: 'legacy canSubmit not unique', kind: 'assessment', mutate: (d) => (d.canSubmit = ['A', 'A']), keyword: 'uniqueItems', at: '/canSubmit', path: ['canSubmit', 1], message: /lists "A" more than once/ },
  { name: 'unknown tool', kind: 'assessment', mutate: (d) => (d.tools = { abacus: { enabled: true } }), keyword: 'propertyNames', at: '/tools', path: ['tools', 'abacus'], part: 'key', message: /^Property "abacus" is not allowed here; use one of "calculator"\.$/ },
  { name: 'tool without enabled', kind: 'assessment', mutate: (d) => (d.tools = { calculator: {} }), keyword: 'required', at: '/tools/calculator', path: ['tools', 'calculator'], part: 'key', message: /missing the required property "enabled"/ },

  // ---- groups
  { name: 'groups is strict', kind: 'assessment', base: HW, mutate: (d) => (d.groups.size = 3), keyword: 'additionalProperties', at: '/groups', path: ['groups', 'size'], part: 'key', message: /"size" is not allowed/ },
  { name: 'group roles are strict (legacy minimum)', kind: 'assessment', base: HW, mutate: (d) => (d.groups.roles[1].minimum = 1), keyword: 'additionalProperties', at: '/groups/roles/1', path: ['groups', 'roles', 1, 'minimum'], part: 'key', message: /"minimum" is not allowed/ },
  { name: 'studentPermissions are strict', kind: 'assessment', base: HW, mutate: (d) => (d.groups.studentPermissions.canDeleteGroup = true), keyword: 'additionalProperties', at: '/groups/studentPermissions', path: ['groups', 'studentPermissions', 'canDeleteGroup'], part: 'key', message: /"canDeleteGroup" is not allowed/ },
  { name: 'rolePermissions lists unique', kind: 'assessment', base: HW, mutate: (d) => (d.groups.rolePermissions.canView = ['Manager', 'Manager']), keyword: 'uniqueItems', at: '/groups/rolePermissions/canView', path: ['groups', 'rolePermissions', 'canView', 1], message: /lists "Manager" more than once/ },
  { name: 'group roles unique', kind: 'assessment', base: HW, mutate: (d) => d.groups.roles.push({ ...d.groups.roles[0] }), keyword: 'uniqueItems', at: '/groups/roles', path: ['groups', 'roles', 2], message: /"groups\.roles" lists .*"Manager".* more than once/ },

  // ---- legacy allowAccess
  { name: 'examUuid not a v4 UUID', kind: 'assessment', base: EXAM, mutate: (d) => (d.allowAccess[0].examUuid = '5719ebfe-ad20-12b1-b0dc-c47f0f714871'), keyword: 'pattern', at: '/allowAccess/0/examUuid', path: ['allowAccess', 0, 'examUuid'], message: /^"allowAccess\[0\]\.examUuid" must be a version-4 UUID/, covers: '"5719ebfe-ad20-12b1-b0dc-c47f0f714871"' },
  { name: 'allowAccess rules are strict', kind: 'assessment', base: EXAM, mutate: (d) => (d.allowAccess[1].timeLimit = 60), keyword: 'additionalProperties', at: '/allowAccess/1', path: ['allowAccess', 1, 'timeLimit'], part: 'key', message: /"timeLimit" is not allowed/ },
  { name: 'allowAccess mode SEB no longer exists', kind: 'assessment', mutate: (d) => (d.allowAccess = [{ mode: 'SEB' }]), keyword: 'enum', at: '/allowAccess/0/mode', path: ['allowAccess', 0, 'mode'], message: /must be one of "Public", "Exam"/ },
  { name: 'allowAccess credit negative', kind: 'assessment', mutate: (d) => (d.allowAccess = [{ credit: -5 }]), keyword: 'minimum', at: '/allowAccess/0/credit', path: ['allowAccess', 0, 'credit'], message: /must be 0 or more/ },
  { name: 'allowAccess credit fractional', kind: 'assessment', mutate: (d) => (d.allowAccess = [{ credit: 99.5 }]), keyword: 'type', at: '/allowAccess/0/credit', path: ['allowAccess', 0, 'credit'], message: /must be an integer/ },

  // ---- accessControl
  { name: 'accessControl rules are strict (old enabled key)', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].enabled = true), keyword: 'additionalProperties', at: '/accessControl/0', path: ['accessControl', 0, 'enabled'], part: 'key', message: /"enabled" is not allowed/ },
  { name: 'dateControl is strict (old releaseDate key)', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.releaseDate = '2026-01-15T00:00:01'), keyword: 'additionalProperties', at: '/accessControl/0/dateControl', path: ['accessControl', 0, 'dateControl', 'releaseDate'], part: 'key', message: /"releaseDate" is not allowed/ },
  { name: 'release date with a space', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.release.date = '2026-01-15 00:00:01'), keyword: 'pattern', at: '/accessControl/0/dateControl/release/date', path: ['accessControl', 0, 'dateControl', 'release', 'date'], message: /^"accessControl\[0\]\.dateControl\.release\.date" must be a date and time "YYYY-MM-DDTHH:MM" or "YYYY-MM-DDTHH:MM:SS"/ },
  { name: 'due date without a time', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[1].dateControl.due.date = '2026-02-22'), keyword: 'pattern', at: '/accessControl/1/dateControl/due/date', path: ['accessControl', 1, 'dateControl', 'due', 'date'], message: /must be a date and time/ },
  { name: 'due date with a timezone', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.due.date = '2026-02-15T23:59:00Z'), keyword: 'pattern', at: '/accessControl/0/dateControl/due/date', path: ['accessControl', 0, 'dateControl', 'due', 'date'], message: /must be a date and time/ },
  { name: 'visibleFromDate malformed', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].afterComplete.score.visibleFromDate = 'May 3'), keyword: 'pattern', at: '/accessControl/0/afterComplete/score/visibleFromDate', path: ['accessControl', 0, 'afterComplete', 'score', 'visibleFromDate'], message: /must be a date and time/ },
  { name: 'due credit above 200', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.due.credit = 250), keyword: 'maximum', at: '/accessControl/0/dateControl/due/credit', path: ['accessControl', 0, 'dateControl', 'due', 'credit'], message: /must be 200 or less/ },
  { name: 'late deadline credit above 200', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.lateDeadlines[1].credit = 300), keyword: 'maximum', at: '/accessControl/0/dateControl/lateDeadlines/1/credit', path: ['accessControl', 0, 'dateControl', 'lateDeadlines', 1, 'credit'], message: /^"accessControl\[0\]\.dateControl\.lateDeadlines\[1\]\.credit" must be 200 or less\.$/ },
  { name: 'deadline without credit', kind: 'assessment', base: HW, mutate: (d) => delete d.accessControl[0].dateControl.earlyDeadlines[0].credit, keyword: 'required', at: '/accessControl/0/dateControl/earlyDeadlines/0', path: ['accessControl', 0, 'dateControl', 'earlyDeadlines', 0], part: 'key', message: /missing the required property "credit"/ },
  { name: 'more than 10 late deadlines', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.lateDeadlines = Array.from({ length: 11 }, (_, i) => ({ date: `2026-03-${String(i + 10)}T00:00`, credit: 50 - i }))), keyword: 'maxItems', at: '/accessControl/0/dateControl/lateDeadlines', path: ['accessControl', 0, 'dateControl', 'lateDeadlines'], message: /must have at most 10 items/ },
  { name: 'lateDeadlines as an object', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.lateDeadlines = { date: '2026-03-01T00:00', credit: 50 }), keyword: 'type', at: '/accessControl/0/dateControl/lateDeadlines', path: ['accessControl', 0, 'dateControl', 'lateDeadlines'], message: /must be an array or null\.$/ },
  { name: 'afterLastDeadline allowing submissions without credit', kind: 'assessment', base: HW, mutate: (d) => delete d.accessControl[0].dateControl.afterLastDeadline.credit, keyword: 'required', at: '/accessControl/0/dateControl/afterLastDeadline', path: ['accessControl', 0, 'dateControl', 'afterLastDeadline'], part: 'key', message: /"accessControl\[0\]\.dateControl\.afterLastDeadline" is missing the required property "credit"/ },
  { name: 'afterLastDeadline credit 100', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].dateControl.afterLastDeadline.credit = 100), keyword: 'maximum', at: '/accessControl/0/dateControl/afterLastDeadline/credit', path: ['accessControl', 0, 'dateControl', 'afterLastDeadline', 'credit'], message: /must be 99 or less/ },
  { name: 'afterLastDeadline credit without submissions', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[2].dateControl.afterLastDeadline.credit = 10), keyword: 'false schema', at: '/accessControl/2/dateControl/afterLastDeadline/credit', path: ['accessControl', 2, 'dateControl', 'afterLastDeadline', 'credit'], part: 'key', message: /^Property "credit" is not allowed here\.$/, covers: '"credit"' },
  { name: 'durationMinutes zero', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].dateControl.durationMinutes = 0), keyword: 'minimum', at: '/accessControl/0/dateControl/durationMinutes', path: ['accessControl', 0, 'dateControl', 'durationMinutes'], message: /^"accessControl\[0\]\.dateControl\.durationMinutes" must be 1 or more\.$/ },
  { name: 'durationMinutes over a year', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].dateControl.durationMinutes = 525601), keyword: 'maximum', at: '/accessControl/0/dateControl/durationMinutes', path: ['accessControl', 0, 'dateControl', 'durationMinutes'], message: /must be 525600 or less/ },
  { name: 'empty password', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].dateControl.password = ''), keyword: 'minLength', at: '/accessControl/0/dateControl/password', path: ['accessControl', 0, 'dateControl', 'password'], message: /must not be empty\.$/ },
  { name: 'beforeRelease without listed', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[0].beforeRelease = {}), keyword: 'required', at: '/accessControl/0/beforeRelease', path: ['accessControl', 0, 'beforeRelease'], part: 'key', message: /missing the required property "listed"/ },
  { name: 'afterComplete.questions without hidden', kind: 'assessment', base: PT, mutate: (d) => delete d.accessControl[0].afterComplete.questions.hidden, keyword: 'required', at: '/accessControl/0/afterComplete/questions', path: ['accessControl', 0, 'afterComplete', 'questions'], part: 'key', message: /missing the required property "hidden"/ },
  { name: 'empty student label name', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[1].labels = ['']), keyword: 'minLength', at: '/accessControl/1/labels/0', path: ['accessControl', 1, 'labels', 0], message: /must not be empty/ },
  { name: 'more than 100 labels in a rule', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[1].labels = Array.from({ length: 101 }, (_, i) => `L${i}`)), keyword: 'maxItems', at: '/accessControl/1/labels', path: ['accessControl', 1, 'labels'], message: /must have at most 100 items/ },
  { name: 'override uuid malformed', kind: 'assessment', base: HW, mutate: (d) => (d.accessControl[1].uuid = 'override-1'), keyword: 'pattern', at: '/accessControl/1/uuid', path: ['accessControl', 1, 'uuid'], message: /must be a UUID/ },
  { name: 'PrairieTest examUuid not v4', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].integrations.prairieTest.exams[0].examUuid = '5719ebfe-ad20-42b1-70dc-c47f0f714871'), keyword: 'pattern', at: '/accessControl/0/integrations/prairieTest/exams/0/examUuid', path: ['accessControl', 0, 'integrations', 'prairieTest', 'exams', 0, 'examUuid'], message: /must be a version-4 UUID/ },
  { name: 'PrairieTest exam is strict', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].integrations.prairieTest.exams[0].mode = 'Exam'), keyword: 'additionalProperties', at: '/accessControl/0/integrations/prairieTest/exams/0', path: ['accessControl', 0, 'integrations', 'prairieTest', 'exams', 0, 'mode'], part: 'key', message: /"mode" is not allowed/ },
  { name: 'PrairieTest exam-level afterComplete cannot take dates', kind: 'assessment', base: PT, mutate: (d) => (d.accessControl[0].integrations.prairieTest.exams[0].afterComplete.score.visibleFromDate = '2026-05-03T00:00'), keyword: 'additionalProperties', at: '/accessControl/0/integrations/prairieTest/exams/0/afterComplete/score', path: ['accessControl', 0, 'integrations', 'prairieTest', 'exams', 0, 'afterComplete', 'score', 'visibleFromDate'], part: 'key', message: /"visibleFromDate" is not allowed/ },
];

for (const c of INVALID) {
  test(`invalid: ${c.name}`, () => {
    const data = c.base ? fixture(c.base) : clone(MINIMAL[c.kind]);
    c.mutate(data);

    const validate = rawValidator(c.kind);
    assert.equal(validate(data), false, 'PrairieLearn’s ajv must reject it');
    const raw = (validate.errors ?? []).map((e) => `${e.keyword}@${e.instancePath}`);
    assert.ok(raw.includes(`${c.keyword}@${c.at}`), `expected ${c.keyword}@${c.at} among ${raw.join(', ')}`);

    const problems = validateAgainstSchema(c.kind, data);
    assert.equal(problems.length, 1, `one problem expected, got ${JSON.stringify(problems)}`);
    const [p] = problems;
    assert.deepEqual(p.path, c.path);
    assert.equal(p.part, c.part ?? 'value');
    assert.match(p.message, c.message);

    if (c.covers !== undefined) {
      const file = new JsonFile('x.json', JSON.stringify(data, null, 2));
      const range = file.rangeOf(p.path, p.part);
      assert.equal(file.text.slice(range.start, range.end), c.covers);
    }
  });
}

test('several problems in one file are all reported, each at its own place', () => {
  const data = fixture(HW);
  data.type = 'Lab';
  data.zones[0].questions[0].points = [];
  data.accessControl[0].dateControl.due.date = 'tomorrow';
  delete data.number;
  const problems = validateAgainstSchema('assessment', data);
  assert.deepEqual(
    problems.map((p) => p.path.join('/')).sort(),
    ['', 'accessControl/0/dateControl/due/date', 'type', 'zones/0/questions/0/points'],
  );
});
