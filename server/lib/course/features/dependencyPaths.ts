import * as nodePath from 'node:path';
import type { Course, InfoEntry } from '../course';
import type { CourseReader } from '../courseReader';
import { DEPENDENCY_FOLDERS } from '../courseConventions';


// Enough for any real clientFiles folder, and a bound on a runaway one.
const MAX_FILES = 2000;
const MAX_DEPTH = 8;

/** The absolute folder a dependency list of `question` resolves against. */
export function dependencyFolder(course: Course, question: InfoEntry, key: string): string | undefined {
  const where = DEPENDENCY_FOLDERS[key];
  if (!where) return undefined;
  return nodePath.join(where.base === 'question' ? question.dir : course.root, where.folder);
}

/** Files under `folder`, as '/'-separated paths relative to it, scripts or styles first as `key` asks. */
export function dependencyPaths(reader: CourseReader, folder: string, key: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string, depth: number) => {
    let entries: { name: string; isDirectory: boolean }[];
    try {
      entries = reader.readDir(dir);
    } catch {
      return;
    }
    for (const { name, isDirectory } of entries) {
      if (files.length >= MAX_FILES) return;
      if (isDirectory) {
        if (depth < MAX_DEPTH) walk(nodePath.join(dir, name), `${prefix}${name}/`, depth + 1);
      } else {
        files.push(prefix + name);
      }
    }
  };
  walk(folder, '', 0);
  const wanted = key.endsWith('Styles') ? /\.css$/i : /\.m?js$/i;
  return [...files.filter((f) => wanted.test(f)), ...files.filter((f) => !wanted.test(f))];
}

/** The file a dependency path names, if it exists. */
export function resolveDependency(reader: CourseReader, folder: string, file: string): string | undefined {
  const full = nodePath.join(folder, file);
  return reader.stat(full) === 'file' ? full : undefined;
}
