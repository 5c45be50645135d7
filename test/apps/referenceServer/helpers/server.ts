import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { listen, openApp, type ReferenceApp } from '../../../../server/apps/referenceServer/app';
import { addCourse } from '../../../../server/apps/referenceServer/courses';
import { seedDemoData } from '../../../../server/apps/referenceServer/seed/seed';
import { demoToken } from '../../../../server/apps/referenceServer/seed/demoUsers';
import { makeCourseRepo, smallCourse, type Files } from './courseRepo';

export interface Running {
  app: ReferenceApp;
  base: string;
  courseId: string;
  repo: string;
  seed: number;
  /** Demo token of a seeded account. */
  token(uid: string): string;
  get(pathname: string, token?: string | null, init?: RequestInit): Promise<Response>;
  /** Stops the server and database; removes the data folder and repository unless `keepData`. */
  close(keepData?: boolean): Promise<void>;
}

export type Backend = { kind: 'pglite' } | { kind: 'postgres'; url: string };

/** Starts a server on a loopback port over a course repository, synced and (optionally) seeded. */
export async function startReference(
  backend: Backend,
  options: { files?: Files; students?: number; seed?: number } = {},
): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ref-data-'));
  const app = await openApp({ dataDir, databaseUrl: backend.kind === 'postgres' ? backend.url : undefined });
  const repo = makeCourseRepo(options.files ?? smallCourse());
  const courseId = await addCourse(app.db, path.join(dataDir, 'courses'), repo, 'master');
  await app.sync.start(courseId, null);
  await app.sync.idle(courseId);
  const seed = options.seed ?? 7;
  await seedDemoData(app.db, courseId, { students: options.students ?? 6, seed });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pl/api/v1`;
  const token = (uid: string) => demoToken(seed, uid);
  return {
    app,
    base,
    courseId,
    repo,
    seed,
    token,
    get: (pathname, tok = token('instructor@example.com'), init = {}) =>
      fetch(base + pathname, {
        ...init,
        headers: { ...(tok === null ? {} : { 'Private-Token': tok }), ...(init.headers as Record<string, string>) },
      }),
    close: async (keepData = false) => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await app.close();
      if (keepData) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(repo, { recursive: true, force: true });
    },
  };
}
