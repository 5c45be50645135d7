import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database';

// bigint (OID 20) as a string, as `pg` returns it, so that ids never lose precision.
const PARSERS = { 20: (value: string) => value };

// Values whose text form is the same whatever type the statement gives the parameter.
type Primitive = string | number | null | undefined;
const isPrimitive = (v: unknown): v is Primitive => v == null || typeof v === 'string' || typeof v === 'number';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Opens PGlite with its files in `dataDir` (in memory when undefined). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = new PGlite({ dataDir, parsers: PARSERS });
  await db.waitReady;
  const { serialize } = protocol;
  // PGlite's own query() makes six calls into the engine per query and parses and plans the text every
  // time. Queries run as named prepared statements instead (PGlite is one session, so they last), in
  // one call: bind, describe, execute, sync. Parameters go as text, typed by the statement, as `pg`
  // sends them; queries with other parameter values (arrays, dates) take PGlite's path.
  const prepared = new Map<string, string>();
  const fastQuery = <T>(sql: string, params: Primitive[]): Promise<T[]> =>
    db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        let name = prepared.get(sql);
        if (!name) {
          name = `s${prepared.size + 1}`;
          // Parsed on its own once, so that a statement is remembered only when it exists.
          await db.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.sync()]));
          prepared.set(sql, name);
        }
        const values = params.map((v) => (v == null ? null : String(v)));
        const { messages } = await db.execProtocol(
          concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        );
        return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as T[];
      }),
    );
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    query: async <T = Row>(sql: string, params?: unknown[]) => (await q.query<T>(sql, params)).rows,
  });
  return {
    kind: 'pglite',
    query: <T = Row>(sql: string, params: unknown[] = []) =>
      params.every(isPrimitive) ? fastQuery<T>(sql, params) : wrap(db).query<T>(sql, params),
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
