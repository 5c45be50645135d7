import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Course, CourseInstance, InfoEntry } from '../../../server/lib/course/course';
import { undeclaredNamesSummary } from '../../../server/lib/course/rules/undeclaredNamesSummary';
import type { Report, RuleContext } from '../../../server/lib/course/rules/rule';

/** A small fixed-seed generator, so that a failure can be replayed. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

test('the undeclared-names note after each edit is what a check from scratch gives, and an unchanged note is handed again', () => {
  const random = seeded(7);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const TOPICS = ['A', 'B', 'C', 'D'];
  const TAGS = ['t1', 't2', 't3', 't4', 't5'];
  for (let trial = 0; trial < 60; trial++) {
    const data = new Map<InfoEntry, any>();
    const entries: InfoEntry[] = [];
    const questionData = () => (random() < 0.1 ? undefined : { topic: pick(TOPICS), tags: TAGS.filter(() => random() < 0.3) });
    const assessmentData = () => (random() < 0.1 ? undefined : { set: pick(['Homework', 'Lab', 'Quiz']), module: random() < 0.5 ? undefined : pick(['m1', 'm2']) });
    const questions = new Map<string, InfoEntry>();
    for (let i = 0; i < 1 + random() * 12; i++) {
      const e: InfoEntry = { kind: 'question', id: `q${i}`, dir: `q${i}`, path: `q${i}`, relPath: `q${i}` };
      questions.set(e.id, e);
      data.set(e, questionData());
      entries.push(e);
    }
    const courseInstances = new Map<string, CourseInstance>();
    for (let c = 0; c < random() * 3; c++) {
      const assessments = new Map<string, InfoEntry>();
      for (let a = 0; a < random() * 4; a++) {
        const e: InfoEntry = { kind: 'assessment', id: `a${a}`, dir: `ci${c}/a${a}`, path: `ci${c}/a${a}`, relPath: `ci${c}/a${a}`, courseInstanceId: `ci${c}` };
        assessments.set(e.id, e);
        data.set(e, assessmentData());
        entries.push(e);
      }
      courseInstances.set(`ci${c}`, { entry: { kind: 'courseInstance', id: `ci${c}`, dir: '', path: `ci${c}`, relPath: `ci${c}` }, assessments });
    }
    const info: InfoEntry = { kind: 'course', id: '', dir: '', path: 'infoCourse.json', relPath: 'infoCourse.json' };
    const infoData = () => (random() < 0.1 ? undefined : { topics: TOPICS.filter(() => random() < 0.4).map((name) => ({ name })), tags: random() < 0.3 ? undefined : TAGS.filter(() => random() < 0.4).map((name) => ({ name })) });
    data.set(info, infoData());
    const course: Course = { root: '', info, questions, courseInstances, missing: [] };
    const run = (check: (ctx: RuleContext) => void) => {
      const reports: Report[] = [];
      check({
        course,
        now: new Date(0),
        reader: undefined as never,
        validData: (e) => data.get(e),
        uuidOf: () => undefined,
        hasErrors: () => false,
        report: (_e: InfoEntry, r: Report) => reports.push(r),
      });
      return reports;
    };
    const text = (reports: Report[]) => reports.map((r) => `${r.code} ${r.message} [${r.related!.map((x) => `${x.entry.path} ${x.path!.join('/')}`).join(', ')}] ${JSON.stringify(r.data)}`);
    const index = undeclaredNamesSummary.incremental!();
    let last = run((ctx) => index.update(ctx, []));
    assert.deepEqual(text(last), text(run((ctx) => undeclaredNamesSummary.check(ctx))));
    for (let step = 0; step < 15; step++) {
      const changed: InfoEntry[] = [];
      for (let k = 0; k < 1 + random() * 2; k++) {
        const e = random() < 0.15 ? info : pick(entries);
        data.set(e, e === info ? infoData() : e.kind === 'question' ? questionData() : assessmentData());
        changed.push(e);
      }
      const now = run((ctx) => index.update(ctx, changed));
      assert.deepEqual(text(now), text(run((ctx) => undeclaredNamesSummary.check(ctx))), `trial ${trial}, step ${step}`);
      // A note whose text and files did not change is the same object (so its diagnostic is kept).
      for (const r of now) {
        const before = last.find((b) => b.code === r.code);
        const touched = changed.includes(info) || r.related!.some((x) => changed.includes(x.entry));
        if (before && text([before])[0] === text([r])[0] && !touched) assert.equal(r, before, `trial ${trial}, step ${step}: handed again; changed ${changed.map((e) => e.path)}`);
      }
      last = now;
    }
  }
});
