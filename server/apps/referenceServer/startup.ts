import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { ReferenceApp } from './app';
import { addCourse, createCourseRepository, defaultBranch, snapshotCourseFolder } from './courses';
import { startEarlyClone, type EarlyClone } from './sync/earlyClone';
import { isSeeded, seedStaff } from './seed/seedStaff';
import { DEMO_STAFF, demoToken } from './seed/demoUsers';
import { hashToken } from './api/auth';

/** Where the demo course lives in the source tree, from source (tsx) or from the bundle in dist/. */
export function demoCourseDir(): string | undefined {
  return [path.join(__dirname, '..', '..', 'demo-course'), path.join(__dirname, '..', 'server', 'demo-course')].find((d) =>
    fs.existsSync(path.join(d, 'infoCourse.json')),
  );
}

export interface Prepared {
  courseId: string;
  syncStatus: string | null;
  /** How long that sync took, when there was one. */
  syncMs?: number;
  created: boolean;
}

export interface CourseSource {
  courseRepo?: string;
  courseDir?: string;
  branch?: string;
}

/** The course folder's snapshot repository, for --course-dir (its files committed on top of the last start's). */
export function snapshotFor(options: CourseSource, dataDir: string): { repository: string; changed: boolean } | undefined {
  if (options.courseRepo && options.courseDir) throw new Error('--course-repo and --course-dir name two courses; give one');
  return options.courseDir ? snapshotCourseFolder(options.courseDir, path.join(path.resolve(dataDir), 'repos', 'course-folder')) : undefined;
}

/**
 * Before the database opens: when no course has a checkout yet (a first start), the course's clone begins,
 * so that it runs beside PGlite's start-up. The branch is settled here, for the clone and the course alike.
 */
export function beginFirstClone(
  options: CourseSource,
  dataDir: string,
  snapshot: { repository: string } | undefined,
): { early?: EarlyClone; branch?: string } {
  const repository = options.courseRepo ?? snapshot?.repository;
  if (!repository) return {};
  const coursesDir = path.join(path.resolve(dataDir), 'courses');
  // A later start asks git nothing here (a remote's ls-remote may take its time).
  if (fs.existsSync(coursesDir) && fs.readdirSync(coursesDir).some((name) => name.startsWith('course-'))) return {};
  const branch = options.branch ?? defaultBranch(repository);
  return { early: startEarlyClone(repository, branch, coursesDir), branch };
}

/**
 * First start: registers the course (the demo course, committed to a local repository in the data
 * folder, unless a repository is given), syncs it and writes the demo staff and their tokens. Later starts
 * reuse it. The students and their submissions follow once the server answers (samplesInBackground.ts).
 */
export async function prepareCourse(
  app: ReferenceApp,
  options: CourseSource & { seed: number },
  // A folder on disk: its files as they are now, committed on top of the last start's (a no-op when unchanged).
  snapshot = snapshotFor(options, app.dataDir),
): Promise<Prepared> {
  const existing = await app.db.query('SELECT id FROM courses WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  let courseId: string;
  let syncStatus: string | null = null;
  let syncMs: number | undefined;
  const created = existing.length === 0;
  if (created) {
    let repository = options.courseRepo ?? (snapshot ? snapshot.repository : undefined);
    if (!repository) {
      const source = demoCourseDir();
      if (!source) throw new Error('the demo course (server/demo-course) was not found; pass --course-repo');
      const repoDir = path.join(app.dataDir, 'repos', 'demo-course');
      repository = fs.existsSync(repoDir) ? path.resolve(repoDir) : createCourseRepository(source, repoDir);
    }
    courseId = await addCourse(app.db, path.join(app.dataDir, 'courses'), repository, options.branch);
    ({ syncStatus, syncMs } = await syncNow(app, courseId));
  } else {
    courseId = existing[0].id;
    // The folder changed since the last start: served as it is now.
    if (snapshot && snapshot.changed) ({ syncStatus, syncMs } = await syncNow(app, courseId));
  }
  if (!(await isSeeded(app.db, courseId))) await seedStaff(app.db, courseId, options.seed);
  return { courseId, syncStatus, created, ...(syncMs !== undefined ? { syncMs } : {}) };
}

async function syncNow(app: ReferenceApp, courseId: string): Promise<{ syncStatus: string | null; syncMs: number }> {
  const started = performance.now();
  const job = await app.sync.start(courseId, null);
  await app.sync.idle(courseId);
  return { syncStatus: (await app.sync.status(courseId, job))?.status ?? null, syncMs: performance.now() - started };
}

/** Whether `host` reaches only this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

/** Whether any demo token (derived from `seed`, so anyone can compute it) still opens the API. */
export async function demoTokensActive(app: ReferenceApp, seed: number): Promise<boolean> {
  const hashes = DEMO_STAFF.map((staff) => hashToken(demoToken(seed, staff.uid)));
  const rows = await app.db.query('SELECT 1 FROM access_tokens WHERE token_hash = ANY($1::text[]) LIMIT 1', [hashes]);
  return rows.length > 0;
}
