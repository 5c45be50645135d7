import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database';

// bigint (OID 20) as a string, as `pg` returns it, so that ids never lose precision.
const PARSERS = { 20: (value: string) => value };

export async function openPglite(dataDir?: string): Promise<Database> {
  const db = new PGlite({ dataDir, parsers: PARSERS });
  await db.waitReady;
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    query: async <T = Row>(sql: string, params?: unknown[]) => (await q.query<T>(sql, params)).rows,
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
