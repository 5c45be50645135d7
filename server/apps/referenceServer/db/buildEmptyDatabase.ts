// Run by build.mjs (bundled beside dist/): writes the packaged empty database, dist/empty-database-<key>.gz,
// unless this PGlite and these migrations already have one; older ones are removed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { emptyDatabaseArchiveName, writeEmptyDatabaseArchive } from './pgliteSnapshot';

async function main(folder: string): Promise<void> {
  const wanted = emptyDatabaseArchiveName();
  for (const name of fs.readdirSync(folder)) if (/^empty-database-\w+\.gz$/.test(name) && name !== wanted) fs.rmSync(path.join(folder, name));
  if (fs.existsSync(path.join(folder, wanted))) return;
  const file = await writeEmptyDatabaseArchive(folder);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);
}

main(path.resolve(process.argv[2] ?? 'dist')).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
