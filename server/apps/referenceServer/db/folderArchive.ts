// A folder as one gzip'd file: a length-prefixed JSON index (folders, then files with their sizes and
// modes) followed by the files' bytes. One file, not a folder, so that the package stays lean; our own
// format, because Node has no tar reader and PGlite's own dump loads through its file system, twice as slow.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

interface ArchiveIndex {
  dirs: string[];
  files: { path: string; size: number; mode: number }[];
}

/** Every folder and file under `root`, as paths relative to it with '/' separators, folders first. */
function walk(root: string, rel = '', out: ArchiveIndex = { dirs: [], files: [] }): ArchiveIndex {
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.dirs.push(child);
      walk(root, child, out);
    } else if (entry.isFile()) {
      const stat = fs.statSync(path.join(root, child));
      out.files.push({ path: child, size: stat.size, mode: stat.mode & 0o777 });
    } else {
      throw new Error(`${path.join(root, child)}: only folders and regular files can be archived`);
    }
  }
  return out;
}

export function packFolder(root: string): Buffer {
  const index = walk(root);
  const head = Buffer.from(JSON.stringify(index));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return gzipSync(Buffer.concat([length, head, ...index.files.map((f) => fs.readFileSync(path.join(root, f.path)))]), { level: 9 });
}

/** A path from the index that stays inside the target folder. */
function inside(root: string, rel: string): string {
  if (!rel || rel.split('/').some((part) => part === '' || part === '.' || part === '..') || path.isAbsolute(rel)) throw new Error(`archive path ${JSON.stringify(rel)} leaves its folder`);
  return path.join(root, ...rel.split('/'));
}

/** Writes the archive's folders and files into `root` (made if missing). */
export function unpackFolder(archive: Buffer, root: string): void {
  const bytes = gunzipSync(archive);
  const headLength = bytes.readUInt32BE(0);
  const index = JSON.parse(bytes.subarray(4, 4 + headLength).toString('utf8')) as ArchiveIndex;
  fs.mkdirSync(root, { recursive: true });
  for (const dir of index.dirs) fs.mkdirSync(inside(root, dir), { recursive: true });
  let at = 4 + headLength;
  for (const file of index.files) {
    if (at + file.size > bytes.length) throw new Error('archive ends before its last file');
    fs.writeFileSync(inside(root, file.path), bytes.subarray(at, at + file.size), { mode: file.mode });
    at += file.size;
  }
  if (at !== bytes.length) throw new Error('archive holds bytes its index does not name');
}
