import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Server } from 'node:http';
import type { Database } from './db/database';
import { openMigratedDatabase } from './db/openDatabase';
import type { SnapshotUse } from './db/pgliteSnapshot';
import { SyncJobs } from './sync/syncJobs';
import { createApiServer } from './api/server';

/** What a running reference server holds; tests start it the same way main does. */
export interface ReferenceApp {
  db: Database;
  sync: SyncJobs;
  dataDir: string;
  /** How a PGlite database on disk was opened (a new one from the cached empty database, ...). */
  databaseStart?: SnapshotUse;
  close(): Promise<void>;
}

/** Opens (creating if needed) the data folder and database and runs migrations. */
export async function openApp(options: { dataDir: string; databaseUrl?: string }): Promise<ReferenceApp> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(path.join(dataDir, 'courses'), { recursive: true });
  const { db, use } = await openMigratedDatabase({ databaseUrl: options.databaseUrl, dataDir: path.join(dataDir, 'pgdata') });
  return { db, sync: new SyncJobs(db), dataDir, ...(use ? { databaseStart: use } : {}), close: () => db.close() };
}

export function listen(app: ReferenceApp, port: number, host: string): Promise<Server> {
  const server = createApiServer({ db: app.db, sync: app.sync });
  // PrairieLearn keeps idle sockets 65 s (its serverKeepAliveTimeout). Node's own 5 s raced fetch (undici),
  // which reuses a socket for up to 4 s: with a sync holding the event loop, a request could go out on a
  // socket the server was closing (ECONNRESET). With 65 s the client is always the one that closes.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
