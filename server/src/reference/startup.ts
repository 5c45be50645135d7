import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReferenceApp } from './app';
import { addCourse, createCourseRepository } from './courses';
import { isSeeded, seedDemoData } from './seed/seed';

/** Where the demo course lives in the source tree, from source (tsx) or from the bundle in dist/. */
export function demoCourseDir(): string | undefined {
  return [path.join(__dirname, '..', '..', 'demo-course'), path.join(__dirname, '..', 'server', 'demo-course')].find((d) =>
    fs.existsSync(path.join(d, 'infoCourse.json')),
  );
}

export interface Prepared {
  courseId: string;
  syncStatus: string | null;
  created: boolean;
}

/**
 * First start: registers the course (the demo course, committed to a local repository in the data
 * folder, unless a repository is given), syncs it and seeds the demo data. Later starts reuse it.
 */
export async function prepareCourse(
  app: ReferenceApp,
  options: { courseRepo?: string; branch?: string; students: number; seed: number },
): Promise<Prepared> {
  const existing = await app.db.query('SELECT id FROM courses WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  let courseId: string;
  let syncStatus: string | null = null;
  const created = existing.length === 0;
  if (created) {
    let repository = options.courseRepo;
    if (!repository) {
      const source = demoCourseDir();
      if (!source) throw new Error('the demo course (server/demo-course) was not found; pass --course-repo');
      const repoDir = path.join(app.dataDir, 'repos', 'demo-course');
      repository = fs.existsSync(repoDir) ? path.resolve(repoDir) : createCourseRepository(source, repoDir);
    }
    courseId = await addCourse(app.db, path.join(app.dataDir, 'courses'), repository, options.branch);
    const job = await app.sync.start(courseId, null);
    await app.sync.idle(courseId);
    syncStatus = (await app.sync.status(courseId, job))?.status ?? null;
  } else {
    courseId = existing[0].id;
  }
  if (!(await isSeeded(app.db, courseId))) await seedDemoData(app.db, courseId, options);
  return { courseId, syncStatus, created };
}
