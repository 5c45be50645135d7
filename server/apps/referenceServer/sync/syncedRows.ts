import type { Queryable } from '../db/database';
import type { SyncFile } from './diskCourse';
import { matchByUuidThenPath, type ExistingRow } from './matchEntities';

/** A table of files synced by UUID, then path, within an owner (a course's questions, an instance's assessments). */
export interface SyncedTable {
  table: 'questions' | 'assessments';
  owner: 'course_id' | 'course_instance_id';
  path: 'qid' | 'tid';
}

export const QUESTIONS: SyncedTable = { table: 'questions', owner: 'course_id', path: 'qid' };
export const ASSESSMENTS: SyncedTable = { table: 'assessments', owner: 'course_instance_id', path: 'tid' };

/** A file's errors or warnings as one column value: joined by newlines, NULL when there are none. */
export const messages = (list: string[]): string | null => (list.length ? list.join('\n') : null);

/**
 * The row id of each file: the owner's rows paired with the files (deleted rows first, so a file comes back
 * to its old row), and a new row for every other file, in file order, all in one statement (a sync of a
 * large course adds thousands). `deleteUnmatched` soft-deletes the rows no file took.
 */
export async function syncedRowIds(
  tx: Queryable,
  t: SyncedTable,
  ownerId: string,
  files: SyncFile[],
): Promise<{ ids: string[]; deleteUnmatched: () => Promise<void> }> {
  const existing = await tx.query<ExistingRow>(
    `SELECT id, uuid::text AS uuid, ${t.path} AS path FROM ${t.table} WHERE ${t.owner} = $1 ORDER BY deleted_at DESC NULLS FIRST, id`,
    [ownerId],
  );
  const { ids, unmatched } = matchByUuidThenPath(files, existing, (f) => ({ uuid: f.uuid, path: f.entry.id }));
  const missing = files.flatMap((_f, i) => (ids[i] ? [] : [i]));
  if (missing.length) {
    // Ordered, so that ids are given in file order; returned with their ordinal, since RETURNING keeps no order.
    const added = await tx.query<{ id: string; ord: string }>(
      `WITH new AS (
         SELECT v.uuid, v.path, v.ord FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS v(uuid, path, ord)
       ), ins AS (
         INSERT INTO ${t.table} (${t.owner}, uuid, ${t.path}) SELECT $1, uuid, path FROM new ORDER BY ord RETURNING id, ${t.path} AS path
       )
       SELECT ins.id, new.ord FROM ins JOIN new ON new.path = ins.path`,
      [ownerId, missing.map((i) => files[i].uuid ?? null), missing.map((i) => files[i].entry.id)],
    );
    if (added.length !== missing.length) throw new Error(`${t.table}: ${missing.length} rows to add, ${added.length} added (two files with one path?)`);
    for (const row of added) ids[missing[Number(row.ord) - 1]] = row.id;
  }
  return {
    ids: ids as string[],
    async deleteUnmatched(): Promise<void> {
      if (!unmatched.length) return;
      await tx.query(`UPDATE ${t.table} SET deleted_at = now() WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL`, [
        unmatched.map((r) => r.id),
      ]);
    },
  };
}
