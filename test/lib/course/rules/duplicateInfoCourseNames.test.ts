import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCourseFiles, withCode } from '../../../helpers/course';

test('each occurrence of a duplicated name is a warning pointing at the others', () => {
  const text = `{
  "name": "TST 101",
  "title": "Test course",
  "topics": [
    { "name": "Basics", "color": "blue1" },
    { "name": "Vectors", "color": "red1" },
    { "name": "Basics", "color": "green1" }
  ],
  "tags": [{ "name": "hard", "color": "red1" }]
}`;
  const found = withCode(checkCourseFiles({ 'infoCourse.json': text }), 'duplicate-info-course-name');
  assert.deepEqual(
    found.map((d) => [d.severity, d.relPath, d.line, d.text]),
    [
      ['warning', 'infoCourse.json', 5, '"Basics"'],
      ['warning', 'infoCourse.json', 7, '"Basics"'],
    ],
  );
  assert.match(found[0].message, /^Found duplicates in 'topics': "Basics"\. Only the last of each duplicate will be synced\. This one is ignored\./);
  assert.match(found[1].message, /This one is kept\./);
  assert.equal(found[0].related?.length, 1);
  assert.equal(text.slice(found[0].related![0].range.start, found[0].related![0].range.end), '"Basics"');
  assert.equal(found[0].related![0].range.start, found[1].range.start);
  assert.deepEqual(found[0].data, { field: 'topics', name: 'Basics' });
});

test('duplicates are found in every declared list', () => {
  const twice = (item: object) => [item, item];
  const found = withCode(
    checkCourseFiles({
      'infoCourse.json': {
        name: 'TST 101',
        title: 'Test',
        topics: [{ name: 'Basics', color: 'blue1' }],
        tags: twice({ name: 't', color: 'red1' }),
        assessmentSets: twice({ name: 'Lab', abbreviation: 'L', heading: 'Labs', color: 'red1' }),
        assessmentModules: twice({ name: 'Intro', heading: 'Introduction' }),
        sharingSets: twice({ name: 'public' }),
      },
    }),
    'duplicate-info-course-name',
  );
  assert.deepEqual(
    [...new Set(found.map((d) => d.data?.field))],
    ['tags', 'assessmentSets', 'assessmentModules', 'sharingSets'],
  );
  assert.equal(found.length, 8);
});

test('the same name in different lists is not a duplicate', () => {
  const diagnostics = checkCourseFiles({
    'infoCourse.json': {
      name: 'TST 101',
      title: 'Test',
      topics: [{ name: 'Basics', color: 'blue1' }],
      tags: [{ name: 'Basics', color: 'red1' }],
    },
  });
  assert.deepEqual(diagnostics, []);
});
