// Puts each question's samples (questionSamples.ts) into the variants and submissions the seed made for
// it, after the server answers: the seed runs no question code, so a course of any size is served within
// seconds, and its Python runs here, a question at a time, two at once, with progress for the log.
import type { Database, Queryable } from '../db/database';
import { SampleMaker, type OneQuestionSamples, type VariantSample } from './questionSamples';
import { createHash } from 'node:crypto';

export interface FillProgress {
  done: number;
  total: number;
}

export interface FillResult extends FillProgress {
  /** Questions left without sample answers, and why. */
  without: { qid: string; note: string }[];
  /** Why the fill stopped early (Python cannot run); the questions not done are tried again at the next start. */
  problem?: string;
}

/** The seeded questions of the course (those its assessments use) that have no samples yet, by qid. */
async function pendingQuestions(db: Queryable, courseId: string): Promise<{ id: string; qid: string }[]> {
  return db.query(
    `SELECT q.id, q.qid FROM questions q
     WHERE q.course_id = $1 AND q.deleted_at IS NULL AND q.qid IS NOT NULL
       AND EXISTS (SELECT 1 FROM variants v WHERE v.question_id = q.id)
       AND NOT EXISTS (SELECT 1 FROM reference_sample_fills f WHERE f.question_id = q.id)
     ORDER BY q.qid`,
    [courseId],
  );
}

export async function fillSamples(
  db: Database,
  courseId: string,
  options: { python?: string; signal?: AbortSignal; onProgress?: (p: FillProgress & { qid: string; note?: string }) => void } = {},
): Promise<FillResult> {
  const course = await db.query<{ path: string }>('SELECT path FROM courses WHERE id = $1', [courseId]);
  const questions = course[0] ? await pendingQuestions(db, courseId) : [];
  const result: FillResult = { done: 0, total: questions.length, without: [] };
  if (questions.length === 0) return result;
  const maker = new SampleMaker(course[0].path, options.python);
  // Writes one question at a time, in the order their samples arrive.
  let writing = Promise.resolve();
  let next = 0;
  const worker = async () => {
    while (next < questions.length && !options.signal?.aborted && !result.problem) {
      const question = questions[next++];
      let made: OneQuestionSamples;
      try {
        made = await maker.of(question.qid);
      } catch (err) {
        // Only Python that cannot start rejects; a question that fails has a note instead.
        if (!options.signal?.aborted) result.problem ??= (err as Error).message;
        return;
      }
      if (options.signal?.aborted) return;
      writing = writing.then(async () => {
        await db.transaction((tx) => fillQuestion(tx, question.id, made));
        result.done++;
        if (made.note) result.without.push({ qid: question.qid, note: made.note });
        options.onProgress?.({ done: result.done, total: result.total, qid: question.qid, note: made.note });
      });
      await writing;
    }
  };
  try {
    await Promise.all([worker(), worker()]);
  } finally {
    await writing.catch(() => undefined);
    await maker.dispose();
  }
  return result;
}

/** Which of a question's samples a seeded variant gets: from the seed it was given, so the same data gives the same choice. */
function sampleFor(samples: VariantSample[], seededSeed: string): VariantSample {
  return samples[createHash('sha256').update(seededSeed).digest().readUInt32BE(0) % samples.length];
}

/**
 * The question's variants get a sample's seed, params and true answer; each submission the answer the
 * question's test() calls correct (where the seed gave full credit) or incorrect, with the grade it gets
 * (an answer not graded here keeps the seeded score). The instance questions and assessment instances
 * whose scores change, and their score events, follow. Without samples, the question is only marked done.
 */
async function fillQuestion(tx: Queryable, questionId: string, made: OneQuestionSamples): Promise<void> {
  await tx.query('INSERT INTO reference_sample_fills (question_id, note) VALUES ($1, $2) ON CONFLICT (question_id) DO NOTHING', [questionId, made.note ?? null]);
  if (made.variants.length === 0) return;
  const variants = await tx.query<{ id: string; variant_seed: string }>(
    'SELECT id, variant_seed FROM variants WHERE question_id = $1 AND instance_question_id IS NOT NULL ORDER BY id',
    [questionId],
  );
  if (variants.length === 0) return;
  const chosen = new Map(variants.map((v) => [String(v.id), sampleFor(made.variants, v.variant_seed)]));
  await tx.query(
    `UPDATE variants v SET variant_seed = x.seed, params = x.params, true_answer = x.true_answer
     FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, seed text, params jsonb, true_answer jsonb) WHERE v.id = x.id`,
    [JSON.stringify([...chosen].map(([id, s]) => ({ id, seed: s.seed, params: s.params, true_answer: s.true_answer })))],
  );
  const subs = await tx.query<{ id: string; variant_id: string; score: number | null }>(
    'SELECT id, variant_id, score FROM submissions WHERE variant_id = ANY($1::bigint[]) ORDER BY id',
    [[...chosen.keys()]],
  );
  const rows = subs.map((s) => {
    const sample = chosen.get(String(s.variant_id))!;
    const answer = s.score === 1 ? sample.correct : sample.wrong;
    const score = answer.score ?? s.score;
    return {
      id: s.id,
      submitted_answer: answer.submitted_answer,
      raw_submitted_answer: answer.raw_submitted_answer,
      params: answer.params,
      true_answer: answer.true_answer,
      partial_scores: answer.partial_scores ?? {},
      score,
      feedback: answer.feedback,
    };
  });
  if (rows.length === 0) return;
  await tx.query(
    `UPDATE submissions s SET submitted_answer = x.submitted_answer, raw_submitted_answer = x.raw_submitted_answer,
       params = x.params, true_answer = x.true_answer, partial_scores = x.partial_scores, score = x.score,
       correct = (x.score = 1), feedback = x.feedback
     FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, submitted_answer jsonb, raw_submitted_answer jsonb, params jsonb,
       true_answer jsonb, partial_scores jsonb, score float8, feedback jsonb)
     WHERE s.id = x.id`,
    [JSON.stringify(rows)],
  );
  await rescore(tx, questionId);
}

/** Scores of the question's instance questions from their submissions, as the seed computes them, and what depends on them. */
async function rescore(tx: Queryable, questionId: string): Promise<void> {
  const changed = await tx.query<{ id: string; assessment_instance_id: string }>(
    `WITH s AS (
       SELECT v.instance_question_id AS iq_id, max(s.score) AS hi, (array_agg(s.score ORDER BY s.date DESC, s.id DESC))[1] AS last
       FROM submissions s JOIN variants v ON v.id = s.variant_id
       WHERE v.question_id = $1 AND v.instance_question_id IS NOT NULL GROUP BY v.instance_question_id)
     UPDATE instance_questions iq SET highest_submission_score = s.hi, last_submission_score = s.last,
       score_perc = COALESCE(s.hi, 0) * 100, points = COALESCE(s.hi, 0) * COALESCE(aq.max_auto_points, 0),
       auto_points = COALESCE(s.hi, 0) * COALESCE(aq.max_auto_points, 0)
     FROM s, assessment_questions aq
     WHERE iq.id = s.iq_id AND aq.id = iq.assessment_question_id
       AND (iq.highest_submission_score IS DISTINCT FROM s.hi OR iq.last_submission_score IS DISTINCT FROM s.last)
     RETURNING iq.id, iq.assessment_instance_id`,
    [questionId],
  );
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE events e SET data = jsonb_build_object('points', iq.points, 'max_points', COALESCE(aq.max_points, 0),
       'score_perc', iq.score_perc, 'correct', iq.highest_submission_score = 1)
     FROM instance_questions iq JOIN assessment_questions aq ON aq.id = iq.assessment_question_id
     WHERE e.instance_question_id = iq.id AND e.event_name = 'Score question' AND iq.id = ANY($1::bigint[])`,
    [changed.map((c) => c.id)],
  );
  const instances = [...new Set(changed.map((c) => String(c.assessment_instance_id)))];
  await tx.query(
    `UPDATE assessment_instances ai SET points = t.points,
       score_perc = CASE WHEN ai.max_points > 0 THEN t.points / ai.max_points * 100 ELSE 0 END
     FROM (SELECT assessment_instance_id AS id, sum(points) AS points FROM instance_questions
           WHERE assessment_instance_id = ANY($1::bigint[]) GROUP BY assessment_instance_id) t
     WHERE ai.id = t.id`,
    [instances],
  );
  await tx.query(
    `UPDATE events e SET data = jsonb_build_object('points', ai.points, 'max_points', ai.max_points, 'score_perc', ai.score_perc)
     FROM assessment_instances ai
     WHERE e.assessment_instance_id = ai.id AND e.event_name = 'Score assessment' AND ai.id = ANY($1::bigint[])`,
    [instances],
  );
}
