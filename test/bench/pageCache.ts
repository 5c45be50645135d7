import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// posix_fadvise(DONTNEED) on each file: the kernel drops its cached pages, so that the next read
// goes to the disk, as on a first check after a checkout. Needs no privileges (unlike
// /proc/sys/vm/drop_caches); node has no binding for it, python3 (on every CI machine here) does.
const EVICT = `
import os, sys
n = 0
for line in open(sys.argv[1]):
    p = line.rstrip('\\n')
    if not p: continue
    try:
        fd = os.open(p, os.O_RDONLY)
    except OSError:
        continue
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        n += 1
    finally:
        os.close(fd)
print(n)
`;

/**
 * Drops `files` from the page cache; false when this machine cannot (no python3, no
 * posix_fadvise). Folder entries stay cached: the figures are for cold file contents.
 */
export function evictFromPageCache(files: string[]): boolean {
  if (process.platform === 'win32') return false;
  const list = path.join(os.tmpdir(), `bench-evict-${process.pid}.txt`);
  fs.writeFileSync(list, files.join('\n'));
  try {
    const r = spawnSync('python3', ['-c', EVICT, list], { encoding: 'utf8' });
    return r.status === 0 && Number(r.stdout.trim()) === files.length;
  } finally {
    fs.rmSync(list, { force: true });
  }
}
