import type { Queryable } from '../db/database';

/** A topic, tag or assessment set as the course declares it (or as it is created when only used). */
export interface NamedEntity {
  name: string;
  color: string;
  description?: string;
  abbreviation?: string;
  heading?: string;
  implicit: boolean;
}

/** PrairieLearn's built-in assessment sets, added when used but not declared. */
export const DEFAULT_ASSESSMENT_SETS: NamedEntity[] = [
  ['HW', 'Homework', 'Homeworks', 'green1'],
  ['Q', 'Quiz', 'Quizzes', 'red1'],
  ['PQ', 'Practice Quiz', 'Practice Quizzes', 'pink1'],
  ['E', 'Exam', 'Exams', 'brown1'],
  ['PE', 'Practice Exam', 'Practice Exams', 'yellow1'],
  ['P', 'Prep', 'Preparation', 'gray1'],
  ['MP', 'Machine Problem', 'Machine Problems', 'turquoise1'],
  ['WS', 'Worksheet', 'Worksheets', 'purple1'],
  ['U', 'Unknown', 'Unknown', 'red3'],
].map(([abbreviation, name, heading, color]) => ({ abbreviation, name, heading, color, implicit: false }));

/**
 * Declared entities first (the last of duplicate names wins), then used built-ins, then names only
 * used (sorted), which get PrairieLearn's implicit defaults.
 */
export function resolveNamed(
  declared: readonly Omit<NamedEntity, 'implicit'>[] | undefined,
  used: Set<string>,
  builtIns: NamedEntity[],
  implicit: (name: string) => NamedEntity,
): NamedEntity[] {
  const byName = new Map<string, NamedEntity>();
  for (const d of declared ?? []) {
    if (!d || typeof d.name !== 'string') continue;
    byName.delete(d.name);
    byName.set(d.name, {
      name: d.name,
      color: d.color,
      description: d.description,
      abbreviation: d.abbreviation,
      heading: d.heading,
      implicit: false,
    });
  }
  for (const b of builtIns) if (used.has(b.name) && !byName.has(b.name)) byName.set(b.name, b);
  for (const name of [...used].sort()) if (!byName.has(name)) byName.set(name, implicit(name));
  return [...byName.values()];
}

/**
 * Upserts the entities with numbers in list order and returns name → id. Rows no longer listed are
 * removed only when `prune` is set and nothing refers to them.
 */
export async function writeNamed(
  tx: Queryable,
  table: 'topics' | 'tags' | 'assessment_sets',
  courseId: string,
  entities: NamedEntity[],
  prune: { refTable: string; refColumn: string } | undefined,
): Promise<Map<string, string>> {
  // One statement for all of them, numbered in list order (ids too: the rows are inserted in that order).
  const column = <T>(of: (e: NamedEntity) => T) => entities.map(of);
  const numbers = entities.map((_, i) => i + 1);
  if (table === 'assessment_sets') {
    await tx.query(
      `INSERT INTO assessment_sets (course_id, name, abbreviation, heading, color, number, implicit)
       SELECT $1, e.name, e.abbreviation, e.heading, e.color, e.number, e.implicit
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::boolean[])
         WITH ORDINALITY AS e(name, abbreviation, heading, color, number, implicit, ord) ORDER BY e.ord
       ON CONFLICT (course_id, name) DO UPDATE SET abbreviation = EXCLUDED.abbreviation,
         heading = EXCLUDED.heading, color = EXCLUDED.color, number = EXCLUDED.number, implicit = EXCLUDED.implicit`,
      [
        courseId,
        column((e) => e.name),
        column((e) => e.abbreviation ?? e.name),
        column((e) => e.heading ?? e.name),
        column((e) => e.color ?? 'gray1'),
        numbers,
        column((e) => e.implicit),
      ],
    );
  } else {
    await tx.query(
      `INSERT INTO ${table} (course_id, name, color, description, number, implicit)
       SELECT $1, e.name, e.color, e.description, e.number, e.implicit
       FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::boolean[])
         WITH ORDINALITY AS e(name, color, description, number, implicit, ord) ORDER BY e.ord
       ON CONFLICT (course_id, name) DO UPDATE SET color = EXCLUDED.color, description = EXCLUDED.description,
         number = EXCLUDED.number, implicit = EXCLUDED.implicit`,
      [courseId, column((e) => e.name), column((e) => e.color ?? 'gray1'), column((e) => e.description ?? null), numbers, column((e) => e.implicit)],
    );
  }
  if (prune) {
    await tx.query(
      `DELETE FROM ${table} t WHERE t.course_id = $1 AND NOT (t.name = ANY($2::text[]))
         AND NOT EXISTS (SELECT 1 FROM ${prune.refTable} r WHERE r.${prune.refColumn} = t.id)`,
      [courseId, entities.map((e) => e.name)],
    );
  }
  const rows = await tx.query<{ id: string; name: string }>(`SELECT id, name FROM ${table} WHERE course_id = $1`, [
    courseId,
  ]);
  return new Map(rows.map((r) => [r.name, r.id]));
}
