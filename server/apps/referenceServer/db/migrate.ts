import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database } from './database';

/**
 * The migrations folder: next to this module when run from source, or in the source tree when run from
 * the bundle in dist/ (the .sql files are read at run time, not bundled).
 */
function migrationsDir(): string {
  const candidates = [
    path.join(__dirname, 'migrations'),
    path.join(__dirname, '..', 'server', 'apps', 'referenceServer', 'db', 'migrations'),
  ];
  const found = candidates.find((dir) => fs.existsSync(dir));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The migrations, in the order they apply: name and SQL. */
export function migrationFiles(): { name: string; sql: string }[] {
  const dir = migrationsDir();
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Applies every migrations/*.sql not applied yet, in name order, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const { name, sql } of migrationFiles()) {
    if (done.has(name)) continue;
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO migrations (name) VALUES ('${name.replace(/'/g, "''")}');\nCOMMIT;`);
    applied.push(name);
  }
  return applied;
}
