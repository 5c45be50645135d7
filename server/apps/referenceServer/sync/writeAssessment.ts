import type { InfoData } from '../../../lib/course';
import type { Queryable } from '../db/database';
import { localDate } from './localDate';
import type { SyncFile } from './diskCourse';
import { ASSESSMENTS, messages, syncedRowIds } from './syncedRows';

type AssessmentData = InfoData['assessment'];
type ZoneQuestion = NonNullable<AssessmentData['zones']>[number]['questions'][number];
type Alternative = NonNullable<ZoneQuestion['alternatives']>[number];

const first = (points: unknown): number | null =>
  Array.isArray(points) ? (typeof points[0] === 'number' ? points[0] : null) : typeof points === 'number' ? points : null;

/** Points of one question slot; an alternative inherits what it does not set from its group. */
function slotPoints(type: string, q: ZoneQuestion, alt: Partial<Alternative>) {
  const auto = alt.autoPoints ?? alt.points ?? q.autoPoints ?? q.points ?? null;
  const manual: number = alt.manualPoints ?? q.manualPoints ?? 0;
  const init = first(auto);
  const maxAuto =
    type === 'Homework'
      ? (alt.maxAutoPoints ?? alt.maxPoints ?? q.maxAutoPoints ?? q.maxPoints ?? init)
      : Array.isArray(auto)
        ? auto.filter((p: unknown): p is number => typeof p === 'number').reduce((a: number, b: number) => Math.max(a, b), -Infinity)
        : init;
  return {
    init,
    maxAuto: maxAuto ?? 0,
    manual,
    max: (maxAuto ?? 0) + manual,
  };
}

const numberOrder = new Intl.Collator('en', { numeric: true });

/**
 * A course instance's assessments: their rows in one statement, then each error-free one's content. A file
 * with errors keeps its assessment's last good data; its set falls back to Unknown when it has none.
 */
export async function writeAssessments(
  tx: Queryable,
  ciId: string,
  files: SyncFile<'assessment'>[],
  questionIds: Map<string, string>,
  setIds: Map<string, string>,
): Promise<void> {
  const { ids, deleteUnmatched } = await syncedRowIds(tx, ASSESSMENTS, ciId, files);
  // order_by ranks assessments by their number, as numbers where they are numeric.
  const ranked = files
    .map((f, i) => ({ i, number: String(f.data?.number ?? '') }))
    .sort((a, b) => numberOrder.compare(a.number, b.number));
  const orderBy = new Map(ranked.map((r, rank) => [r.i, rank + 1]));
  const column = <T>(of: (f: SyncFile<'assessment'>, i: number) => T) => files.map(of);
  await tx.query(
    `UPDATE assessments a SET uuid = COALESCE(v.uuid, a.uuid), tid = v.tid, deleted_at = NULL, sync_errors = v.errors,
       sync_warnings = v.warnings,
       type = CASE WHEN v.ok THEN v.type ELSE a.type END,
       number = CASE WHEN v.ok THEN v.number ELSE a.number END,
       title = CASE WHEN v.ok THEN v.title ELSE a.title END,
       order_by = CASE WHEN v.ok THEN v.order_by ELSE a.order_by END,
       team_work = CASE WHEN v.ok THEN v.team_work ELSE a.team_work END,
       assessment_set_id = CASE WHEN v.ok THEN v.set_id ELSE COALESCE(a.assessment_set_id, $1::bigint) END
     FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[], $10::text[],
                 $11::integer[], $12::boolean[], $13::bigint[])
       AS v(id, uuid, tid, errors, warnings, ok, type, number, title, order_by, team_work, set_id)
     WHERE a.id = v.id`,
    [
      setIds.get('Unknown') ?? null,
      ids,
      column((f) => f.uuid ?? null),
      column((f) => f.entry.id),
      column((f) => messages(f.errors)),
      column((f) => messages(f.warnings)),
      column((f) => !!f.data),
      column((f) => f.data?.type ?? null),
      column((f) => (f.data ? String(f.data.number) : null)),
      column((f) => f.data?.title ?? null),
      column((_, i) => orderBy.get(i)),
      column((f) => !!(f.data?.groupWork || f.data?.groups)),
      column((f) => (f.data ? (setIds.get(f.data.set) ?? null) : null)),
    ],
  );
  for (const [i, f] of files.entries()) if (f.data) await writeAssessmentContent(tx, ids[i], f.data, questionIds);
  await deleteUnmatched();
}

/** Upserts rows keyed by (assessment_id, number) in one statement; returns number → id. */
async function upsertNumbered(tx: Queryable, sql: string, params: unknown[]): Promise<Map<number, string>> {
  const rows = await tx.query<{ id: string; number: number }>(sql, params);
  return new Map(rows.map((r) => [Number(r.number), r.id]));
}

/**
 * Zones, alternative groups, assessment questions and access rules of one error-free assessment: a statement
 * per kind of row. A question listed twice keeps its first row's place and its last slot's values, as
 * writing the slots one by one would.
 */
export async function writeAssessmentContent(
  tx: Queryable,
  assessmentId: string,
  data: AssessmentData,
  questionIds: Map<string, string>,
): Promise<void> {
  const zones = data.zones ?? [];
  const groups: { number: number; zone: number; numberChoose: number }[] = [];
  const slots = new Map<string, { questionId: string; group: number; inGroup: number; number: number; p: ReturnType<typeof slotPoints> }>();
  let questionNumber = 0;
  for (const [zi, zone] of zones.entries()) {
    for (const q of zone.questions ?? []) {
      const alternatives: (ZoneQuestion | Alternative)[] = q.alternatives ?? [q];
      const group = groups.length + 1;
      groups.push({ number: group, zone: zi + 1, numberChoose: q.numberChoose ?? 1 });
      for (const [ai, alt] of alternatives.entries()) {
        const questionId = alt.id === undefined ? undefined : questionIds.get(alt.id);
        if (!questionId) continue;
        questionNumber++;
        const slot = { questionId, group, inGroup: ai + 1, number: questionNumber, p: slotPoints(data.type, q, alt === q ? {} : alt) };
        slots.set(questionId, slot);
      }
    }
  }
  const zoneIds = zones.length
    ? await upsertNumbered(
        tx,
        `INSERT INTO zones (assessment_id, number, title, number_choose)
         SELECT $1, z.number, z.title, z.number_choose
         FROM unnest($2::integer[], $3::text[], $4::integer[]) WITH ORDINALITY AS z(number, title, number_choose, ord) ORDER BY z.ord
         ON CONFLICT (assessment_id, number) DO UPDATE SET title = EXCLUDED.title,
           number_choose = EXCLUDED.number_choose RETURNING id, number`,
        [assessmentId, zones.map((_, zi) => zi + 1), zones.map((z) => z.title ?? null), zones.map((z) => z.numberChoose ?? null)],
      )
    : new Map<number, string>();
  const groupIds = groups.length
    ? await upsertNumbered(
        tx,
        `INSERT INTO alternative_groups (assessment_id, zone_id, number, number_choose)
         SELECT $1, g.zone_id, g.number, g.number_choose
         FROM unnest($2::bigint[], $3::integer[], $4::integer[]) WITH ORDINALITY AS g(zone_id, number, number_choose, ord) ORDER BY g.ord
         ON CONFLICT (assessment_id, number) DO UPDATE SET zone_id = EXCLUDED.zone_id,
           number_choose = EXCLUDED.number_choose RETURNING id, number`,
        [assessmentId, groups.map((g) => zoneIds.get(g.zone)), groups.map((g) => g.number), groups.map((g) => g.numberChoose)],
      )
    : new Map<number, string>();
  const list = [...slots.values()];
  if (list.length) {
    const column = <T>(of: (s: (typeof list)[number]) => T) => list.map(of);
    await tx.query(
      `INSERT INTO assessment_questions (assessment_id, question_id, alternative_group_id,
         number_in_alternative_group, number, max_points, max_auto_points, max_manual_points, init_points)
       SELECT $1, s.question_id, s.group_id, s.in_group, s.number, s.max_points, s.max_auto_points, s.max_manual_points, s.init_points
       FROM unnest($2::bigint[], $3::bigint[], $4::integer[], $5::integer[], $6::double precision[], $7::double precision[],
                   $8::double precision[], $9::double precision[])
         WITH ORDINALITY AS s(question_id, group_id, in_group, number, max_points, max_auto_points, max_manual_points, init_points, ord)
       ORDER BY s.ord
       ON CONFLICT (assessment_id, question_id) DO UPDATE SET alternative_group_id = EXCLUDED.alternative_group_id,
         number_in_alternative_group = EXCLUDED.number_in_alternative_group, number = EXCLUDED.number,
         max_points = EXCLUDED.max_points, max_auto_points = EXCLUDED.max_auto_points,
         max_manual_points = EXCLUDED.max_manual_points, init_points = EXCLUDED.init_points, deleted_at = NULL`,
      [
        assessmentId,
        column((s) => s.questionId),
        column((s) => groupIds.get(s.group)),
        column((s) => s.inGroup),
        column((s) => s.number),
        column((s) => s.p.max),
        column((s) => s.p.maxAuto),
        column((s) => s.p.manual),
        column((s) => s.p.init),
      ],
    );
  }
  await tx.query(
    `UPDATE assessment_questions SET deleted_at = now()
     WHERE assessment_id = $1 AND deleted_at IS NULL AND NOT (question_id = ANY($2::bigint[]))`,
    [assessmentId, list.map((s) => s.questionId)],
  );

  await tx.query('DELETE FROM assessment_access_rules WHERE assessment_id = $1', [assessmentId]);
  for (const [i, r] of (data.allowAccess ?? []).entries()) {
    await tx.query(
      `INSERT INTO assessment_access_rules (assessment_id, number, mode, uids, start_date, end_date, credit,
         time_limit_min, password, exam_uuid, show_closed_assessment, show_closed_assessment_score, active)
       SELECT $1, $2, $3, $4, $5::timestamp AT TIME ZONE ci.display_timezone,
         $6::timestamp AT TIME ZONE ci.display_timezone, $7, $8, $9, $10, $11, $12, $13
       FROM assessments a JOIN course_instances ci ON ci.id = a.course_instance_id WHERE a.id = $1`,
      [
        assessmentId,
        i + 1,
        r.mode ?? null,
        r.uids ?? null,
        localDate(r.startDate),
        localDate(r.endDate),
        r.credit ?? null,
        r.timeLimitMin ?? null,
        r.password ?? null,
        r.examUuid ?? null,
        r.showClosedAssessment ?? true,
        r.showClosedAssessmentScore ?? true,
        r.active ?? true,
      ],
    );
  }
}
