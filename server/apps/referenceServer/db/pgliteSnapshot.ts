// A new PGlite database costs initdb (tens of seconds of WebAssembly on a busy laptop) and the migrations,
// while what they make is always the same empty database. A copy of its folder, closed cleanly, is kept in
// the user's private cache under a key of PGlite's version and the migrations, so that each version pays
// for it once and every later new data folder (another course, a deleted folder) starts from a copy. A
// folder copy, not PGlite's dump: loading a dump unpacks it through PGlite's file system, twice as slow.
// The package also ships that empty database, made at build time (one archive file), so that even the
// first start after installing skips initdb.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import type { Database } from './database';
import { migrate, migrationFiles } from './migrate';
import { compilePglite, openPglite } from './pglite';
import { privateCacheFolder } from '../privateCache';
import { packFolder, unpackFolder } from './folderArchive';

/** PGlite's version, from the package.json above its entry point (it is not bundled). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // not here: one folder up
    }
  }
  return 'unknown';
}

/** Changes whenever the empty database would: another PGlite, another migration. */
export function snapshotKey(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const m of migrationFiles()) hash.update(`${m.name}\n${m.sql}\n`);
  return hash.digest('hex').slice(0, 32);
}

export type SnapshotUse =
  | 'existing database'
  | 'copy of the cached empty database'
  | 'the packaged empty database'
  | 'new, and cached for the next one'
  | 'new';

/** The archive's name for the current key: another PGlite or migration never picks up a stale one. */
export function emptyDatabaseArchiveName(key = snapshotKey()): string {
  return `empty-database-${key}.gz`;
}

/** The packaged empty database in `folder` (by default beside the bundle, dist/), when this build ships it. */
function shippedArchive(key: string, folder: string): string | undefined {
  const file = path.join(folder, emptyDatabaseArchiveName(key));
  return fs.existsSync(file) ? file : undefined;
}

/** Writes the empty database (made, or copied from the cache) as an archive into `folder`; returns its path. */
export async function writeEmptyDatabaseArchive(folder: string): Promise<string> {
  const work = fs.mkdtempSync(path.join(folder, '.empty-database-'));
  try {
    const { db } = await openMigratedPglite(path.join(work, 'pgdata'), { archiveDir: null });
    await db.close();
    const file = path.join(folder, emptyDatabaseArchiveName());
    fs.writeFileSync(file, packFolder(path.join(work, 'pgdata')));
    return file;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function openMigrated(dataDir: string): Promise<Database> {
  const db = await openPglite(dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/**
 * Opens the migrated PGlite database in `dataDir`. An existing one is opened and migrated as always; a new
 * one is copied from the cached empty database, or unpacked from the packaged one (in `archiveDir`; null:
 * none), or made and then cached. A cached copy that fails to open
 * is removed and the database made anew, so the cache can only save time.
 */
export async function openMigratedPglite(dataDir: string, options: { archiveDir?: string | null } = {}): Promise<{ db: Database; use: SnapshotUse }> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return { db: await openMigrated(dataDir), use: 'existing database' };
  // Compiled on V8's threads while this thread copies or unpacks the new data folder.
  void compilePglite();
  const key = snapshotKey();
  const folder = privateCacheFolder('empty-database');
  const cached = folder && path.join(folder, key);
  if (cached && fs.existsSync(path.join(cached, 'PG_VERSION'))) {
    try {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.cpSync(cached, dataDir, { recursive: true });
      // Migrates nothing unless the copy lacks a migration, which its key rules out.
      return { db: await openMigrated(dataDir), use: 'copy of the cached empty database' };
    } catch {
      fs.rmSync(cached, { recursive: true, force: true });
    }
  }
  const archiveDir = options.archiveDir === undefined ? __dirname : options.archiveDir;
  const archive = archiveDir === null ? undefined : shippedArchive(key, archiveDir);
  if (archive) {
    // Straight into the data folder: unpacking costs what a copy from the cache would.
    try {
      fs.rmSync(dataDir, { recursive: true, force: true });
      unpackFolder(fs.readFileSync(archive), dataDir);
      return { db: await openMigrated(dataDir), use: 'the packaged empty database' };
    } catch {
      // A damaged package: made anew below, as without one.
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const db = await openMigrated(dataDir);
  if (!cached) return { db, use: 'new' };
  // Copied while closed (so the copy is whole), then put in place by a rename, so that a server starting
  // meanwhile never copies half of it; the database reopens as it was.
  await db.close();
  const temp = `${cached}.${process.pid}`;
  let use: SnapshotUse = 'new';
  try {
    fs.cpSync(dataDir, temp, { recursive: true });
    fs.renameSync(temp, cached);
    use = 'new, and cached for the next one';
    // Copies for older versions are never used again.
    for (const name of fs.readdirSync(folder)) if (!name.includes('.') && name !== path.basename(cached)) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  } catch {
    // Another server cached it first, or the cache is not writable: only the next start's time is lost.
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return { db: await openMigrated(dataDir), use };
}
