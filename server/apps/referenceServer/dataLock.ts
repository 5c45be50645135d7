import * as fs from 'node:fs';
import * as path from 'node:path';

/** A data folder held by another live process. */
export class DataFolderInUse extends Error {}

const LOCK_FILE = 'server.lock';

/**
 * Takes the data folder for this process: one process at a time may open its database files
 * (PGlite) and checkouts. The lock is a file holding the owner's process id, made with O_EXCL so
 * that of two starting at once one wins; a lock whose process is gone (killed, crashed) is taken
 * over. Returns the release, which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readOrEmpty(file), 10);
      if (attempt > 0 || (Number.isInteger(owner) && owner !== process.pid && isAlive(owner))) {
        throw new DataFolderInUse(
          `the data folder ${dataDir} is in use by another reference server or admin command (process ${owner}); ` +
            'stop it first, or give this one another --data-dir',
        );
      }
      // Left by a process that is gone: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  if (!exitHooked) process.once('exit', () => held.forEach(releaseFile));
  exitHooked = true;
  held.add(file);
  return () => {
    if (held.delete(file)) releaseFile(file);
  };
}

/** The lock files this process holds, released when it exits. */
const held = new Set<string>();
let exitHooked = false;

function releaseFile(file: string): void {
  try {
    if (readOrEmpty(file).trim() === String(process.pid)) fs.rmSync(file, { force: true });
  } catch {
    // The folder is gone: nothing to release.
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
