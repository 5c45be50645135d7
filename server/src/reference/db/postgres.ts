import pg from 'pg';
import type { Database, Queryable, Row } from './database';

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  // Fail at start-up, not on the first request, when the server is unreachable.
  (await pool.connect()).release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T = Row>(sql: string, params?: unknown[]) => (await q.query(sql, params as any[])).rows as T[],
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
