import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Course, CourseInstance, InfoEntry, InfoKind } from '../../../server/lib/course/course';
import { duplicateUuids } from '../../../server/lib/course/rules/duplicateUuids';
import type { Report, RuleContext } from '../../../server/lib/course/rules/rule';

/** A small fixed-seed generator, so that a failure can be replayed. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

test('the duplicate-UUID index reports after each change exactly what a check from scratch reports', () => {
  const random = seeded(11);
  // Few UUIDs, so that groups form, grow, shrink and go away.
  const someUuid = () => (random() < 0.15 ? undefined : `uuid-${Math.floor(random() * 5)}`);
  for (let trial = 0; trial < 100; trial++) {
    const uuids = new Map<InfoEntry, string | undefined>();
    const entries: InfoEntry[] = [];
    const entry = (kind: InfoKind, id: string, courseInstanceId?: string): InfoEntry => {
      const e: InfoEntry = { kind, id, dir: id, path: id, relPath: id, courseInstanceId };
      uuids.set(e, someUuid());
      entries.push(e);
      return e;
    };
    const questions = new Map<string, InfoEntry>();
    for (let i = 0; i < 1 + random() * 10; i++) questions.set(`q${i}`, entry('question', `q${i}`));
    const courseInstances = new Map<string, CourseInstance>();
    for (let c = 0; c < random() * 4; c++) {
      const assessments = new Map<string, InfoEntry>();
      for (let a = 0; a < random() * 5; a++) assessments.set(`a${a}`, entry('assessment', `ci${c}/a${a}`, `ci${c}`));
      courseInstances.set(`ci${c}`, { entry: entry('courseInstance', `ci${c}`), assessments });
    }
    const info: InfoEntry = { kind: 'course', id: '', dir: '', path: 'infoCourse.json', relPath: 'infoCourse.json' };
    const course: Course = { root: '', info, questions, courseInstances, missing: [] };
    const run = (check: (ctx: RuleContext) => void) => {
      const out: string[] = [];
      check({
        course,
        now: new Date(0),
        reader: undefined as never,
        validData: () => undefined,
        uuidOf: (e) => uuids.get(e),
        hasErrors: () => false,
        report: (e: InfoEntry, r: Report) => out.push(`${e.id}: ${r.message} [${r.related!.map((x) => x.entry.id).join(', ')}]`),
      });
      return out;
    };
    const index = duplicateUuids.incremental!();
    assert.deepEqual(run((ctx) => index.update(ctx, [])), run((ctx) => duplicateUuids.check(ctx)));
    for (let step = 0; step < 20; step++) {
      const changed: InfoEntry[] = [];
      for (let k = 0; k < 1 + random() * 3; k++) {
        const e = entries[Math.floor(random() * entries.length)];
        // Some changes keep the UUID (an edit elsewhere in the file).
        if (random() < 0.8) uuids.set(e, someUuid());
        changed.push(e);
      }
      assert.deepEqual(run((ctx) => index.update(ctx, changed)), run((ctx) => duplicateUuids.check(ctx)), `trial ${trial}, step ${step}`);
    }
  }
});
