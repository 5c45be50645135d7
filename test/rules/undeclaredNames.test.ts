import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode, type CourseFiles } from '../helpers/course';

let count = 0;
const uuid = () => `88888888-8888-4888-8888-${String(++count).padStart(12, '0')}`;
const question = (topic: string, tags: string[] = []) => ({ uuid: uuid(), type: 'v3', title: 'Q', topic, tags });
const assessment = (extra: object) => ({ uuid: uuid(), type: 'Homework', title: 'HW', number: '1', ...extra });
const courseInstance = (assessments: Record<string, object>): CourseFiles => {
  const files: CourseFiles = { 'courseInstances/Fa24/infoCourseInstance.json': { uuid: uuid(), longName: 'Fall 2024' } };
  for (const [tid, data] of Object.entries(assessments)) files[`courseInstances/Fa24/assessments/${tid}/infoAssessment.json`] = data;
  return files;
};
const courseInfo = (extra: object = {}): CourseFiles => ({
  'infoCourse.json': { name: 'TST 101', title: 'Test', topics: [{ name: 'Basics', color: 'blue1' }], ...extra },
});

test('an undeclared topic is information on the topic, with data for a quick fix', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question('Vectors') }), 'undeclared-topic');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'information');
  assert.equal(found[0].line, 5);
  assert.equal(found[0].text, '"Vectors"');
  assert.match(found[0].message, /^Topic "Vectors" is not declared in "topics" of infoCourse\.json; PrairieLearn will create it/);
  assert.deepEqual(found[0].data, { kind: 'topic', name: 'Vectors' });
  assert.equal(found[0].related?.[0].message, 'Topics are declared here');
});

test('undeclared tags are reported one by one; built-in tags count as declared', () => {
  const found = withCode(
    checkCourseFiles({
      ...courseInfo({ tags: [{ name: 'hard', color: 'red1' }] }),
      'questions/q1/info.json': question('Basics', ['hard', 'numeric', 'Fa21', 'typo', 'Sp22']),
    }),
    'undeclared-tag',
  );
  assert.deepEqual(
    found.map((d) => [d.severity, d.text, d.data]),
    [
      ['information', '"typo"', { kind: 'tag', name: 'typo' }],
      ['information', '"Sp22"', { kind: 'tag', name: 'Sp22' }],
    ],
  );
});

test('undeclared assessment sets and modules are information on the assessment', () => {
  const diagnostics = checkCourseFiles(courseInstance({ hw1: assessment({ set: 'Lab', module: 'Week 1' }) }));
  const sets = withCode(diagnostics, 'undeclared-assessment-set');
  assert.deepEqual(
    sets.map((d) => [d.severity, d.relPath, d.line, d.text, d.data]),
    [['information', 'courseInstances/Fa24/assessments/hw1/infoAssessment.json', 6, '"Lab"', { kind: 'assessmentSet', name: 'Lab' }]],
  );
  assert.equal(sets[0].related?.[0].message, 'infoCourse.json has no "assessmentSets" list yet');
  const modules = withCode(diagnostics, 'undeclared-assessment-module');
  assert.deepEqual(
    modules.map((d) => [d.line, d.text, d.data]),
    [[7, '"Week 1"', { kind: 'assessmentModule', name: 'Week 1' }]],
  );
});

test('nothing is reported while infoCourse.json is invalid, or for invalid files', () => {
  const diagnostics = checkCourseFiles({
    ...courseInfo({ extra: true }),
    'questions/q1/info.json': question('Vectors'),
    'questions/q2/info.json': { ...question('Vectors'), bogus: 1 },
  });
  assert.deepEqual(withCode(diagnostics, 'undeclared-topic'), []);
  const invalidQuestion = checkCourseFiles({ 'questions/q2/info.json': { ...question('Vectors'), bogus: 1 } });
  assert.deepEqual(withCode(invalidQuestion, 'undeclared-topic'), []);
});

test('declared and built-in names give nothing', () => {
  const diagnostics = checkCourseFiles({
    ...courseInfo({
      tags: [{ name: 'hard', color: 'red1' }],
      assessmentSets: [{ name: 'Lab', abbreviation: 'L', heading: 'Labs', color: 'red1' }],
      assessmentModules: [{ name: 'Week 1', heading: 'First week' }],
    }),
    'questions/q1/info.json': question('Basics', ['hard', 'code']),
    ...courseInstance({
      lab1: assessment({ set: 'Lab', module: 'Week 1' }),
      hw1: assessment({ set: 'Homework', module: 'Default' }),
      hw2: assessment({ set: 'Worksheet' }),
    }),
  });
  assert.deepEqual(diagnostics, []);
});
