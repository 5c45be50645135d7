import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { allEntries, loadCourse, reloadEntry } from '../../../server/lib/course/course';
import { newCourseChecker } from '../../../server/lib/questionHtml/courseChecks';
import { cachingReader, nodeCourseReader, overlayReader } from '../../../server/lib/course/courseReader';
import type { CourseDiagnostic } from '../../../server/lib/course/diagnostic';
import { BASE_COURSE, writeCourse } from '../../helpers/course';

const NOW = new Date('2026-03-01T12:00:00Z');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const question = (n: number, extra: object = {}) => ({ uuid: uuid(n), title: `Q${n}`, topic: 'Basics', type: 'v3', ...extra });
const summary = (ds: CourseDiagnostic[]) =>
  ds.map((d) => `${d.file}:${d.range.start}-${d.range.end} ${d.code} ${d.message}${(d.related ?? []).map((r) => ` [${r.file}:${r.range.start}-${r.range.end}]`).join('')}`);

/**
 * Applies `steps` (file → new text, through the editor overlay) one at a time and checks after each
 * with long-lived checkers: one told which entries were re-read, one not, one kept by file as the
 * language server keeps it (only the files it says changed are looked at again), and one whose first
 * check was a one-shot check (`once`, which keeps no parsed question files). Each must give exactly
 * what a fresh check of the same files gives, and so must a fresh one-shot check. Returns every code seen.
 */
function replay(root: string, steps: [string, object | string][], overlay = new Map<string, string>()): Set<string> {
  const reader = overlayReader(overlay, cachingReader(nodeCourseReader, () => true));
  const course = loadCourse(root, reader);
  const told = newCourseChecker();
  const untold = newCourseChecker();
  const byFile = newCourseChecker();
  const afterOnce = newCourseChecker();
  const options = { reader, now: NOW, diskGeneration: 1, reportSyntaxErrors: true };
  told.check(course, options);
  untold.check(course, options);
  afterOnce.check(course, { ...options, once: true });
  assert.equal(byFile.update(course, options), undefined, 'a first check changes every file');
  const kept = byFile.diagnosticsByFile();
  const seen = new Set<string>();
  for (const [step, [rel, content]] of steps.entries()) {
    const file = path.join(root, rel);
    overlay.set(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    const entry = [...allEntries(course)].find((e) => e.path === file);
    const reloaded = entry ? [reloadEntry(course, entry, reader)] : [];
    const fresh = summary(newCourseChecker().check(loadCourse(root, reader), { ...options, diskGeneration: undefined }));
    assert.deepEqual(summary(told.check(course, { ...options, reloaded })), fresh, `told what changed, after editing ${rel}`);
    assert.deepEqual(summary(untold.check(course, options)), fresh, `after editing ${rel}`);
    // A new disk generation each time: its question files are checked again from what it kept.
    assert.deepEqual(summary(afterOnce.check(course, { ...options, diskGeneration: step + 2 })), fresh, `after a one-shot check, after editing ${rel}`);
    assert.deepEqual(summary(newCourseChecker().check(loadCourse(root, reader), { ...options, diskGeneration: undefined, once: true })), fresh, `one-shot, after editing ${rel}`);
    const changed = byFile.update(course, { ...options, reloaded });
    assert.ok(changed, 'the same course and options: only some files changed');
    for (const f of changed) {
      const list = byFile.diagnosticsOf(f);
      if (list.length > 0) kept.set(f, list);
      else kept.delete(f);
    }
    const freshByFile = new Map<string, string[]>();
    for (const line of fresh) freshByFile.set(line.split(':')[0], [...(freshByFile.get(line.split(':')[0]) ?? []), line]);
    assert.deepEqual(new Map([...kept].map(([f, list]) => [f, summary(list)])), freshByFile, `kept by file, after editing ${rel}`);
    for (const line of fresh) seen.add(line.split(' ')[1]);
  }
  return seen;
}

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
  const seen = replay(root, [
    ['questions/c/info.json', question(1)], // duplicate UUID with a: both get it
    ['questions/a/info.json', question(1, { tags: ['typo', 'other'] })], // undeclared tags (a per-entry rule)
    ['questions/c/info.json', question(3, { title: 4 })], // schema error: c is invalid
    ['infoCourse.json', { ...(BASE_COURSE['infoCourse.json'] as object), tags: [{ name: 'typo', color: 'red1' }] }], // declares a tag
    ['courseInstances/ci/assessments/hw1/infoAssessment.json', { uuid: uuid(20), type: 'Homework', title: 'HW1', set: 'Mystery', number: '1', zones: [{ questions: [{ id: 'c', points: 1 }] }] }],
    ['questions/b/info.json', question(2)], // the missing dependency goes away
  ]);
  for (const code of ['duplicate-uuid', 'undeclared-tag', 'schema-violation', 'question-not-found', 'undeclared-assessment-set', 'missing-dependency-file']) {
    assert.ok(seen.has(code), `the steps exercise ${code}`);
  }
});

test('duplicate UUIDs appearing and going away across questions, course instances and assessments', () => {
  const instance = (n: number, extra: object = {}) => ({ uuid: uuid(n), longName: `CI${n}`, ...extra });
  const assessment = (n: number, extra: object = {}) => ({ uuid: uuid(n), type: 'Homework', title: `HW${n}`, set: 'Homework', number: String(n), ...extra });
  const root = writeCourse({
    ...BASE_COURSE,
    ...Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((id, i) => [`questions/${id}/info.json`, question(i + 1)])),
    'courseInstances/ci1/infoCourseInstance.json': instance(10),
    'courseInstances/ci2/infoCourseInstance.json': instance(11),
    'courseInstances/ci3/infoCourseInstance.json': instance(12),
    'courseInstances/ci1/assessments/hw1/infoAssessment.json': assessment(20),
    'courseInstances/ci1/assessments/hw2/infoAssessment.json': assessment(21),
    'courseInstances/ci1/assessments/hw3/infoAssessment.json': assessment(22),
    'courseInstances/ci2/assessments/hw1/infoAssessment.json': assessment(23),
  });
  const seen = replay(root, [
    ['questions/d/info.json', question(2)], // b and d
    ['questions/c/info.json', question(1)], // a and c: a second group, reported before b and d's (its second entry comes first)
    ['questions/c/info.json', question(2)], // b, c and d; a is alone again
    ['questions/a/info.json', question(2)], // a, b, c, d
    ['questions/b/info.json', { note: 'moves the UUID further down the file', ...question(2) }], // same UUID, new ranges: the others' related locations follow
    ['courseInstances/ci3/infoCourseInstance.json', instance(10)], // ci1 and ci3
    ['courseInstances/ci2/assessments/hw1/infoAssessment.json', assessment(20)], // another course instance: no duplicate
    ['courseInstances/ci1/assessments/hw3/infoAssessment.json', assessment(20)], // ci1's hw1 and hw3
    ['courseInstances/ci1/assessments/hw2/infoAssessment.json', assessment(20)], // hw1, hw2, hw3
    ['questions/e/info.json', question(10)], // a course instance's UUID on a question: no duplicate
    ['questions/c/info.json', question(3, { uuid: 'not-a-uuid' })], // an invalid UUID leaves the group
    ['questions/d/info.json', `{ "uuid": "${uuid(2)}", "title": `], // a file that is not JSON keeps its UUID
    ['courseInstances/ci1/infoCourseInstance.json', instance(13)], // ci3 alone again
    ['courseInstances/ci1/assessments/hw1/infoAssessment.json', assessment(24)], // hw2 and hw3 remain
    ['questions/a/info.json', question(1)],
    ['questions/d/info.json', question(4)],
    ['questions/b/info.json', question(2)], // no duplicate questions left
    ['courseInstances/ci1/assessments/hw2/infoAssessment.json', assessment(21)],
  ]);
  for (const code of ['duplicate-uuid', 'uuid-invalid', 'json-syntax']) assert.ok(seen.has(code), `the steps exercise ${code}`);
});

test('question.html open in the editor is re-checked on every edit while the disk stays the same', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/q/info.json': question(1),
    'questions/q/question.html': '<p>fine</p>\n',
    'questions/r/info.json': question(2),
    'questions/r/question.html': '<pl-nonsense></pl-nonsense>\n',
  });
  const html = path.join(root, 'questions/q/question.html');
  // Open before the first check, as the language server's overlay holds it (opening changes the generation).
  const overlay = new Map([[html, '<p>fine</p>\n']]);
  const seen = replay(
    root,
    [
      ['questions/q/question.html', '<pl-nonsense></pl-nonsense>\n'],
      ['questions/q/info.json', question(3)],
      ['questions/q/question.html', '<pl-figure></pl-figure>\n'],
      ['questions/q/question.html', '<p>fine again</p>\n'],
    ],
    overlay,
  );
  assert.ok(seen.size >= 2, `the steps find problems in question.html: ${[...seen].join(', ')}`);
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
  const checker = newCourseChecker();
  const codes = (diskGeneration: number) => checker.check(course, { reader: disk, diskGeneration }).map((d) => d.code);
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

test('a question.html that cannot be read is said, kept while the disk stays the same, and checked once readable', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/q/info.json': question(1), 'questions/q/question.html': '<pl-nonsense></pl-nonsense>\n' });
  const html = path.join(root, 'questions/q/question.html');
  let locked = true;
  // Permissions as the reader meets them; root, which runs CI, is not stopped by chmod.
  const reader = {
    ...nodeCourseReader,
    readText: (file: string) => {
      if (locked && file === html) throw Object.assign(new Error(`EACCES: permission denied, open '${file}'`), { code: 'EACCES' });
      return nodeCourseReader.readText(file);
    },
  };
  const course = loadCourse(root, reader);
  const checker = newCourseChecker();
  const codes = (diskGeneration: number) => checker.check(course, { reader, now: NOW, diskGeneration }).map((d) => `${path.relative(root, d.file)} ${d.code}`);
  assert.deepEqual(codes(1), ['questions/q/question.html question-html-skipped']);
  assert.deepEqual(codes(1), ['questions/q/question.html question-html-skipped'], 'the same disk: the same answer, without reading again');
  locked = false;
  assert.deepEqual(codes(1), ['questions/q/question.html question-html-skipped'], 'no file event yet');
  assert.deepEqual(codes(2), ['questions/q/question.html unknown-element'], 'after a file event, checked');
  assert.deepEqual(summary(newCourseChecker().check(loadCourse(root), { now: NOW })), summary(checker.check(course, { reader, now: NOW, diskGeneration: 2 })));
});

test('a course rule that read the clock is current within the hour, as a file rule is, and runs again in the next', () => {
  // The course instance is accessible until 2027, so its assessment's allowAccess is checked (activeAssessments reads the clock).
  const root = writeCourse({
    ...BASE_COURSE,
    'courseInstances/Sp26/infoCourseInstance.json': { uuid: uuid(900), longName: 'Spring', allowAccess: [{ startDate: '2026-01-01T00:00:00', endDate: '2027-01-01T00:00:00' }] },
    'courseInstances/Sp26/assessments/HW1/infoAssessment.json': {
      uuid: uuid(901), type: 'Homework', title: 'HW', set: 'Homework', number: '1', allowAccess: [{ role: 'TA' }], zones: [],
    },
  });
  const course = loadCourse(root);
  const checker = newCourseChecker();
  const roleWarning = (now: Date) => {
    checker.update(course, { now, diskGeneration: 1 });
    const found = [...checker.diagnosticsByFile().values()].flat().filter((d) => d.code === 'assessment-allow-access-role');
    assert.equal(found.length, 1);
    return found[0];
  };
  const first = roleWarning(NOW);
  assert.equal(roleWarning(new Date(NOW.getTime() + 59 * 60_000)), first, 'a pass later in the same hour keeps its run');
  const nextHour = roleWarning(new Date(NOW.getTime() + 60 * 60_000));
  assert.notEqual(nextHour, first, 'a new hour runs it again');
  assert.deepEqual(nextHour, first);
});
