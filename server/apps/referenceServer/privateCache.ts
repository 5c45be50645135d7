// Folders in the user's cache ($XDG_CACHE_HOME or ~/.cache) that only this user can read or write (mode
// 0700, checked on every use). What the reference server keeps there (question samples, an empty database)
// ends up in what it serves, so a folder another user could write to would let them plant it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** `<cache>/prairielearn-vscode/<name>`, made private when new; undefined when it is not this user's alone. */
export function privateCacheFolder(name: string): string | undefined {
  const base = process.env.XDG_CACHE_HOME && path.isAbsolute(process.env.XDG_CACHE_HOME) ? process.env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  const folder = path.join(base, 'prairielearn-vscode', name);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(folder);
    const mine = typeof process.getuid !== 'function' || stat.uid === process.getuid();
    if (!stat.isDirectory() || !mine) return undefined;
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(folder, 0o700);
    return folder;
  } catch {
    return undefined;
  }
}
