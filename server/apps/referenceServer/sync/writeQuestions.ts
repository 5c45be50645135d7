import type { Queryable } from '../db/database';
import type { SyncFile } from './diskCourse';
import { messages, QUESTIONS, syncedRowIds } from './syncedRows';


/**
 * The course's questions and their tags, a statement per kind of row rather than per question (a statement
 * costs about the same for one row as for hundreds). A question whose file has errors keeps its last good
 * title, type, topic and tags. Returns QID → question id.
 */
export async function writeQuestions(
  tx: Queryable,
  courseId: string,
  files: SyncFile<'question'>[],
  topicIds: Map<string, string>,
  tagIds: Map<string, string>,
): Promise<Map<string, string>> {
  const { ids, deleteUnmatched } = await syncedRowIds(tx, QUESTIONS, courseId, files);
  const column = <T>(of: (f: SyncFile<'question'>) => T) => files.map(of);
  await tx.query(
    `UPDATE questions q SET uuid = COALESCE(v.uuid, q.uuid), qid = v.qid, deleted_at = NULL, sync_errors = v.errors,
       sync_warnings = v.warnings,
       title = CASE WHEN v.ok THEN v.title ELSE q.title END,
       type = CASE WHEN v.ok THEN v.type ELSE q.type END,
       topic_id = CASE WHEN v.ok THEN v.topic_id ELSE q.topic_id END
     FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::bigint[])
       AS v(id, uuid, qid, errors, warnings, ok, title, type, topic_id)
     WHERE q.id = v.id`,
    [
      ids,
      column((f) => f.uuid ?? null),
      column((f) => f.entry.id),
      column((f) => messages(f.errors)),
      column((f) => messages(f.warnings)),
      column((f) => !!f.data),
      column((f) => f.data?.title ?? null),
      column((f) => f.data?.type ?? null),
      column((f) => (f.data ? (topicIds.get(f.data.topic) ?? null) : null)),
    ],
  );
  // Tags of the questions whose files have no errors: (question, tag, number) in file and tag order.
  const tagged = { questions: [] as string[], question: [] as string[], tag: [] as (string | null)[], number: [] as number[] };
  for (const [i, f] of files.entries()) {
    if (!f.data) continue;
    tagged.questions.push(ids[i]);
    for (const [n, tag] of [...new Set<string>(f.data.tags ?? [])].entries()) {
      tagged.question.push(ids[i]);
      tagged.tag.push(tagIds.get(tag) ?? null);
      tagged.number.push(n + 1);
    }
  }
  if (tagged.questions.length) {
    await tx.query(
      `DELETE FROM question_tags qt WHERE qt.question_id = ANY($1::bigint[])
         AND NOT EXISTS (SELECT 1 FROM unnest($2::bigint[], $3::bigint[]) AS k(question_id, tag_id)
                         WHERE k.question_id = qt.question_id AND k.tag_id = qt.tag_id)`,
      [tagged.questions, tagged.question, tagged.tag],
    );
  }
  if (tagged.question.length) {
    await tx.query(
      `INSERT INTO question_tags (question_id, tag_id, number)
       SELECT k.question_id, k.tag_id, k.number
       FROM unnest($1::bigint[], $2::bigint[], $3::integer[]) WITH ORDINALITY AS k(question_id, tag_id, number, ord) ORDER BY k.ord
       ON CONFLICT (question_id, tag_id) DO UPDATE SET number = EXCLUDED.number`,
      [tagged.question, tagged.tag, tagged.number],
    );
  }
  await deleteUnmatched();
  return new Map(files.map((f, i) => [f.entry.id, ids[i]]));
}
