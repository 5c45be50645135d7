import * as fs from 'node:fs';
import * as path from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database';

// bigint (OID 20) as a string, as `pg` returns it, so that ids never lose precision.
const PARSERS = { 20: (value: string) => value };

// Values whose text form is the same whatever type the statement gives the parameter: as `pg` sends them
// (true as 'true'; a flat array as an array literal with each element quoted), so that the sync's and the
// seed's queries, which pass flags and id lists, take the fast path below.
type Scalar = string | number | boolean | null | undefined;
type Primitive = Scalar | Scalar[];
const isScalar = (v: unknown): v is Scalar => v == null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isPrimitive = (v: unknown): v is Primitive => isScalar(v) || (Array.isArray(v) && v.every(isScalar));
const quoted = (v: Scalar) => (v == null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
const asText = (v: Primitive): string | null => (v == null ? null : Array.isArray(v) ? `{${v.map(quoted).join(',')}}` : String(v));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// PostgreSQL zeroes its shared buffers when it starts, in one WebAssembly call: initdb's 128 MB took 1-3 s of
// every start (most of PGlite's open). A course's database is a few tens of MB and pages that do not fit are
// read back from the operating system's cache, so 16 MB costs the sync and the seed nothing measurable.
export const SHARED_BUFFERS = '16MB';

/** PGlite's own start parameters (it replaces them all when given any), plus the smaller shared buffers. */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${SHARED_BUFFERS}`,
];

let compiling: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * Starts compiling PGlite's engine (9 MB of WebAssembly), once per process. V8 compiles on its own threads,
 * so a caller that starts it before other work (unpacking the empty database) gets the two side by side.
 * Undefined when it cannot: PGlite then compiles it itself, as without this.
 */
export function compilePglite(): Promise<WebAssembly.Module | undefined> {
  compiling ??= (async () => {
    try {
      return await WebAssembly.compile(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiling;
}

/** Opens PGlite with its files in `dataDir` (in memory when undefined). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pgliteWasmModule = await compilePglite();
  const db = new PGlite({ dataDir, parsers: PARSERS, startParams: START_PARAMS, ...(pgliteWasmModule ? { pgliteWasmModule } : {}) });
  await db.waitReady;
  const { serialize } = protocol;
  // PGlite's own query() makes six calls into the engine per query and parses and plans the text every
  // time. Queries run as named prepared statements instead (PGlite is one session, so they last), in
  // one call: bind, describe, execute, sync. Parameters go as text, typed by the statement, as `pg`
  // sends them; queries with other parameter values (dates, objects) take PGlite's path.
  const prepared = new Map<string, string>();
  // Takes only the query lock, so that it also runs inside a transaction, which holds the transaction lock.
  const runFast = <T>(sql: string, params: Primitive[]): Promise<T[]> =>
    db._runExclusiveQuery(async () => {
      let name = prepared.get(sql);
      if (!name) {
        name = `s${prepared.size + 1}`;
        // Parsed on its own once, so that a statement is remembered only when it exists.
        await db.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.sync()]));
        prepared.set(sql, name);
      }
      const values = params.map(asText);
      const { messages } = await db.execProtocol(
        concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as T[];
    });
  const fastQuery = <T>(sql: string, params: Primitive[]): Promise<T[]> => db._runExclusiveTransaction(() => runFast<T>(sql, params));
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
    // PGlite's transaction (BEGIN, COMMIT or ROLLBACK), its queries on the fast path too: a sync writes hundreds.
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: <T = Row>(sql: string, params: unknown[] = []) =>
            params.every(isPrimitive) ? runFast<T>(sql, params) : wrap(tx).query<T>(sql, params),
        }),
      ),
    close: () => db.close(),
  };
}
