// The demo data's variants and submissions come from the question runtime run on the demo course's own
// questions (real Python, real PGlite): params and true answers as server.py makes them for the seed,
// answers graded as the question grades them. Needs Python with numpy and lxml, as the runtime tests do.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { QuestionRuntime } from '../../../server/lib/runtime';
import { openApp } from '../../../server/apps/referenceServer/app';
import { questionSamples, SEEDS_PER_QUESTION } from '../../../server/apps/referenceServer/seed/questionSamples';
import { demoCourseDir, prepareCourse } from '../../../server/apps/referenceServer/startup';
import { fillSamples } from '../../../server/apps/referenceServer/seed/fillSamples';
import { seedHistory } from '../../../server/apps/referenceServer/seed/seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-samples-'));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const demo = demoCourseDir()!;

test('samples: a few seeds per question, the variant server.py makes for each, its correct answer at 100% and its incorrect one below', async () => {
  const qids = ['algebra/linearEquation', 'linearAlgebra/eigenFacts'];
  const started = performance.now();
  const samples = await questionSamples(demo, qids);
  const ms = performance.now() - started;
  assert.equal(samples.problem, undefined);
  const runtime = new QuestionRuntime({ poolSize: 1 });
  try {
    for (const qid of qids) {
      const list = samples.byQid.get(qid)!;
      assert.equal(list.length, SEEDS_PER_QUESTION, qid);
      assert.equal(new Set(list.map((s) => s.seed)).size, SEEDS_PER_QUESTION, 'different seeds');
      for (const s of list) {
        const variant = await runtime.createVariant(demo, qid, s.seed);
        assert.deepEqual(s.params, variant.params, `${qid} ${s.seed}: the params of that seed`);
        assert.deepEqual(s.true_answer, variant.correctAnswers);
        assert.equal(s.correct.score, 1, `${qid}: the correct answer grades to 100%`);
        assert.ok(s.wrong.score !== null && s.wrong.score < 1, `${qid}: the incorrect answer grades below 100%`);
        assert.ok(Object.keys(s.correct.submitted_answer).length > 0, 'answers were submitted');
      }
    }
  } finally {
    await runtime.dispose();
  }
  // linearEquation grades all or nothing; eigenFacts (a checkbox) gives partial credit for a wrong answer.
  assert.ok(samples.byQid.get('linearAlgebra/eigenFacts')!.some((s) => s.wrong.score! > 0));
  const again = performance.now();
  assert.deepEqual(await questionSamples(demo, qids), samples, 'the same files: the same samples (kept per question)');
  console.log(`samples of ${qids.length} questions: ${Math.round(ms)} ms; again: ${Math.round(performance.now() - again)} ms`);
});

test('the seeded demo course: variants and submissions carry the samples, scores and correctness agree with them', async () => {
  const app = await openApp({ dataDir });
  try {
    const started = performance.now();
    const { courseId } = await prepareCourse(app, { seed: 5 });
    assert.equal((await app.db.query('SELECT 1 FROM submissions')).length, 0, 'the students and their submissions follow once the server answers');
    const seeded = await seedHistory(app.db, courseId, { students: 4, seed: 5 });
    assert.ok(seeded.total > 0 && seeded.done === seeded.total);
    assert.deepEqual(await seedHistory(app.db, courseId, { students: 4, seed: 5 }), { done: 0, total: 0 }, 'a second start finds nothing left to seed');
    console.log(`demo course synced and seeded (4 students): ${Math.round(performance.now() - started)} ms`);
    // Seeded without running any question: no answers yet, scores from the students' abilities.
    const before = await app.db.query<{ n: number; answered: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE submitted_answer <> '{}'::jsonb)::int AS answered FROM submissions`,
    );
    assert.ok(before[0].n > 0);
    assert.equal(before[0].answered, 0, 'the seed runs no question code');
    const progress: number[] = [];
    const filled = await fillSamples(app.db, courseId, { onProgress: (p) => progress.push(p.done) });
    assert.equal(filled.problem, undefined);
    assert.equal(filled.done, filled.total);
    assert.deepEqual(progress, Array.from({ length: filled.total }, (_, i) => i + 1), 'progress after each question');
    assert.equal((await fillSamples(app.db, courseId)).total, 0, 'a second fill finds nothing left to do');
    const rows = await app.db.query<{ qid: string; variant_seed: string; v_params: object; v_true: object; params: object; submitted_answer: object; score: number; correct: boolean; feedback: object }>(
      `SELECT q.qid, v.variant_seed, v.params AS v_params, v.true_answer AS v_true, s.params, s.submitted_answer, s.score, s.correct, s.feedback
       FROM submissions s JOIN variants v ON v.id = s.variant_id JOIN questions q ON q.id = v.question_id ORDER BY s.id`,
    );
    assert.ok(rows.length > 0);
    const coursePath = (await app.db.query<{ path: string }>('SELECT path FROM courses'))[0].path;
    const qids = [...new Set((await app.db.query<{ qid: string }>('SELECT DISTINCT q.qid FROM questions q JOIN assessment_questions aq ON aq.question_id = q.id')).map((r) => r.qid))];
    const samples = await questionSamples(coursePath, qids.sort());
    let withAnswers = 0;
    for (const r of rows) {
      const sample = samples.byQid.get(r.qid)?.find((s) => s.seed === r.variant_seed);
      if (!samples.byQid.get(r.qid)?.length) {
        assert.deepEqual(r.submitted_answer, {}, `${r.qid} does not run here: no answer`);
        continue;
      }
      assert.ok(sample, `${r.qid}: the variant is one of its samples`);
      assert.deepEqual(r.v_params, sample.params);
      assert.deepEqual(r.v_true, sample.true_answer);
      const answer = [sample.correct, sample.wrong].find((a) => isDeepStrictEqual(a.submitted_answer, r.submitted_answer));
      assert.ok(answer, `${r.qid}: the submission is the correct or the incorrect sample`);
      if (answer.score !== null) assert.equal(r.score, answer.score);
      else assert.ok([0, 0.5, 1].includes(r.score), `${r.qid} is not graded here: a score from the ability model`);
      assert.equal(r.correct, r.score === 1);
      assert.deepEqual(r.feedback, answer.feedback);
      assert.ok(!('x' in r.params && 'y' in r.params && Object.keys(r.params).length === 2), 'not the old invented params');
      withAnswers++;
    }
    assert.ok(withAnswers > rows.length / 2, `most submissions have graded answers (${withAnswers} of ${rows.length})`);
    assert.ok(rows.some((r) => r.score === 1) && rows.some((r) => r.score < 1), 'right and wrong answers');
  } finally {
    await app.close();
  }
});
