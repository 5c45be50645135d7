import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Database } from './db/database';

/** The branch a repository's HEAD points at (`git ls-remote --symref`), or master as PrairieLearn's default. */
export function defaultBranch(repository: string): string {
  try {
    const out = execFileSync('git', ['ls-remote', '--symref', repository, 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      timeout: 30_000,
    });
    return /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(out)?.[1] ?? 'master';
  } catch {
    return 'master';
  }
}

/** Registers a course served from `repository`; its checkout goes to `<coursesDir>/course-<id>`. */
export async function addCourse(
  db: Database,
  coursesDir: string,
  repository: string,
  branch = defaultBranch(repository),
): Promise<string> {
  const rows = await db.query(
    `INSERT INTO courses (id, path, repository, branch)
     SELECT n, $1 || '/course-' || n, $2, $3 FROM (SELECT nextval(pg_get_serial_sequence('courses', 'id')) AS n) s
     RETURNING id`,
    [path.resolve(coursesDir), repository, branch],
  );
  return rows[0].id;
}

/**
 * Puts a course folder into a fresh local git repository (one commit on master, fixed author and
 * date so the same files give the same commit) and returns the repository's path.
 */
export function createCourseRepository(source: string, repoDir: string): string {
  fs.mkdirSync(repoDir, { recursive: true });
  fs.cpSync(source, repoDir, { recursive: true });
  const git = gitIn(repoDir);
  git('init', '-q', '-b', 'master');
  git('add', '-A');
  git('commit', '-q', '-m', 'Demo course');
  return path.resolve(repoDir);
}

/**
 * A course folder that is not a git repository, served all the same: its files replace the previous
 * snapshot's in a repository at `repoDir` and are committed when they differ. Says whether they did.
 */
export function snapshotCourseFolder(source: string, repoDir: string): { repository: string; changed: boolean } {
  const from = path.resolve(source);
  if (!fs.existsSync(path.join(from, 'infoCourse.json'))) throw new Error(`--course-dir ${source}: no infoCourse.json there, so it is not a course folder`);
  const fresh = !fs.existsSync(path.join(repoDir, '.git'));
  fs.mkdirSync(repoDir, { recursive: true });
  for (const name of fs.readdirSync(repoDir)) if (name !== '.git') fs.rmSync(path.join(repoDir, name), { recursive: true, force: true });
  fs.cpSync(from, repoDir, { recursive: true, filter: (file) => path.basename(file) !== '.git' });
  const git = gitIn(repoDir);
  if (fresh) git('init', '-q', '-b', 'master');
  git('add', '-A');
  const changed = fresh || git('status', '--porcelain').toString().trim() !== '';
  if (changed) git('commit', '-q', '--allow-empty', '-m', `Course folder ${from}`);
  return { repository: path.resolve(repoDir), changed };
}

/** Runs git in `dir` as the reference server (fixed author and date, so the same files give the same commit). */
function gitIn(dir: string) {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'PrairieLearn reference server',
    GIT_AUTHOR_EMAIL: 'reference@example.com',
    GIT_COMMITTER_NAME: 'PrairieLearn reference server',
    GIT_COMMITTER_EMAIL: 'reference@example.com',
    GIT_AUTHOR_DATE: '2025-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2025-01-01T00:00:00Z',
  };
  return (...args: string[]) => execFileSync('git', args, { cwd: dir, env, stdio: 'pipe' });
}
