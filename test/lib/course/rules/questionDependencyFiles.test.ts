import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkCourseFiles, checkFolder, withCode, writeCourse, BASE_COURSE } from '../../../helpers/course';
import { overlayReader } from '../../../../server/lib/course/courseReader';

let count = 0;
const question = (dependencies: object) => ({
  uuid: `99999999-9999-4999-8999-${String(++count).padStart(12, '0')}`,
  type: 'v3',
  title: 'Q',
  topic: 'Basics',
  dependencies,
});

test('a clientFilesQuestion dependency that does not exist is a warning on that entry', () => {
  const found = withCode(
    checkCourseFiles({
      'questions/q1/info.json': question({ clientFilesQuestionStyles: ['style.css', 'missing.css'] }),
      'questions/q1/clientFilesQuestion/style.css': 'p {}',
    }),
    'missing-dependency-file',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'warning');
  assert.equal(found[0].line, 9);
  assert.equal(found[0].text, '"missing.css"');
  assert.match(found[0].message, /^"missing\.css" does not exist in this question's clientFilesQuestion\/ folder/);
  assert.equal(found[0].data?.dependency, 'clientFilesQuestionStyles');
});

test('clientFilesCourse dependencies are looked up in the course folder, not the question folder', () => {
  const found = withCode(
    checkCourseFiles({
      'questions/q1/info.json': question({ clientFilesCourseScripts: ['lib/util.js'], clientFilesQuestionScripts: ['lib/util.js'] }),
      'questions/q1/clientFilesCourse/lib/util.js': '',
      'clientFilesCourse/other.js': '',
    }),
    'missing-dependency-file',
  );
  assert.deepEqual(
    found.map((d) => [d.data?.dependency, d.text]).sort(),
    [
      ['clientFilesCourseScripts', '"lib/util.js"'],
      ['clientFilesQuestionScripts', '"lib/util.js"'],
    ],
  );
  assert.match(found.find((d) => d.data?.dependency === 'clientFilesCourseScripts')!.message, /the course's clientFilesCourse\/ folder/);
});

test('a file that exists only in an open editor counts as present', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/q1/info.json': question({ clientFilesCourseStyles: ['new.css'] }) });
  assert.equal(withCode(checkFolder(root), 'missing-dependency-file').length, 1);
  const reader = overlayReader(new Map([[path.join(root, 'clientFilesCourse', 'new.css'), '']]));
  assert.deepEqual(withCode(checkFolder(root, { reader }), 'missing-dependency-file'), []);
});

test('node_modules dependencies get an information note each', () => {
  const found = withCode(
    checkCourseFiles({
      'questions/q1/info.json': question({ nodeModulesScripts: ['lodash/lodash.min.js'], nodeModulesStyles: ['katex/dist/katex.css'] }),
    }),
    'node-modules-dependency',
  );
  assert.deepEqual(
    found.map((d) => [d.severity, d.text]),
    [
      ['information', '"katex/dist/katex.css"'],
      ['information', '"lodash/lodash.min.js"'],
    ],
  );
  assert.match(found[0].message, /PrairieLearn's own node_modules.*"clientFilesCourseStyles"/);
});

test('existing clientFiles dependencies give nothing', () => {
  const diagnostics = checkCourseFiles({
    'questions/q1/info.json': question({
      clientFilesQuestionStyles: ['style.css'],
      clientFilesQuestionScripts: ['js/main.js'],
      clientFilesCourseStyles: ['course.css'],
      clientFilesCourseScripts: ['lib/util.js'],
    }),
    'questions/q1/clientFilesQuestion/style.css': '',
    'questions/q1/clientFilesQuestion/js/main.js': '',
    'clientFilesCourse/course.css': '',
    'clientFilesCourse/lib/util.js': '',
  });
  assert.deepEqual(diagnostics, []);
});
