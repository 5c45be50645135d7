import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { isTemplateQid, loadCourse, type InfoEntry } from '../server/lib/course/course';
import { checkFolder } from './helpers/course';

// The demo course is what `npm start` checks and what the reference server serves, so it must stay
// a realistic course that the checker finds nothing wrong with.
const DEMO_COURSE = path.join(__dirname, '..', 'server', 'demo-course');
// A fixed clock inside the Fall 2026 term, so date-dependent rules give the same answer every year.
const NOW = new Date('2026-11-22T12:00:00Z');

const course = loadCourse(DEMO_COURSE);
const assessments: InfoEntry[] = [...course.courseInstances.values()].flatMap((ci) => [...ci.assessments.values()]);
const assessmentData = assessments.map((a) => a.file?.value as { type?: string; zones?: { questions: { alternatives?: unknown[] }[] }[] });

test('the demo course has enough questions, nested ones and a template', () => {
  const qids = [...course.questions.keys()];
  assert.ok(qids.length >= 12, `only ${qids.length} questions`);
  assert.ok(qids.some(isTemplateQid), 'no question under questions/template/');
  assert.ok(qids.some((qid) => qid.split('/').length >= 3), 'no question nested two folders deep');
});

test('the demo course has two course instances and at least six assessments', () => {
  assert.equal(course.courseInstances.size, 2);
  assert.ok(assessments.length >= 6, `only ${assessments.length} assessments`);
});

test('the demo assessments include homework and exams with zones and alternative pools', () => {
  const types = new Set(assessmentData.map((a) => a.type));
  assert.ok(types.has('Homework') && types.has('Exam'), `assessment types: ${[...types].join(', ')}`);
  assert.ok(assessmentData.every((a) => (a.zones?.length ?? 0) > 0), 'an assessment has no zones');
  const pools = assessmentData.flatMap((a) => a.zones ?? []).flatMap((z) => z.questions).filter((q) => q.alternatives);
  assert.ok(pools.length > 0, 'no zone question uses "alternatives"');
});

test('the checker reports nothing on the demo course', () => {
  const found = checkFolder(DEMO_COURSE, { now: NOW });
  assert.deepEqual(
    found.map((d) => `${d.relPath}:${d.line} ${d.severity} [${d.code}] ${d.message}`),
    [],
  );
});
