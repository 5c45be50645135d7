import type { Queryable } from '../db/database';

/** Takes `count` consecutive ids from a table's sequence, so rows can refer to each other before insertion. */
export async function reserveIds(db: Queryable, table: string, count: number): Promise<number> {
  if (count === 0) return 0;
  const rows = await db.query(
    `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS first,
       setval(pg_get_serial_sequence($1, 'id'), currval(pg_get_serial_sequence($1, 'id')) + $2 - 1) AS last`,
    [table, count],
  );
  return Number(rows[0].first);
}

const CHUNK = 2000;

/** Inserts many rows with one `unnest` statement per chunk (PostgreSQL and PGlite alike). */
export async function bulkInsert(
  db: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: unknown[][],
): Promise<void> {
  const names = Object.keys(columns);
  const types = Object.values(columns);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    // jsonb travels as text and is cast per element, since arrays of jsonb parameters are not portable.
    const params = names.map((_, c) => chunk.map((r) => (types[c] === 'jsonb' && r[c] != null ? JSON.stringify(r[c]) : r[c])));
    const selects = types.map((t, c) => (t === 'jsonb' ? `u.c${c}::jsonb` : `u.c${c}`));
    const unnests = types.map((t, c) => `$${c + 1}::${t === 'jsonb' ? 'text' : t}[]`);
    await db.query(
      `INSERT INTO ${table} (${names.join(', ')})
       SELECT ${selects.join(', ')} FROM unnest(${unnests.join(', ')}) AS u(${names.map((_, c) => `c${c}`).join(', ')})`,
      params,
    );
  }
}
