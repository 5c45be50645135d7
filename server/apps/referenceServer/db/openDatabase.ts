import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openMigratedPglite, type SnapshotUse } from './pgliteSnapshot';
import { openPostgres } from './postgres';

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite stores its files in `dataDir` (memory when undefined). */
  databaseUrl?: string;
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** Opens the database with every migration applied; a new PGlite database on disk comes from the cached empty one. */
export async function openMigratedDatabase(options: DatabaseOptions): Promise<{ db: Database; use?: SnapshotUse }> {
  if (!options.databaseUrl && options.dataDir) return openMigratedPglite(options.dataDir);
  const db = await openDatabase(options);
  await migrate(db);
  return { db };
}
