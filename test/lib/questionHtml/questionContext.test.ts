import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { nodeCourseReader, type CourseReader } from '../../../server/lib/course/courseReader';
import { checkTemplate, prepareTemplate } from '../../../server/lib/questionHtml/checkTemplate';
import { completeAt } from '../../../server/lib/questionHtml/completion';
import { hoverAt } from '../../../server/lib/questionHtml/hover';
import { questionContext } from '../../../server/lib/questionHtml/questionContext';
import { writeCourse } from '../../helpers/course';

const root = writeCourse({
  'elements/course-plot/course-plot.py': '',
  'questions/q1/server.py': 'def generate(data):\n    data["params"]["a"] = 1\n',
  'questions/q1/clientFilesQuestion/graph.png': '',
});
const questionDir = path.join(root, 'questions/q1');

/** The disk reader, counting what is read: the context reads the course only when asked. */
function countingReader(): { reader: CourseReader; reads: string[] } {
  const reads: string[] = [];
  const reader: CourseReader = {
    ...nodeCourseReader,
    readText: (p) => (reads.push(p), nodeCourseReader.readText(p)),
    readDir: (p) => (reads.push(p), nodeCourseReader.readDir(p)),
  };
  return { reader, reads };
}

test('one question context serves the rules, completion and hover, reading the course from disk', () => {
  const context = questionContext(root, questionDir, nodeCourseReader);
  assert.deepEqual([...context.courseElements!], ['course-plot']);
  assert.deepEqual([...context.serverPy!.params!], ['a']);

  const text = '<course-plot></course-plot>\n<p>{{params.b}}</p>\n<pl-figure file-name="missing.png"></pl-figure>\n';
  const codes = checkTemplate(prepareTemplate(text), context.courseElements!, context).map((r) => r.code).sort();
  assert.deepEqual(codes, ['missing-element-file', 'unknown-template-param']);

  const files = '<pl-figure file-name=""></pl-figure>';
  assert.deepEqual(completeAt(files, files.indexOf('""') + 1, context)!.items.map((i) => i.label), ['graph.png']);
  const params = '<p>{{params.';
  assert.deepEqual(completeAt(params, params.length, context)!.items.map((i) => i.label), ['a']);
  assert.match(hoverAt(text, 3, context)!.markdown, /an element of this course \(elements\/course-plot\/\)/);
});

test('the course elements and server.py are read on first use, once', () => {
  const { reader, reads } = countingReader();
  const context = questionContext(root, questionDir, reader);
  assert.deepEqual(reads, []);
  context.serverPy;
  context.serverPy;
  assert.deepEqual(reads, [path.join(questionDir, 'server.py')]);
  context.courseElements;
  context.courseElements;
  assert.equal(reads.filter((p) => p === path.join(root, 'elements')).length, 1);
});

test('without a course (a question.html outside one) there are no course elements, and no server.py where there is none', () => {
  const context = questionContext(undefined, path.join(root, 'questions/none'), nodeCourseReader);
  assert.equal(context.courseElements, undefined);
  assert.equal(context.serverPy, undefined);
});
