// A new PGlite data folder starts from the cached empty database (made and migrated once per PGlite version
// and set of migrations), which holds every migration; an existing database is opened as it is, and a
// cached copy that does not open is removed and the database made anew.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { openApp } from '../../../server/apps/referenceServer/app';
import { migrationFiles } from '../../../server/apps/referenceServer/db/migrate';
import { emptyDatabaseArchiveName, openMigratedPglite, snapshotKey, writeEmptyDatabaseArchive } from '../../../server/apps/referenceServer/db/pgliteSnapshot';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-snapshot-'));
const saved = process.env.XDG_CACHE_HOME;
process.env.XDG_CACHE_HOME = path.join(work, 'cache');
after(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
  fs.rmSync(work, { recursive: true, force: true });
});
const cached = () => path.join(work, 'cache', 'prairielearn-vscode', 'empty-database', snapshotKey());
const applied = async (app: Awaited<ReturnType<typeof openApp>>) => (await app.db.query<{ name: string }>('SELECT name FROM migrations ORDER BY name')).map((r) => r.name);

test('the first new database is cached; the next new one is a copy with every migration; an existing one is reopened', async () => {
  const first = await openApp({ dataDir: path.join(work, 'a') });
  assert.equal(first.databaseStart, 'new, and cached for the next one');
  assert.deepEqual(await applied(first), migrationFiles().map((m) => m.name));
  await first.db.query(`INSERT INTO users (uid, name) VALUES ('only-in-a@example.com', 'A')`);
  await first.close();
  assert.ok(fs.existsSync(path.join(cached(), 'PG_VERSION')));
  assert.equal(fs.statSync(path.dirname(cached())).mode & 0o777, 0o700, 'a private folder: a planted database would be served');

  const second = await openApp({ dataDir: path.join(work, 'b') });
  assert.equal(second.databaseStart, 'copy of the cached empty database');
  assert.deepEqual(await applied(second), migrationFiles().map((m) => m.name));
  assert.equal((await second.db.query(`SELECT 1 FROM users WHERE uid = 'only-in-a@example.com'`)).length, 0, 'empty: the copy was taken before any data');
  await second.close();

  const again = await openApp({ dataDir: path.join(work, 'a') });
  assert.equal(again.databaseStart, 'existing database');
  assert.equal((await again.db.query(`SELECT 1 FROM users WHERE uid = 'only-in-a@example.com'`)).length, 1, 'its data kept');
  await again.close();
});

test('the packaged empty database (one archive file, as build.mjs ships it) starts a new data folder when nothing is cached', async () => {
  const dist = path.join(work, 'dist');
  fs.mkdirSync(dist);
  const archive = await writeEmptyDatabaseArchive(dist);
  assert.equal(path.basename(archive), emptyDatabaseArchiveName(), 'named by the key: another PGlite or migration never uses it');
  assert.deepEqual(fs.readdirSync(dist), [path.basename(archive)], 'nothing else left in the folder');
  // An empty cache, as on a first start after installing.
  process.env.XDG_CACHE_HOME = path.join(work, 'empty-cache');
  try {
    const { db, use } = await openMigratedPglite(path.join(work, 'from-archive'), { archiveDir: dist });
    assert.equal(use, 'the packaged empty database');
    assert.deepEqual((await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY name')).map((r) => r.name), migrationFiles().map((m) => m.name));
    assert.equal((await db.query(`SELECT 1 FROM users WHERE uid = 'only-in-a@example.com'`)).length, 0, 'empty');
    await db.query(`INSERT INTO users (uid, name) VALUES ('written@example.com', 'W')`);
    await db.close();
    // A damaged archive is not a failed start: the database is made anew.
    fs.writeFileSync(archive, 'not an archive');
    const anew = await openMigratedPglite(path.join(work, 'damaged'), { archiveDir: dist });
    assert.equal(anew.use, 'new, and cached for the next one');
    await anew.db.close();
  } finally {
    process.env.XDG_CACHE_HOME = path.join(work, 'cache');
  }
});

test('a cached copy that does not open is removed and the database made anew', async () => {
  assert.ok(fs.existsSync(cached()), 'left by the first test');
  fs.rmSync(path.join(cached(), 'global'), { recursive: true });
  const app = await openApp({ dataDir: path.join(work, 'c') });
  assert.equal(app.databaseStart, 'new, and cached for the next one');
  assert.deepEqual(await applied(app), migrationFiles().map((m) => m.name));
  await app.close();
  assert.ok(fs.existsSync(path.join(cached(), 'global')), 'cached again, whole');
});
