import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite stores its files in `dataDir` (memory when undefined). */
  databaseUrl?: string;
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
