import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, Row } from './database';

export async function openPostgres(url: string): Promise<Database> {
  // No JIT: it compiles the gradebook's per-student subqueries for 0.6 s to save milliseconds (the
  // API's queries are short; JIT only pays for long analytical ones).
  const pool = new pg.Pool({ connectionString: url, max: 16, options: '-c jit=off' });
  // Fail at start-up, not on the first request, when the server is unreachable.
  (await pool.connect()).release();
  // Parameterised statements are prepared once per connection (named by their text's hash): the
  // API's small queries spend most of their time in parsing and planning otherwise.
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = 's' + createHash('sha1').update(sql).digest('hex').slice(0, 20)));
    return name;
  };
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T = Row>(sql: string, params?: unknown[]) =>
      (await (params?.length ? q.query({ name: nameOf(sql), text: sql, values: params }) : q.query(sql))).rows as T[],
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
