// The demo students and their history, written after the server answers (the staff and their tokens come
// first, seedStaff.ts): students, fingerprints and enrollments in one transaction, then each assessment's
// instances, variants, submissions and events in a transaction of its own, so that the API's requests
// interleave (PGlite serves one session) and a restarted server goes on with the assessments not yet
// seeded. The draws are the same whatever was done before, so a `--seed` gives the same data.
import type { Database, Queryable } from '../db/database';
import { bulkInsert, reserveIds } from './bulkInsert';
import { studentName } from './demoUsers';
import { Random } from './random';
import { seedStaff } from './seedStaff';

export interface SeedOptions {
  students: number;
  seed: number;
}

interface Slot {
  aq_id: string;
  question_id: string;
  qid: string;
  group_id: string;
  zone_id: string;
  zone_choose: number | null;
  max_points: number;
  max_auto_points: number;
}

/** An assessment's zones, each with its alternative groups (a student gets one question per group). */
interface SeedAssessment {
  type: string;
  zones: Map<string, { choose: number | null; groups: Map<string, Slot[]> }>;
}

/** How many groups a zone gives each student: all, or `numberChoose` of them. */
const chosenCount = (zone: { choose: number | null; groups: Map<string, Slot[]> }) =>
  Math.min(zone.choose ?? zone.groups.size, zone.groups.size);

const MINUTE = 60_000;
const DAY = 86_400_000;
// Start of term when an instance has no publishing or access dates; never the clock, so that the
// data does not depend on when it is generated.
const DEFAULT_TERM_START = Date.UTC(2025, 0, 13, 15, 0, 0);

const iso = (ms: number) => new Date(ms).toISOString();

export interface SeedProgress {
  /** Assessments seeded by this run, of those that were not yet. */
  done: number;
  total: number;
}

interface Student {
  id: number;
  ability: number;
  fingerprint: number;
}

/** The whole demo data at once: staff, then students and their history (tests and the bench). */
export async function seedDemoData(db: Database, courseId: string, options: SeedOptions): Promise<void> {
  await seedStaff(db, courseId, options.seed);
  await seedHistory(db, courseId, options);
}

/**
 * Students, enrollments and their whole assessment history, for every assessment not seeded yet. Runs no
 * question code: the submissions have no answers and scores from each student's ability until
 * fillSamples.ts puts the questions' own variants and graded answers in. Stops between assessments once
 * `signal` is aborted.
 */
export async function seedHistory(
  db: Database,
  courseId: string,
  options: SeedOptions,
  run: { signal?: AbortSignal; onProgress?: (p: SeedProgress) => void } = {},
): Promise<SeedProgress> {
  const rng = new Random(options.seed);
  const cis = await db.query<{ id: string; term_start: Date | null }>(
    `SELECT ci.id, COALESCE(ci.publishing_start_date,
       (SELECT min(r.start_date) FROM course_instance_access_rules r WHERE r.course_instance_id = ci.id)) AS term_start
     FROM course_instances ci WHERE ci.course_id = $1 AND ci.deleted_at IS NULL ORDER BY ci.id`,
    [courseId],
  );
  const termStart = (ci: { term_start: Date | null }) => ci.term_start?.getTime() ?? DEFAULT_TERM_START;
  const pending = await db.query<{ id: string }>(
    `SELECT DISTINCT a.id FROM assessments a JOIN course_instances ci ON ci.id = a.course_instance_id
     JOIN assessment_questions aq ON aq.assessment_id = a.id AND aq.deleted_at IS NULL
     WHERE ci.course_id = $1 AND ci.deleted_at IS NULL AND a.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM reference_seeded_assessments s WHERE s.assessment_id = a.id)`,
    [courseId],
  );
  const progress: SeedProgress = { done: 0, total: pending.length };
  const students = await ensureStudents(db, cis, termStart, options, rng);
  if (pending.length === 0) return progress;
  const todo = new Set(pending.map((r) => String(r.id)));
  for (const ci of cis) {
    // Every instance is planned (the draws of the next ones depend on it); only those not seeded are written.
    const planned = await planCourseInstance(db, courseId, ci.id, termStart(ci), students, rng);
    for (const [assessmentId, rows] of planned) {
      if (!todo.has(assessmentId)) continue;
      // A turn of the event loop first: a request that arrived meanwhile queues its queries before the next
      // transaction (PGlite runs in this thread, and the next transaction would otherwise always come first).
      await new Promise((resolve) => setImmediate(resolve));
      if (run.signal?.aborted) return progress;
      await db.transaction(async (tx) => {
        await insertHistory(tx, rows);
        await tx.query('INSERT INTO reference_seeded_assessments (assessment_id) VALUES ($1)', [assessmentId]);
      });
      progress.done++;
      run.onProgress?.({ ...progress });
    }
  }
  return progress;
}

/** The students (drawn from `rng` whether or not they exist), written with their fingerprints and enrollments when new. */
async function ensureStudents(
  db: Database,
  cis: { id: string; term_start: Date | null }[],
  termStart: (ci: { term_start: Date | null }) => number,
  options: SeedOptions,
  rng: Random,
): Promise<Student[]> {
  const drawn = Array.from({ length: options.students }, (_, i) => ({
    uid: `student${String(i + 1).padStart(4, '0')}@example.com`,
    uin: String(rng.int(100_000_000, 999_999_999)),
    name: studentName((items) => rng.pick(items)),
    ability: 0.35 + rng.next() * 0.6,
  }));
  const fingerprints = drawn.map(() => ({
    ip: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    agent: rng.pick(['Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', 'Mozilla/5.0 (Macintosh) Safari/605.1.15']),
    language: rng.pick(['en-US,en;q=0.9', 'de-DE,de;q=0.8', 'es-ES,es;q=0.9']),
  }));
  const uids = drawn.map((s) => s.uid);
  const existing = await db.query<{ id: string; uid: string; fingerprint: string | null }>(
    `SELECT u.id, u.uid, (SELECT min(f.id) FROM client_fingerprints f WHERE f.user_id = u.id) AS fingerprint
     FROM users u WHERE u.uid = ANY($1::text[])`,
    [uids],
  );
  if (existing.length === drawn.length && existing.every((r) => r.fingerprint !== null)) {
    const byUid = new Map(existing.map((r) => [r.uid, r]));
    return drawn.map((s) => ({ id: Number(byUid.get(s.uid)!.id), ability: s.ability, fingerprint: Number(byUid.get(s.uid)!.fingerprint) }));
  }
  return db.transaction(async (tx) => {
    const firstUser = await reserveIds(tx, 'users', drawn.length);
    const firstFingerprint = await reserveIds(tx, 'client_fingerprints', drawn.length);
    await bulkInsert(
      tx,
      'users',
      { id: 'bigint', uid: 'text', uin: 'text', name: 'text', email: 'text' },
      drawn.map((s, i) => [firstUser + i, s.uid, s.uin, s.name, s.uid]),
    );
    await bulkInsert(
      tx,
      'client_fingerprints',
      { id: 'bigint', user_id: 'bigint', user_session_id: 'bigint', ip_address: 'text', user_agent: 'text', accept_language: 'text', created_at: 'timestamptz' },
      fingerprints.map((f, i) => [firstFingerprint + i, firstUser + i, 1000 + i, f.ip, f.agent, f.language, iso((cis[0] ? termStart(cis[0]) : DEFAULT_TERM_START) - DAY)]),
    );
    for (const ci of cis) {
      await bulkInsert(
        tx,
        'enrollments',
        { user_id: 'bigint', course_instance_id: 'bigint', status: 'text', created_at: 'timestamptz' },
        drawn.map((_, i) => [firstUser + i, ci.id, 'joined', iso(termStart(ci) - 2 * DAY)]),
      );
    }
    return drawn.map((s, i) => ({ id: firstUser + i, ability: s.ability, fingerprint: firstFingerprint + i }));
  });
}

/** One assessment's rows, table by table, in the columns insertHistory writes. */
interface HistoryRows {
  ai: unknown[][];
  iq: unknown[][];
  variants: unknown[][];
  subs: unknown[][];
  events: unknown[][];
}

/** Every assessment's history in a course instance, by assessment id in the order they are drawn, with ids reserved. */
async function planCourseInstance(
  db: Queryable,
  courseId: string,
  ciId: string,
  termStart: number,
  students: Student[],
  rng: Random,
): Promise<Map<string, HistoryRows>> {
  const slots = await db.query<Slot & { assessment_id: string; type: string }>(
    `SELECT a.id AS assessment_id, a.type, aq.id AS aq_id, aq.question_id, q.qid, aq.alternative_group_id AS group_id,
       z.id AS zone_id, z.number_choose AS zone_choose, aq.max_points, aq.max_auto_points
     FROM assessments a JOIN assessment_questions aq ON aq.assessment_id = a.id AND aq.deleted_at IS NULL
     JOIN questions q ON q.id = aq.question_id JOIN alternative_groups ag ON ag.id = aq.alternative_group_id JOIN zones z ON z.id = ag.zone_id
     JOIN assessment_sets aset ON aset.id = a.assessment_set_id
     WHERE a.course_instance_id = $1 AND a.deleted_at IS NULL
     ORDER BY aset.number, a.order_by, a.id, aq.number`,
    [ciId],
  );
  const assessments = new Map<string, SeedAssessment>();
  for (const s of slots) {
    let a = assessments.get(s.assessment_id);
    if (!a) assessments.set(s.assessment_id, (a = { type: s.type, zones: new Map() }));
    let zone = a.zones.get(s.zone_id);
    if (!zone) a.zones.set(s.zone_id, (zone = { choose: s.zone_choose, groups: new Map() }));
    let group = zone.groups.get(s.group_id);
    if (!group) zone.groups.set(s.group_id, (group = []));
    group.push({ ...s, max_points: s.max_points ?? 0, max_auto_points: s.max_auto_points ?? 0 });
  }

  const planned = new Map<string, HistoryRows>();
  let vId = 0;
  let sId = 0;
  const counts = { ai: 0, iq: 0 };
  // Instances and instance questions are counted first so that their ids can be reserved up front.
  const plan = [...assessments.entries()].map(([assessmentId, a], index) => ({ assessmentId, a, index }));
  const takers = plan.map(() => students.filter(() => rng.chance(0.85)));
  for (const [p, { a }] of plan.entries()) {
    counts.ai += takers[p].length;
    for (const zone of a.zones.values()) counts.iq += takers[p].length * chosenCount(zone);
  }
  let aiId = await reserveIds(db, 'assessment_instances', counts.ai);
  let iqId = await reserveIds(db, 'instance_questions', counts.iq);
  // Variants and submissions are counted as they are made; their ids are offsets fixed up below.
  for (const [p, { assessmentId, a, index }] of plan.entries()) {
    const exam = a.type === 'Exam';
    const { ai, iq, variants, subs, events }: HistoryRows = { ai: [], iq: [], variants: [], subs: [], events: [] };
    planned.set(String(assessmentId), { ai, iq, variants, subs, events });
    for (const student of takers[p]) {
      const fingerprint = student.fingerprint;
      const start = termStart + index * 7 * DAY + rng.int(0, 72 * 60) * MINUTE;
      const dateLimit = exam ? start + 60 * MINUTE : null;
      const myAi = aiId++;
      events.push([myAi, 'Open', iso(start), student.id, null, null, { date_limit: dateLimit && iso(dateLimit) }, null]);
      events.push([myAi, 'View assessment overview', iso(start + 1000), student.id, null, null, null, fingerprint]);
      let t = start + MINUTE;
      let points = 0;
      let maxPoints = 0;
      let number = 0;
      const groups = [...a.zones.values()].flatMap((zone) => {
        const all = [...zone.groups.values()];
        const skip = new Set<number>();
        while (all.length - skip.size > chosenCount(zone)) skip.add(rng.int(0, all.length - 1));
        return all.filter((_, i) => !skip.has(i));
      });
      for (const group of groups) {
        const slot = rng.pick(group);
        const myIq = iqId++;
        number++;
        maxPoints += slot.max_points;
        const attempts: number[] = [];
        const variantCount = exam ? 1 : rng.int(1, 2);
        for (let v = 1; v <= variantCount; v++) {
          const myV = vId++;
          // Two draws that the samples once used (which sample, and a seed): kept so that the data a
          // given --seed makes stays the same. The seed is the variant's until fillSamples.ts gives it a sample's.
          rng.int(0, 2);
          const seed = rng.int(1, 999_999_999).toString(36);
          variants.push([myV, myIq, slot.question_id, courseId, student.id, student.id, v, seed, {}, {}, {}, iso(t), fingerprint]);
          events.push([myAi, 'View variant', iso(t + 1000), student.id, myIq, myV, null, fingerprint]);
          const tries = rng.int(exam ? 1 : 0, 3);
          for (let k = 0; k < tries; k++) {
            t += rng.int(1, 6) * MINUTE;
            const knows = rng.chance(student.ability);
            const half = rng.chance(0.3);
            // From the student's ability; fillSamples.ts replaces it by the grade of the sample answer it puts in.
            const score = knows ? 1 : half ? 0.5 : 0;
            subs.push([sId++, myV, student.id, iso(t), {}, {}, {}, {}, {}, 100, 'Public', score, score === 1, {}, iso(t), iso(t + 2000), fingerprint]);
            attempts.push(score);
          }
          t += rng.int(1, 4) * MINUTE;
        }
        const highest = attempts.length ? Math.max(...attempts) : null;
        const autoPoints = (highest ?? 0) * slot.max_auto_points;
        points += autoPoints;
        if (attempts.length) {
          events.push([myAi, 'Score question', iso(t), student.id, myIq, null,
            { points: autoPoints, max_points: slot.max_points, score_perc: (highest ?? 0) * 100, correct: highest === 1 }, null]);
        }
        iq.push([myIq, myAi, slot.aq_id, number, autoPoints, autoPoints, 0, (highest ?? 0) * 100, highest,
          attempts.length ? attempts[attempts.length - 1] : null, attempts.length, `${Math.round((t - start) / 1000)} seconds`, iso(start)]);
      }
      const scorePerc = maxPoints > 0 ? (points / maxPoints) * 100 : 0;
      events.push([myAi, 'Score assessment', iso(t), student.id, null, null, { points, max_points: maxPoints, score_perc: scorePerc }, null]);
      if (exam) events.push([myAi, 'Close', iso(t + 1000), student.id, null, null, null, null]);
      ai.push([myAi, assessmentId, student.id, 1, !exam, iso(start), dateLimit && iso(dateLimit),
        `${Math.round((t - start) / 1000)} seconds`, iso(t), maxPoints, 0, points, scorePerc, student.id]);
    }
  }
  const firstVariant = await reserveIds(db, 'variants', vId);
  const firstSubmission = await reserveIds(db, 'submissions', sId);
  for (const { ai, variants, subs, events } of planned.values()) {
    for (const v of variants) v[0] = (v[0] as number) + firstVariant;
    for (const s of subs) {
      s[0] = (s[0] as number) + firstSubmission;
      s[1] = (s[1] as number) + firstVariant;
    }
    for (const e of events) if (e[5] !== null) e[5] = (e[5] as number) + firstVariant;
    // Student by student: the gradebook's triggers (migration 0003) then rebuild each student's row
    // about once, not once per batch of instances.
    ai.sort((x, y) => (x[2] as number) - (y[2] as number) || (x[0] as number) - (y[0] as number));
  }
  return planned;
}

async function insertHistory(tx: Queryable, { ai, iq, variants, subs, events }: HistoryRows): Promise<void> {
  await bulkInsert(tx, 'assessment_instances',
    { id: 'bigint', assessment_id: 'bigint', user_id: 'bigint', number: 'integer', open: 'boolean', date: 'timestamptz', date_limit: 'timestamptz', duration: 'interval', modified_at: 'timestamptz', max_points: 'float8', max_bonus_points: 'float8', points: 'float8', score_perc: 'float8', auth_user_id: 'bigint' },
    ai);
  await bulkInsert(tx, 'instance_questions',
    { id: 'bigint', assessment_instance_id: 'bigint', assessment_question_id: 'bigint', number: 'integer', points: 'float8', auto_points: 'float8', manual_points: 'float8', score_perc: 'float8', highest_submission_score: 'float8', last_submission_score: 'float8', number_attempts: 'integer', duration: 'interval', created_at: 'timestamptz' },
    iq);
  await bulkInsert(tx, 'variants',
    { id: 'bigint', instance_question_id: 'bigint', question_id: 'bigint', course_id: 'bigint', user_id: 'bigint', authn_user_id: 'bigint', number: 'integer', variant_seed: 'text', params: 'jsonb', true_answer: 'jsonb', options: 'jsonb', date: 'timestamptz', client_fingerprint_id: 'bigint' },
    variants);
  await bulkInsert(tx, 'submissions',
    { id: 'bigint', variant_id: 'bigint', auth_user_id: 'bigint', date: 'timestamptz', submitted_answer: 'jsonb', raw_submitted_answer: 'jsonb', params: 'jsonb', true_answer: 'jsonb', partial_scores: 'jsonb', credit: 'integer', mode: 'text', score: 'float8', correct: 'boolean', feedback: 'jsonb', grading_requested_at: 'timestamptz', graded_at: 'timestamptz', client_fingerprint_id: 'bigint' },
    subs);
  await bulkInsert(tx, 'events',
    { assessment_instance_id: 'bigint', event_name: 'text', date: 'timestamptz', auth_user_id: 'bigint', instance_question_id: 'bigint', variant_id: 'bigint', data: 'jsonb', client_fingerprint_id: 'bigint' },
    events);
}
