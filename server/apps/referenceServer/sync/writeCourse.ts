import type { InfoData } from '../../../lib/course';
import type { Queryable } from '../db/database';
import type { DiskCourse } from './diskCourse';
import { matchByUuidThenPath, type ExistingRow } from './matchEntities';
import { DEFAULT_ASSESSMENT_SETS, resolveNamed, writeNamed, type NamedEntity } from './namedEntities';
import { writeAssessments } from './writeAssessment';
import { writeQuestions } from './writeQuestions';
import { localDate } from './localDate';
import { messages } from './syncedRows';

export type Timer = <T>(label: string, fn: () => Promise<T>) => Promise<T>;

const implicitNamed = (name: string): NamedEntity => ({ name, color: 'gray1', description: name, implicit: true });
const implicitSet = (name: string): NamedEntity => ({ name, abbreviation: name, heading: name, color: 'gray1', implicit: true });

/**
 * Writes what is on disk to the database in one transaction: entities are matched by UUID then path,
 * updated or added; rows with no file are soft-deleted; a file with errors records its messages but
 * keeps the entity's last good data.
 */
export async function writeCourse(tx: Queryable, courseId: string, disk: DiskCourse, timed: Timer): Promise<void> {
  const info = disk.info.data;
  const courseRow = (await tx.query('SELECT display_timezone FROM courses WHERE id = $1', [courseId]))[0];
  const courseTimezone: string = info?.timezone ?? courseRow.display_timezone;

  await timed('Synced course info', () =>
    tx.query(
      `UPDATE courses SET sync_errors = $2, sync_warnings = $3,
         title = CASE WHEN $4::boolean THEN $5 ELSE title END,
         short_name = CASE WHEN $4::boolean THEN $6 ELSE short_name END,
         display_timezone = $7
       WHERE id = $1`,
      [courseId, messages(disk.info.errors), messages(disk.info.warnings), !!info, info?.title ?? null, info?.name ?? null, courseTimezone],
    ),
  );

  const ciIds = await timed('Synced course instances', () => writeCourseInstances(tx, courseId, disk, courseTimezone));

  const validQuestions = disk.questions.flatMap((q) => q.data ?? []);
  const topicIds = await timed('Synced topics', () =>
    writeNamed(
      tx,
      'topics',
      courseId,
      resolveNamed(info?.topics, new Set(validQuestions.map((q) => q.topic).filter(Boolean)), [], implicitNamed),
      info && !disk.hasErrors ? { refTable: 'questions', refColumn: 'topic_id' } : undefined,
    ),
  );
  const tagIds = await timed('Synced tags', () =>
    writeNamed(
      tx,
      'tags',
      courseId,
      resolveNamed(info?.tags, new Set(validQuestions.flatMap((q) => q.tags ?? [])), [], implicitNamed),
      info && !disk.hasErrors ? { refTable: 'question_tags', refColumn: 'tag_id' } : undefined,
    ),
  );
  const questionIds = await timed('Synced questions', () => writeQuestions(tx, courseId, disk.questions, topicIds, tagIds));

  const allAssessments = disk.courseInstances.flatMap((ci) => ci.assessments);
  const usedSets = new Set(allAssessments.map((a) => a.data?.set).filter((set): set is string => !!set));
  if (disk.info.errors.length || allAssessments.some((a) => a.errors.length)) usedSets.add('Unknown');
  const setIds = await timed('Synced assessment sets', () =>
    writeNamed(
      tx,
      'assessment_sets',
      courseId,
      resolveNamed(info?.assessmentSets, usedSets, DEFAULT_ASSESSMENT_SETS, implicitSet),
      info && !disk.hasErrors ? { refTable: 'assessments', refColumn: 'assessment_set_id' } : undefined,
    ),
  );

  await timed('Synced all assessments', async () => {
    for (const [i, ci] of disk.courseInstances.entries()) {
      await timed(`Synced assessments for ${ci.file.entry.id}`, () =>
        writeAssessments(tx, ciIds[i], ci.assessments, questionIds, setIds),
      );
    }
  });
}

async function writeCourseInstances(
  tx: Queryable,
  courseId: string,
  disk: DiskCourse,
  courseTimezone: string,
): Promise<string[]> {
  const rows = await tx.query<ExistingRow>(
    'SELECT id, uuid::text AS uuid, short_name AS path FROM course_instances WHERE course_id = $1 ORDER BY id',
    [courseId],
  );
  const files = disk.courseInstances.map((ci) => ci.file);
  const { ids, unmatched } = matchByUuidThenPath(files, rows, (f) => ({ uuid: f.uuid, path: f.entry.id }));
  const out: string[] = [];
  for (const [i, f] of files.entries()) {
    const data = f.data;
    const timezone = data?.timezone ?? courseTimezone;
    let id = ids[i];
    if (!id) {
      id = (
        await tx.query(
          `INSERT INTO course_instances (course_id, uuid, short_name, long_name, display_timezone)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [courseId, f.uuid ?? null, f.entry.id, data?.longName ?? null, timezone],
        )
      )[0].id as string;
    }
    await tx.query(
      `UPDATE course_instances SET uuid = COALESCE($2, uuid), short_name = $3, deleted_at = NULL,
         sync_errors = $4, sync_warnings = $5,
         long_name = CASE WHEN $6::boolean THEN $7 ELSE long_name END,
         display_timezone = CASE WHEN $6::boolean THEN $8 ELSE display_timezone END,
         publishing_start_date = CASE WHEN $6::boolean THEN $9::timestamp AT TIME ZONE $8 ELSE publishing_start_date END,
         publishing_end_date = CASE WHEN $6::boolean THEN $10::timestamp AT TIME ZONE $8 ELSE publishing_end_date END
       WHERE id = $1`,
      [
        id,
        f.uuid ?? null,
        f.entry.id,
        messages(f.errors),
        messages(f.warnings),
        !!data,
        data?.longName ?? null,
        timezone,
        localDate(data?.publishing?.startDate),
        localDate(data?.publishing?.endDate),
      ],
    );
    if (data) await writeCourseInstanceAccessRules(tx, id, data.allowAccess, timezone);
    out.push(id);
  }
  if (unmatched.length) {
    await tx.query('UPDATE course_instances SET deleted_at = now() WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL', [
      unmatched.map((r) => r.id),
    ]);
  }
  return out;
}

async function writeCourseInstanceAccessRules(tx: Queryable, ciId: string, rules: InfoData['courseInstance']['allowAccess'], tz: string) {
  await tx.query('DELETE FROM course_instance_access_rules WHERE course_instance_id = $1', [ciId]);
  for (const [i, r] of (rules ?? []).entries()) {
    await tx.query(
      `INSERT INTO course_instance_access_rules (course_instance_id, number, uids, start_date, end_date, institution)
       VALUES ($1, $2, $3, $4::timestamp AT TIME ZONE $6, $5::timestamp AT TIME ZONE $6, $7)`,
      [ciId, i + 1, r.uids ?? null, localDate(r.startDate), localDate(r.endDate), tz, r.institution ?? null],
    );
  }
}
