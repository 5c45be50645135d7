import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isCourseRelative, parseSyncProblems, pickCourseFolder } from '../../client/src/sync/syncProblems';
import { smallCourse, UUIDS } from '../apps/referenceServer/helpers/courseRepo';
import { startReference } from '../apps/referenceServer/helpers/server';

const ESC = '\u001b[';
const bold = (s: string) => `${ESC}1m${s}${ESC}22m`;
// chalk closes and reopens a colour around each line break (docs/reference/instructorApi.md, The sync job's output).
const red = (s: string) => `${ESC}91m${s.replace(/\n/g, `${ESC}39m\n${ESC}91m`)}${ESC}39m`;
const yellow = (s: string) => `${ESC}93m${s.replace(/\n/g, `${ESC}39m\n${ESC}93m`)}${ESC}39m`;
const dim = (s: string) => `${ESC}2m${s}${ESC}22m`;

test("PrairieLearn's per-file report becomes file, message and severity, multi-line messages whole", () => {
  // The bytes PrairieLearn's syncDiskToSql writes, as docs/reference/instructorApi.md describes them (job.info of bold
  // and coloured text, messages' line breaks indented by four spaces), followed by the chunk lines and the
  // closing failure of pullAndUpdateCourse.
  const output = [
    'Sync git repository to database',
    'Loading info.json files from course repository',
    dim('Loaded course data from disk in 12ms'),
    red('✖ Some JSON files contained errors and were unable to be synced'),
    bold('• infoCourse.json'),
    yellow('  ⚠ The following topics are used but not defined: "Algebra"'),
    bold('• questions/sub/multiply/info.json'),
    red('  ✖ Error parsing JSON: Unexpected token\n    at line 3'),
    red('  ✖ The file is missing the required property "title".'),
    yellow('  ⚠ Unknown tag "x"'),
    bold('• courseInstances/Fa 25/assessments/HW1/infoAssessment.json'),
    red('  ✖ Duplicate UUID 11111111-1111-4111-8111-111111111111 (also in HW2)'),
    dim('Generated chunks for the following paths:'),
    dim('  questions/addNumbers'),
    red('One or more JSON files contained errors and were unable to be synced.'),
    '',
  ].join('\n');
  assert.deepEqual(parseSyncProblems(output), [
    { file: 'infoCourse.json', severity: 'warning', message: 'The following topics are used but not defined: "Algebra"' },
    { file: 'questions/sub/multiply/info.json', severity: 'error', message: 'Error parsing JSON: Unexpected token\nat line 3' },
    { file: 'questions/sub/multiply/info.json', severity: 'error', message: 'The file is missing the required property "title".' },
    { file: 'questions/sub/multiply/info.json', severity: 'warning', message: 'Unknown tag "x"' },
    { file: 'courseInstances/Fa 25/assessments/HW1/infoAssessment.json', severity: 'error', message: 'Duplicate UUID 11111111-1111-4111-8111-111111111111 (also in HW2)' },
  ]);
});

test('a clean sync reports no problems; a sync that stopped before the database step says nothing', () => {
  assert.deepEqual(parseSyncProblems(`Syncing info to database\n${ESC}32m✓ Course sync successful${ESC}39m\n`), []);
  assert.equal(parseSyncProblems(`Fetch from remote git repository\n${red('fatal: could not read from remote repository')}\n`), undefined);
  assert.equal(parseSyncProblems(null), undefined);
  assert.equal(parseSyncProblems(''), undefined);
  // Windows line ends in the output do not end up in paths or messages.
  assert.deepEqual(parseSyncProblems('✖ x\r\n• a/info.json\r\n  ✖ bad\r\n'), [{ file: 'a/info.json', severity: 'error', message: 'bad' }]);
});

test("the reference server's sync output of a course with mistakes parses to those mistakes", async () => {
  const files = smallCourse();
  const info = files['infoCourse.json'] as any;
  // A duplicate topic (a warning) and a question without its title (an error), as PrairieLearn's sync reports them.
  files['infoCourse.json'] = { ...info, topics: [...info.topics, ...info.topics] };
  files['questions/sub/multiply/info.json'] = { uuid: UUIDS.q2, topic: 'Arithmetic', type: 'v3' };
  const r = await startReference({ kind: 'pglite' }, { files, students: 0 });
  try {
    const [job] = await r.app.db.query("SELECT status, output FROM jobs WHERE type = 'sync' ORDER BY id LIMIT 1");
    assert.equal(job.status, 'Error');
    const problems = parseSyncProblems(job.output)!;
    assert.deepEqual([...new Set(problems.map((p) => `${p.file} ${p.severity}`))], ['infoCourse.json warning', 'questions/sub/multiply/info.json error']);
    assert.match(problems.find((p) => p.severity === 'error')!.message, /title/);
    assert.ok(problems.every((p) => !p.message.includes(ESC)), 'no colour codes left');
  } finally {
    await r.close();
  }
});

test('the synced course is found in the workspace by its short name, or as the only course there', () => {
  const a = { path: '/w/cs225', name: 'CS 225' };
  const b = { path: '/w/cs101', name: 'CS 101' };
  assert.equal(pickCourseFolder([a, b], 'CS 101'), b);
  assert.equal(pickCourseFolder([a, b], 'MATH 1'), undefined, 'another course is not this one');
  assert.equal(pickCourseFolder([a], 'MATH 1'), undefined);
  assert.equal(pickCourseFolder([a], undefined), a);
  assert.equal(pickCourseFolder([a, b], undefined), undefined, 'cannot tell which');
  assert.equal(pickCourseFolder([], undefined), undefined);
});

test('only paths inside the course are used', () => {
  assert.ok(isCourseRelative('questions/a/info.json'));
  assert.ok(!isCourseRelative('/etc/passwd'));
  assert.ok(!isCourseRelative('C:\\x\\info.json'));
  assert.ok(!isCourseRelative('questions/../../x.json'));
});
