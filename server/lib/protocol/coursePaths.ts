// Where a path sits in a course: the course root above it and the question it belongs to. One walk,
// shared by the language server (the preview, a course opened from outside the workspace) and the
// extension (which question a file previews), so that both agree on what a course and a question are.
import * as fs from 'node:fs';
import * as nodePath from 'node:path';

/** Whether `path` is a regular file: the disk by default, a caller's overlay of open editors otherwise. */
export type IsFile = (path: string) => boolean;

const isFileOnDisk: IsFile = (path) => {
  try {
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The nearest folder at or above `path` that holds infoCourse.json (a course root), if any. */
export function courseRootOf(path: string, isFile: IsFile = isFileOnDisk): string | undefined {
  for (let dir = nodePath.resolve(path); ; dir = nodePath.dirname(dir)) {
    if (isFile(nodePath.join(dir, 'infoCourse.json'))) return dir;
    if (nodePath.dirname(dir) === dir) return undefined;
  }
}

/** The QID of the folder `questionDir` in the course at `courseRoot` (QIDs may be nested), or undefined when it is not under `questions/`. */
export function qidOf(courseRoot: string, questionDir: string): string | undefined {
  const rel = nodePath.relative(nodePath.join(nodePath.resolve(courseRoot), 'questions'), nodePath.resolve(questionDir));
  if (!rel || rel.startsWith('..') || nodePath.isAbsolute(rel)) return undefined;
  return rel.split(nodePath.sep).join('/');
}

export interface QuestionPlace {
  courseRoot: string;
  questionDir: string;
  qid: string;
}

/**
 * The question of `path` (its folder, or a file or folder inside it): the nearest folder at or above
 * `path` that holds info.json and lies under `questions/` of the course root above it.
 */
export function questionOf(path: string, isFile: IsFile = isFileOnDisk): QuestionPlace | undefined {
  for (let dir = nodePath.resolve(path); nodePath.dirname(dir) !== dir; dir = nodePath.dirname(dir)) {
    if (!isFile(nodePath.join(dir, 'info.json'))) continue;
    const courseRoot = courseRootOf(nodePath.dirname(dir), isFile);
    const qid = courseRoot === undefined ? undefined : qidOf(courseRoot, dir);
    if (courseRoot !== undefined && qid !== undefined) return { courseRoot, questionDir: dir, qid };
  }
  return undefined;
}
