// PGlite opens with small shared buffers (zeroing 128 MB was most of its start).
// PGlite's fast path (named prepared statements, parameters as text, as `pg` sends them) carries booleans and
// flat arrays, also inside a transaction, where the sync writes everything; a failing statement there still
// rolls the whole transaction back.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { openMigratedDatabase } from '../../../server/apps/referenceServer/db/openDatabase';
import { compilePglite, SHARED_BUFFERS } from '../../../server/apps/referenceServer/db/pglite';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-pglite-params-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

test('booleans and arrays (quotes, backslashes, commas, NULL) arrive as the values they are, in and out of a transaction', async () => {
  const { db } = await openMigratedDatabase({ dataDir: path.join(work, 'pgdata') });
  try {
    const odd = ['plain', 'with "quotes"', 'back\\slash', 'a,b', '{braces}', ''];
    const check = async (q: typeof db.query) => {
      const rows = await q<{ t: boolean; f: boolean; texts: string[]; ids: string[]; n: number }>(
        'SELECT $1::boolean AS t, $2::boolean AS f, $3::text[] AS texts, $4::bigint[] AS ids, cardinality($5::text[]) AS n',
        [true, false, odd, [1, null, 3], []],
      );
      assert.deepEqual(rows[0], { t: true, f: false, texts: odd, ids: ['1', null, '3'], n: 0 });
    };
    await check(db.query);
    await db.transaction((tx) => check(tx.query));

    await db.query(`INSERT INTO users (uid, name) VALUES ('kept@example.com', 'K')`);
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('UPDATE users SET name = $2 WHERE uid = ANY($1::text[])', [['kept@example.com'], 'changed']);
        await tx.query('SELECT no_such_column FROM users WHERE $1::boolean', [true]);
      }),
      /no_such_column/,
    );
    assert.deepEqual(await db.query('SELECT name FROM users WHERE uid = $1', ['kept@example.com']), [{ name: 'K' }], 'rolled back');
  } finally {
    await db.close();
  }
});

// PostgreSQL zeroes its shared buffers at every start; initdb's 128 MB made most of PGlite's open. The server
// asks for less, and keeps PGlite's own start parameters (search_path, single-user mode) beside it.
test('PGlite starts with the small shared buffers and its own start parameters, also when it reopens a data folder', async () => {
  // The engine is compiled ahead (beside the unpacking), from PGlite's own file: a missing file would go unnoticed otherwise.
  assert.ok((await compilePglite()) instanceof WebAssembly.Module);
  const dataDir = path.join(work, 'buffers');
  for (const round of ['new', 'reopened']) {
    const { db } = await openMigratedDatabase({ dataDir });
    try {
      const [row] = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      assert.equal(row.shared_buffers, SHARED_BUFFERS, round);
      assert.notEqual(SHARED_BUFFERS, '128MB', 'smaller than initdb writes into postgresql.conf');
      const [search] = await db.query<{ search_path: string }>('SHOW search_path');
      assert.equal(search.search_path, 'public', round);
    } finally {
      await db.close();
    }
  }
});
