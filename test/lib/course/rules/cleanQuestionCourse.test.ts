import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkFolder } from '../../../helpers/course';
import { loadCourse } from '../../../../server/lib/course/course';

// A course that uses every feature the question and infoCourse.json rules look at, correctly.
const FIXTURE = path.join(__dirname, 'fixtures', 'cleanQuestionCourse');

test('a clean course using legacy options, authors, preferences, sharing, dependencies and declared names gives no diagnostics', () => {
  const course = loadCourse(FIXTURE);
  assert.equal(course.questions.size, 6);
  assert.equal(course.courseInstances.get('Fa24')?.assessments.size, 2);
  assert.deepEqual(
    checkFolder(FIXTURE).map((d) => `${d.relPath}:${d.line} ${d.code} ${d.message}`),
    [],
  );
});
