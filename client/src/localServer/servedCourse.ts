// Which course Start Local Reference Server serves, and why, from the workspace's folders: the first that is
// a course (infoCourse.json at its root), from its git repository when it is one and from the folder itself
// (a snapshot the server commits in its data folder) when not; the demo course only when no course is open.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ServedCourse {
  kind: 'git' | 'folder' | 'demo';
  /** The course folder; undefined for the demo. */
  dir?: string;
  /** The server's arguments that choose it. */
  args: string[];
  /** For the toast, the tree and the log: "the course pl101 (its git repository)". */
  label: string;
  /** Why this course is served the way it is, when that is not the obvious case. */
  why?: string;
}

export function servedCourse(folders: string[]): ServedCourse {
  for (const dir of folders) {
    if (!fs.existsSync(path.join(dir, 'infoCourse.json'))) continue;
    const name = path.basename(dir);
    if (fs.existsSync(path.join(dir, '.git'))) return { kind: 'git', dir, args: ['--course-repo', dir], label: `the course ${name} (its git repository)` };
    return {
      kind: 'folder',
      dir,
      args: ['--course-dir', dir],
      label: `the course ${name} (the folder on disk)`,
      why: 'The folder is not a git repository, so the server serves a copy of its files as they were when it started; restart it to serve later edits.',
    };
  }
  return {
    kind: 'demo',
    args: [],
    label: 'the demo course',
    why: 'No folder of the workspace is a course (a folder with infoCourse.json), so the server serves its own demo course.',
  };
}
