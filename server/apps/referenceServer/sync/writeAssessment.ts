import type { InfoData } from '../../../lib/course';
import type { Queryable } from '../db/database';
import { localDate } from './localDate';

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

/** Zones, alternative groups, assessment questions and access rules of one error-free assessment. */
export async function writeAssessmentContent(
  tx: Queryable,
  assessmentId: string,
  data: AssessmentData,
  questionIds: Map<string, string>,
): Promise<void> {
  const kept: string[] = [];
  let groupNumber = 0;
  let questionNumber = 0;
  for (const [zi, zone] of (data.zones ?? []).entries()) {
    const zoneId = (
      await tx.query(
        `INSERT INTO zones (assessment_id, number, title, number_choose) VALUES ($1, $2, $3, $4)
         ON CONFLICT (assessment_id, number) DO UPDATE SET title = EXCLUDED.title,
           number_choose = EXCLUDED.number_choose RETURNING id`,
        [assessmentId, zi + 1, zone.title ?? null, zone.numberChoose ?? null],
      )
    )[0].id;
    for (const q of zone.questions ?? []) {
      const alternatives: (ZoneQuestion | Alternative)[] = q.alternatives ?? [q];
      groupNumber++;
      const groupId = (
        await tx.query(
          `INSERT INTO alternative_groups (assessment_id, zone_id, number, number_choose) VALUES ($1, $2, $3, $4)
           ON CONFLICT (assessment_id, number) DO UPDATE SET zone_id = EXCLUDED.zone_id,
             number_choose = EXCLUDED.number_choose RETURNING id`,
          [assessmentId, zoneId, groupNumber, q.numberChoose ?? 1],
        )
      )[0].id;
      for (const [ai, alt] of alternatives.entries()) {
        const questionId = alt.id === undefined ? undefined : questionIds.get(alt.id);
        if (!questionId) continue;
        questionNumber++;
        const p = slotPoints(data.type, q, alt === q ? {} : alt);
        await tx.query(
          `INSERT INTO assessment_questions (assessment_id, question_id, alternative_group_id,
             number_in_alternative_group, number, max_points, max_auto_points, max_manual_points, init_points)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (assessment_id, question_id) DO UPDATE SET alternative_group_id = EXCLUDED.alternative_group_id,
             number_in_alternative_group = EXCLUDED.number_in_alternative_group, number = EXCLUDED.number,
             max_points = EXCLUDED.max_points, max_auto_points = EXCLUDED.max_auto_points,
             max_manual_points = EXCLUDED.max_manual_points, init_points = EXCLUDED.init_points, deleted_at = NULL`,
          [assessmentId, questionId, groupId, ai + 1, questionNumber, p.max, p.maxAuto, p.manual, p.init],
        );
        kept.push(questionId);
      }
    }
  }
  await tx.query(
    `UPDATE assessment_questions SET deleted_at = now()
     WHERE assessment_id = $1 AND deleted_at IS NULL AND NOT (question_id = ANY($2::bigint[]))`,
    [assessmentId, kept],
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
