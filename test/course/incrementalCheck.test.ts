import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadCourse, reloadEntry } from '../../server/src/course/course';
import { CourseChecker } from '../../server/src/course/checkCourse';
import { cachingReader, nodeCourseReader, overlayReader } from '../../server/src/course/courseReader';
import type { CourseDiagnostic } from '../../server/src/course/diagnostic';
import { BASE_COURSE, writeCourse } from '../helpers/course';

const NOW = new Date('2026-03-01T12:00:00Z');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const question = (n: number, extra: object = {}) => ({ uuid: uuid(n), title: `Q${n}`, topic: 'Basics', type: 'v3', ...extra });
const summary = (ds: CourseDiagnostic[]) => ds.map((d) => `${d.file}:${d.range.start}-${d.range.end} ${d.code} ${d.message}`);

test('re-checking after edits gives exactly what a fresh check of the same files gives', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/a/info.json': question(1, { tags: ['typo'] }),
    'questions/b/info.json': question(2, { dependencies: { clientFilesQuestionScripts: ['gone.js'] } }),
    'questions/c/info.json': question(3),
    'courseInstances/ci/infoCourseInstance.json': { uuid: uuid(10), longName: 'CI' },
    'courseInstances/ci/assessments/hw1/infoAssessment.json': {
      uuid: uuid(20),
      type: 'Homework',
      title: 'HW1',
      set: 'Homework',
      number: '1',
      zones: [{ questions: [{ id: 'a', points: 1 }, { id: 'nope', points: 1 }] }],
    },
  });
  const overlay = new Map<string, string>();
  const reader = overlayReader(overlay, cachingReader(nodeCourseReader, () => true));
  const course = loadCourse(root, reader);
  const checker = new CourseChecker();
  const edit = (rel: string, content: object) => {
    const file = path.join(root, rel);
    overlay.set(file, JSON.stringify(content, null, 2));
    const entry = [...course.questions.values(), ...[...course.courseInstances.values()].flatMap((ci) => [ci.entry, ...ci.assessments.values()]), course.info].find((e) => e.path === file)!;
    reloadEntry(course, entry, reader);
  };
  const steps: [string, object][] = [
    ['questions/c/info.json', question(1)], // duplicate UUID with a: both get it
    ['questions/a/info.json', question(1, { tags: ['typo', 'other'] })], // undeclared tags (a per-entry rule)
    ['questions/c/info.json', question(3, { title: 4 })], // schema error: c is invalid
    ['infoCourse.json', { ...(BASE_COURSE['infoCourse.json'] as object), tags: [{ name: 'typo', color: 'red1' }] }], // declares a tag
    ['courseInstances/ci/assessments/hw1/infoAssessment.json', { uuid: uuid(20), type: 'Homework', title: 'HW1', set: 'Mystery', number: '1', zones: [{ questions: [{ id: 'c', points: 1 }] }] }],
    ['questions/b/info.json', question(2)], // the missing dependency goes away
  ];
  checker.check(course, { reader, now: NOW, generation: 1 });
  const seen = new Set<string>();
  for (const [rel, content] of steps) {
    edit(rel, content);
    const incremental = checker.check(course, { reader, now: NOW, generation: 1, reportSyntaxErrors: true });
    const fresh = new CourseChecker().check(loadCourse(root, reader), { reader, now: NOW, reportSyntaxErrors: true });
    assert.deepEqual(summary(incremental), summary(fresh), `after editing ${rel}`);
    for (const d of fresh) seen.add(d.code);
  }
  for (const code of ['duplicate-uuid', 'undeclared-tag', 'schema-violation', 'question-not-found', 'undeclared-assessment-set', 'missing-dependency-file']) {
    assert.ok(seen.has(code), `the steps exercise ${code}`);
  }
});

test('question.html results that looked at other files are reused only while the disk generation stays the same', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/q/info.json': question(1),
    'questions/q/question.html': '<pl-figure file-name="plot.png"></pl-figure>\n<p>{{params.a}}</p>\n',
    'questions/q/clientFilesQuestion/plot.png': 'png',
    'questions/q/server.py': 'def generate(data):\n    data["params"]["a"] = 1\n',
  });
  const disk = cachingReader(nodeCourseReader, () => true);
  const course = loadCourse(root, disk);
  const checker = new CourseChecker();
  const codes = (generation: number) => checker.check(course, { reader: disk, generation }).map((d) => d.code);
  assert.deepEqual(codes(1), []);

  const figure = path.join(root, 'questions/q/clientFilesQuestion/plot.png');
  fs.rmSync(figure);
  disk.invalidate(figure);
  assert.deepEqual(codes(1), [], 'same generation: the last results stand');
  assert.deepEqual(codes(2), ['missing-element-file'], 'a new generation looks at the disk again');

  const serverPy = path.join(root, 'questions/q/server.py');
  fs.writeFileSync(serverPy, 'def generate(data):\n    data["params"]["b"] = 1\n');
  disk.invalidate(serverPy);
  assert.deepEqual(codes(3).sort(), ['missing-element-file', 'unknown-template-param']);
  // Without a generation (pl-check, the tests) nothing that looked at other files is reused.
  fs.writeFileSync(figure, 'png');
  disk.invalidate(figure);
  assert.deepEqual(checker.check(course, { reader: disk }).map((d) => d.code), ['unknown-template-param']);
});
