// A new PGlite database costs initdb (tens of seconds of WebAssembly on a busy laptop) and the migrations,
// while what they make is always the same empty database. A copy of its folder, closed cleanly, is kept in
// the user's private cache under a key of PGlite's version and the migrations, so that each version pays
// for it once and every later new data folder (another course, a deleted folder) starts from a copy. A
// folder copy, not PGlite's dump: loading a dump unpacks it through PGlite's file system, twice as slow.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import type { Database } from './database';
import { migrate, migrationFiles } from './migrate';
import { openPglite } from './pglite';
import { privateCacheFolder } from '../privateCache';

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

export type SnapshotUse = 'existing database' | 'copy of the cached empty database' | 'new, and cached for the next one' | 'new';

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
 * one is copied from the cached empty database, or made and then cached. A cached copy that fails to open
 * is removed and the database made anew, so the cache can only save time.
 */
export async function openMigratedPglite(dataDir: string): Promise<{ db: Database; use: SnapshotUse }> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return { db: await openMigrated(dataDir), use: 'existing database' };
  const folder = privateCacheFolder('empty-database');
  const cached = folder && path.join(folder, snapshotKey());
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
