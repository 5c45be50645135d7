import type { InfoData } from '../../../lib/course';
import type { Queryable } from '../db/database';
import type { DiskCourse, SyncFile } from './diskCourse';
import { matchByUuidThenPath, type ExistingRow } from './matchEntities';
import { DEFAULT_ASSESSMENT_SETS, resolveNamed, writeNamed, type NamedEntity } from './namedEntities';
import { writeAssessmentContent } from './writeAssessment';
import { localDate } from './localDate';

export type Timer = <T>(label: string, fn: () => Promise<T>) => Promise<T>;

const messages = (list: string[]) => (list.length ? list.join('\n') : null);
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

async function writeQuestions(
  tx: Queryable,
  courseId: string,
  files: SyncFile<'question'>[],
  topicIds: Map<string, string>,
  tagIds: Map<string, string>,
): Promise<Map<string, string>> {
  const rows = await matchRows(tx, QUESTIONS, courseId, files);
  const byQid = new Map<string, string>();
  for (const [i, f] of files.entries()) {
    const data = f.data;
    const id = await rows.idOf(i);
    await tx.query(
      `UPDATE questions SET uuid = COALESCE($2, uuid), qid = $3, deleted_at = NULL, sync_errors = $4,
         sync_warnings = $5,
         title = CASE WHEN $6::boolean THEN $7 ELSE title END,
         type = CASE WHEN $6::boolean THEN $8 ELSE type END,
         topic_id = CASE WHEN $6::boolean THEN $9::bigint ELSE topic_id END
       WHERE id = $1`,
      [
        id,
        f.uuid ?? null,
        f.entry.id,
        messages(f.errors),
        messages(f.warnings),
        !!data,
        data?.title ?? null,
        data?.type ?? null,
        data ? (topicIds.get(data.topic) ?? null) : null,
      ],
    );
    if (data) {
      const tags: string[] = [...new Set<string>(data.tags ?? [])];
      await tx.query('DELETE FROM question_tags WHERE question_id = $1 AND NOT (tag_id = ANY($2::bigint[]))', [
        id,
        tags.map((t) => tagIds.get(t)),
      ]);
      for (const [n, tag] of tags.entries()) {
        await tx.query(
          `INSERT INTO question_tags (question_id, tag_id, number) VALUES ($1, $2, $3)
           ON CONFLICT (question_id, tag_id) DO UPDATE SET number = EXCLUDED.number`,
          [id, tagIds.get(tag), n + 1],
        );
      }
    }
    byQid.set(f.entry.id, id);
  }
  await rows.deleteUnmatched();
  return byQid;
}

const numberOrder = new Intl.Collator('en', { numeric: true });

async function writeAssessments(
  tx: Queryable,
  ciId: string,
  files: SyncFile<'assessment'>[],
  questionIds: Map<string, string>,
  setIds: Map<string, string>,
): Promise<void> {
  const rows = await matchRows(tx, ASSESSMENTS, ciId, files);
  // order_by ranks assessments by their number, as numbers where they are numeric.
  const ranked = files
    .map((f, i) => ({ i, number: String(f.data?.number ?? '') }))
    .sort((a, b) => numberOrder.compare(a.number, b.number));
  const orderBy = new Map(ranked.map((r, rank) => [r.i, rank + 1]));
  for (const [i, f] of files.entries()) {
    const data = f.data;
    const id = await rows.idOf(i);
    await tx.query(
      `UPDATE assessments SET uuid = COALESCE($2, uuid), tid = $3, deleted_at = NULL, sync_errors = $4,
         sync_warnings = $5,
         type = CASE WHEN $6::boolean THEN $7 ELSE type END,
         number = CASE WHEN $6::boolean THEN $8 ELSE number END,
         title = CASE WHEN $6::boolean THEN $9 ELSE title END,
         order_by = CASE WHEN $6::boolean THEN $10::integer ELSE order_by END,
         team_work = CASE WHEN $6::boolean THEN $11::boolean ELSE team_work END,
         assessment_set_id = CASE WHEN $6::boolean THEN $12::bigint
                                  ELSE COALESCE(assessment_set_id, $13::bigint) END
       WHERE id = $1`,
      [
        id,
        f.uuid ?? null,
        f.entry.id,
        messages(f.errors),
        messages(f.warnings),
        !!data,
        data?.type ?? null,
        data ? String(data.number) : null,
        data?.title ?? null,
        orderBy.get(i),
        !!(data?.groupWork || data?.groups),
        data ? (setIds.get(data.set) ?? null) : null,
        setIds.get('Unknown') ?? null,
      ],
    );
    if (data) await writeAssessmentContent(tx, id, data, questionIds);
  }
  await rows.deleteUnmatched();
}

/** A table of files synced by UUID, then path, within an owner (a course's questions, an instance's assessments). */
interface SyncedTable {
  table: 'questions' | 'assessments';
  owner: 'course_id' | 'course_instance_id';
  path: 'qid' | 'tid';
}

const QUESTIONS: SyncedTable = { table: 'questions', owner: 'course_id', path: 'qid' };
const ASSESSMENTS: SyncedTable = { table: 'assessments', owner: 'course_instance_id', path: 'tid' };

/**
 * The owner's rows paired with the files (deleted rows first, so a file comes back to its old row). Rows are
 * inserted one file at a time, as each file is written; rows no file took are soft-deleted at the end.
 */
async function matchRows(tx: Queryable, t: SyncedTable, ownerId: string, files: SyncFile[]) {
  const existing = await tx.query<ExistingRow>(
    `SELECT id, uuid::text AS uuid, ${t.path} AS path FROM ${t.table} WHERE ${t.owner} = $1 ORDER BY deleted_at DESC NULLS FIRST, id`,
    [ownerId],
  );
  const { ids, unmatched } = matchByUuidThenPath(files, existing, (f) => ({ uuid: f.uuid, path: f.entry.id }));
  return {
    async idOf(i: number): Promise<string> {
      ids[i] ??= (
        await tx.query(`INSERT INTO ${t.table} (${t.owner}, uuid, ${t.path}) VALUES ($1, $2, $3) RETURNING id`, [
          ownerId,
          files[i].uuid ?? null,
          files[i].entry.id,
        ])
      )[0].id as string;
      return ids[i];
    },
    async deleteUnmatched(): Promise<void> {
      if (!unmatched.length) return;
      await tx.query(`UPDATE ${t.table} SET deleted_at = now() WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL`, [
        unmatched.map((r) => r.id),
      ]);
    },
  };
}
