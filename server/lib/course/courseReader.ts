import * as fs from 'node:fs';
import * as nodePath from 'node:path';

/** One entry of a folder listing. */
export interface DirEntry {
  name: string;
  /** A folder, or a link to one. */
  isDirectory: boolean;
  /** A symbolic link (to a folder, when `isDirectory`). */
  isLink?: boolean;
}

/** How the course model reads the disk; the language server overlays open editors' text. */
export interface CourseReader {
  /** Text of a file; throws an errno error, or a `FileReadError`, when it cannot be read. */
  readText(path: string): string;
  /** Entries of a folder, sorted by name; throws when it is not a readable folder. */
  readDir(path: string): DirEntry[];
  stat(path: string): 'file' | 'directory' | 'missing';
  exists(path: string): boolean;
  /** The path with every link resolved (to tell a folder link that loops back); as given when unknown. */
  realPath?(path: string): string;
  /** Whether the text of `path` comes from an editor rather than the disk (see `overlayReader`). */
  isOverlaid?(path: string): boolean;
}

/**
 * The largest file the checker reads. Info files and question.html are some kilobytes; the cap
 * keeps a huge or endless file (a link to /dev/zero) from filling the memory.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A file that is there but is not read: not a regular file, or larger than `MAX_FILE_BYTES`. */
export class FileReadError extends Error {
  /** Said where an errno code would be ("EACCES"): a short reason. */
  readonly code: string;
  constructor(reason: string) {
    super(reason);
    this.code = reason;
  }
}

// On Windows there is no O_NONBLOCK, and no named pipe in a course folder either.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
/** Nearly every course file fits, and is read with one call; the buffer is reused from file to file. */
const sharedBuffer = Buffer.allocUnsafe(64 * 1024);

/**
 * Reads a regular file (following links) of at most `maxBytes` as UTF-8 text. It is opened without
 * waiting (a named pipe would wait for a writer) and read once into a shared buffer: a read that
 * returns less than the buffer holds is the whole of a regular file. Only a read that fills the
 * buffer, finds nothing or would wait asks the open file what it is: a device never ends, and a
 * larger file is read on up to the cap. Asking every file first cost a tenth of a whole-course
 * check of 25,000 files. (A named pipe that a writer is filling may be read as it stands.)
 */
export function readRegularFile(path: string, maxBytes = MAX_FILE_BYTES): string {
  const fd = fs.openSync(path, OPEN_FLAGS);
  try {
    // A byte past the cap at most: a first read that reaches it is over the cap, or the buffer's end.
    const limit = Math.min(sharedBuffer.length, maxBytes + 1);
    const first = readWithoutWaiting(fd, sharedBuffer, limit);
    if (first > 0 && first < limit) return sharedBuffer.toString('utf8', 0, first);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new FileReadError(`not a regular file but ${specialKind(stat)}, which the checker does not read`);
    if (stat.size > maxBytes) throw new FileReadError(tooLarge(stat.size, maxBytes));
    return first <= 0 ? '' : readRest(fd, first, stat.size, maxBytes);
  } finally {
    fs.closeSync(fd);
  }
}

/** Bytes read into the first `length` of `buffer`; -1 when the file has nothing yet and would make a reader wait (a pipe, a terminal). */
function readWithoutWaiting(fd: number, buffer: Buffer, length: number): number {
  try {
    return fs.readSync(fd, buffer, 0, length, null);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return -1;
    throw err;
  }
}

/**
 * A regular file of `size` bytes whose first `have` bytes are in the shared buffer. A byte more than
 * `size` is asked for, so that a short read is its end; a file that grew meanwhile is read on, up to the cap.
 */
function readRest(fd: number, have: number, size: number, maxBytes: number): string {
  // Never more than a byte past the cap: a file that grew past it fills the buffer and is refused.
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(size, have), maxBytes) + 1);
  sharedBuffer.copy(buffer, 0, 0, have);
  let length = have;
  for (;;) {
    length += fs.readSync(fd, buffer, length, buffer.length - length, null);
    if (length < buffer.length) return buffer.toString('utf8', 0, length);
    if (length > maxBytes) throw new FileReadError(tooLarge(length, maxBytes));
    const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
    buffer.copy(larger, 0, 0, length);
    buffer = larger;
  }
}

function specialKind(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'a special file';
}

function tooLarge(bytes: number, maxBytes: number): string {
  return `larger than the checker reads (over ${formatBytes(bytes)}; the limit is ${formatBytes(maxBytes)})`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.round(bytes / 1024)} kB`;
}

export const nodeCourseReader: CourseReader = {
  readText: (path) => readRegularFile(path),
  readDir: (path) =>
    fs
      .readdirSync(path, { withFileTypes: true })
      .map((d): DirEntry => {
        if (!d.isSymbolicLink()) return { name: d.name, isDirectory: d.isDirectory() };
        return { name: d.name, isDirectory: isDir(`${path}/${d.name}`), isLink: true };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  stat: (path) => {
    try {
      return fs.statSync(path).isDirectory() ? 'directory' : 'file';
    } catch (err) {
      // Only absence is "missing"; a path that exists but cannot be resolved (ELOOP, EACCES...)
      // is an info file whose read fails, as in PrairieLearn.
      const code = (err as NodeJS.ErrnoException).code;
      return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'file';
    }
  },
  exists: (path) => fs.existsSync(path),
  realPath: (path) => {
    try {
      return fs.realpathSync(path);
    } catch {
      return path;
    }
  },
};

function isDir(path: string): boolean {
  try {
    return fs.statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A reader that answers from `overlay` (path → text) before the disk. */
export function overlayReader(overlay: Map<string, string>, base: CourseReader = nodeCourseReader): CourseReader {
  return {
    readText: (path) => overlay.get(path) ?? base.readText(path),
    readDir: (path) => base.readDir(path),
    stat: (path) => (overlay.has(path) ? 'file' : base.stat(path)),
    exists: (path) => overlay.has(path) || base.exists(path),
    realPath: base.realPath && ((path) => base.realPath!(path)),
    isOverlaid: (path) => overlay.has(path),
  };
}

/** Folders under `dir` (not crossing into node_modules or .git) that hold an infoCourse.json. */
export function findCourseRoots(dir: string, maxDepth = 4): string[] {
  const roots: string[] = [];
  const walk = (d: string, depth: number) => {
    if (fs.existsSync(`${d}/infoCourse.json`)) {
      roots.push(d);
      return;
    }
    if (depth >= maxDepth) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name === 'node_modules' || e.name.startsWith('.')) continue;
      walk(`${d}/${e.name}`, depth + 1);
    }
  };
  walk(dir, 0);
  return roots.sort();
}

/** A reader that remembers what it read until told that a path changed. */
export interface CachingReader extends CourseReader {
  /** Forgets `path` and everything under it. */
  invalidate(path: string): void;
}

/**
 * Remembers file texts and existence for the paths `cacheable` accepts, so that a re-check after
 * one edit does not read every question.html and client file of a large course again. For a
 * process that hears of every change to those paths (the language server, through file watching)
 * and calls `invalidate`; folder listings are always read afresh.
 */
export function cachingReader(base: CourseReader, cacheable: (path: string) => boolean): CachingReader {
  // A failed read is remembered as its error, so that it is thrown again the same way.
  const texts = new Map<string, string | Error>();
  const stats = new Map<string, 'file' | 'directory' | 'missing'>();
  const existing = new Map<string, boolean>();
  const remember = <T>(cache: Map<string, T | Error>, path: string, read: () => T): T => {
    // Only cacheable paths are ever stored, so a hit needs no test of the path.
    let value = cache.get(path);
    if (value === undefined) {
      if (!cacheable(path)) return read();
      try {
        value = read();
      } catch (err) {
        value = err instanceof Error ? err : new Error(String(err));
      }
      cache.set(path, value);
    }
    if (value instanceof Error) throw value;
    return value;
  };
  return {
    readText: (path) => remember(texts, path, () => base.readText(path)),
    readDir: (path) => base.readDir(path),
    stat: (path) => remember(stats, path, () => base.stat(path)),
    exists: (path) => remember(existing, path, () => base.exists(path)),
    realPath: base.realPath && ((path) => base.realPath!(path)),
    invalidate(path) {
      const under = path.endsWith(nodePath.sep) ? path : path + nodePath.sep;
      for (const cache of [texts, stats, existing] as Map<string, unknown>[]) {
        cache.delete(path);
        for (const key of cache.keys()) if (key.startsWith(under)) cache.delete(key);
      }
    },
  };
}
