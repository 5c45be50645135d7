import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode, type CourseFiles } from '../../../helpers/course';
import { applySeverityOverrides, type CourseDiagnostic } from '../../../../server/lib/course/diagnostic';

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

// Behaviour changed (issue 12): each use is a hint, the course-wide note sits in infoCourse.json.
test('an undeclared topic is a hint on the topic, with data for a quick fix', () => {
  const found = withCode(checkCourseFiles({ 'questions/q1/info.json': question('Vectors') }), 'undeclared-topic');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'hint');
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
      ['hint', '"typo"', { kind: 'tag', name: 'typo' }],
      ['hint', '"Sp22"', { kind: 'tag', name: 'Sp22' }],
    ],
  );
});

test('undeclared assessment sets and modules are hints on the assessment', () => {
  const diagnostics = checkCourseFiles(courseInstance({ hw1: assessment({ set: 'Lab', module: 'Week 1' }) }));
  const sets = withCode(diagnostics, 'undeclared-assessment-set');
  assert.deepEqual(
    sets.map((d) => [d.severity, d.relPath, d.line, d.text, d.data]),
    [['hint', 'courseInstances/Fa24/assessments/hw1/infoAssessment.json', 6, '"Lab"', { kind: 'assessmentSet', name: 'Lab' }]],
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
  assert.deepEqual(withCode(diagnostics, 'undeclared-topics'), []);
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

test('a course that declares nothing: one note per kind in infoCourse.json, not one per use', () => {
  const files: CourseFiles = { 'infoCourse.json': { name: 'TST 101', title: 'Test', topics: [] } };
  for (let i = 0; i < 30; i++) files[`questions/q${i}/info.json`] = question(`Topic ${i % 12}`, [`tag${i}`, 'shared', `tag${(i + 1) % 30}`]);
  Object.assign(files, courseInstance({ hw1: assessment({ set: 'Lab', module: 'Week 1' }), hw2: assessment({ set: 'Lab' }) }));
  const diagnostics = checkCourseFiles(files);
  const shown = diagnostics.filter((d) => d.severity !== 'hint');
  assert.deepEqual(
    shown.map((d) => [d.code, d.severity, d.relPath]),
    [
      ['undeclared-topics', 'information', 'infoCourse.json'],
      ['undeclared-tags', 'information', 'infoCourse.json'],
      ['undeclared-assessment-sets', 'information', 'infoCourse.json'],
      ['undeclared-assessment-modules', 'information', 'infoCourse.json'],
    ],
  );
  const [topics, tags, sets] = shown;
  assert.match(topics.message, /^12 topics used by questions are not declared here: "Topic 0", "Topic 1", "Topic 10", "Topic 11", "Topic 2" and 7 more\. PrairieLearn creates them with color gray1\.$/);
  assert.equal(topics.text, '"topics"');
  assert.match(tags.message, /^31 tags used by questions are not declared in infoCourse\.json \(it has no "tags" list\)/);
  assert.equal(tags.range.start, 0, 'no list to point at: the start of the file');
  assert.equal((topics.data!.names as string[]).length, 12);
  assert.deepEqual(topics.data!.kind, 'topic');
  assert.equal((tags.data!.names as string[]).length, 31);
  // Each name points at its first use.
  assert.equal(tags.related!.length, 31);
  assert.equal(tags.related![0].message, '"tag0" is first used here');
  assert.match(tags.related![0].file, /questions\/q0\/info\.json$/);
  assert.match(sets.message, /^1 assessment set used by assessments is not declared/);
  // Every use keeps its hint.
  assert.equal(withCode(diagnostics, 'undeclared-tag').length, 90);
  assert.ok(withCode(diagnostics, 'undeclared-tag').every((d) => d.severity === 'hint'));
});

test('the note points at the list when there is one, and lists at most 50 first uses', () => {
  const files: CourseFiles = courseInfo({ tags: [] });
  for (let i = 0; i < 60; i++) files[`questions/q${i}/info.json`] = question('Basics', [`t${i}`]);
  const [note] = withCode(checkCourseFiles(files), 'undeclared-tags');
  assert.equal(note.text, '"tags"');
  assert.match(note.message, /^60 tags used by questions are not declared here: "t0", "t1", "t10", "t11", "t12" and 55 more\./);
  assert.equal(note.related!.length, 50);
  assert.equal((note.data!.names as string[]).length, 60);
});

test('severity settings work per code: the summary and the per-use hints apart', () => {
  const files: CourseFiles = { ...courseInfo(), 'questions/q1/info.json': question('Vectors') };
  const diagnostics = checkCourseFiles(files);
  const pairs = (list: CourseDiagnostic[]) => list.map((d) => [d.code, d.severity]).sort();
  assert.deepEqual(pairs(diagnostics), [
    ['undeclared-topic', 'hint'],
    ['undeclared-topics', 'information'],
  ]);
  assert.deepEqual(pairs(applySeverityOverrides(diagnostics, { 'undeclared-topics': 'off', 'undeclared-topic': 'warning' })), [['undeclared-topic', 'warning']]);
});
