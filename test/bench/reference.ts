// The reference server's figures: API latency with 1,000 students and 40 assessments, simple-GET
// throughput with 16 concurrent clients, and the sync of a 1,000-question course from git, on PGlite
// and PostgreSQL, each beside the bare database time of the same work. Runs as a section of
// `npm run bench` or alone: `node --import tsx test/bench/reference.ts`.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { listen, openApp, type ReferenceApp } from '../../server/apps/referenceServer/app';
import { addCourse } from '../../server/apps/referenceServer/courses';
import { seedDemoData } from '../../server/apps/referenceServer/seed/seed';
import { demoToken } from '../../server/apps/referenceServer/seed/demoUsers';
import { authorizeCourseInstance } from '../../server/apps/referenceServer/api/authz';
import { getCourseInstanceInfo } from '../../server/apps/referenceServer/api/courseInstanceInfo';
import { gradebookRows } from '../../server/apps/referenceServer/api/gradebook';
import { SELECT_ASSESSMENT_INSTANCES } from '../../server/apps/referenceServer/api/assessmentInstances';
import { postgresUnavailable, startPostgresCluster, type PostgresCluster } from '../apps/referenceServer/helpers/postgres';
import type { BenchSection } from './context';
import { median, percentile } from './stats';
import { writeSyntheticCourse } from './syntheticCourse';
import { writeReferenceCourse } from './referenceCourse';
import { formatTable, type Row } from './table';

const SECTION = 'reference server';
const STUDENTS = 1000;
const ASSESSMENTS = 40;
const LATENCY_RUNS = 30;
const THROUGHPUT_MS = 5000;
const CONCURRENCY = 16;
const SEED = 1;

function commitAll(dir: string): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@x' };
  for (const args of [['init', '-q', '-b', 'master'], ['add', '-A'], ['commit', '-q', '-m', 'bench']]) {
    execFileSync('git', args, { cwd: dir, env });
  }
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function samples(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(await timeAsync(fn));
  return out;
}

function getter(base: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const get = (p: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(base + p, { agent, headers: { 'Private-Token': token } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(200) : reject(new Error(`${p}: ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** Requests per second of `fn` run by `CONCURRENCY` loops for THROUGHPUT_MS. */
async function throughput(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const end = performance.now() + THROUGHPUT_MS;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await fn();
        count++;
      }
    }),
  );
  return count / ((performance.now() - t0) / 1000);
}

/** `<label> in <n>ms` from a job's output. */
const loggedMs = (output: string, label: string) => Number(new RegExp(`${label} in ([\\d.]+)ms`).exec(output)?.[1] ?? NaN);

async function measureBackend(name: string, databaseUrl: (db: string) => Promise<string | undefined>, work: string, add: (row: Row) => void) {
  const section = `${SECTION} (${name})`;
  // Sync of a 1,000-question course from git (first sync: clone).
  const syncCourse = path.join(work, `sync-${name}`);
  writeSyntheticCourse(syncCourse, { questions: 1000, assessments: 40 });
  commitAll(syncCourse);
  let app: ReferenceApp = await openApp({ dataDir: path.join(work, `data-sync-${name}`), databaseUrl: await databaseUrl('bench_sync') });
  try {
    const courseId = await addCourse(app.db, path.join(work, `data-sync-${name}`, 'courses'), syncCourse, 'master');
    for (const run of ['first (clone)', 'again (fetch, unchanged)']) {
      const t0 = performance.now();
      const job = await app.sync.start(courseId, null);
      await app.sync.idle(courseId);
      const wall = performance.now() - t0;
      const status = (await app.sync.status(courseId, job))!;
      const db = loggedMs(status.output ?? '', 'Synced all course data');
      add({
        section,
        measure: `sync 1,000 questions from git, ${run}`,
        value: wall,
        unit: 'ms',
        baseline: { label: 'DB writes', value: db },
        target: { text: '< 5000 ms', met: wall < 5000 && status.status !== 'Running' },
        note: run.startsWith('first') ? `status ${status.status}; load+check ${loggedMs(status.output ?? '', 'Loaded course data from disk')} ms, DB writes ${db.toFixed(0)} ms` : undefined,
      });
    }
  } finally {
    await app.close();
  }

  // API figures on 1,000 students × 40 assessments.
  const apiCourse = path.join(work, `api-${name}`);
  writeReferenceCourse(apiCourse, ASSESSMENTS, 3);
  commitAll(apiCourse);
  const dataDir = path.join(work, `data-api-${name}`);
  app = await openApp({ dataDir, databaseUrl: await databaseUrl('bench_api') });
  const server = await listen(app, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pl/api/v1`;
  const token = demoToken(SEED, 'instructor@example.com');
  const client = getter(base, token);
  try {
    const courseId = await addCourse(app.db, path.join(dataDir, 'courses'), apiCourse, 'master');
    await app.sync.start(courseId, null);
    await app.sync.idle(courseId);
    const seedMs = await timeAsync(() => seedDemoData(app.db, courseId, { students: STUDENTS, seed: SEED }));
    const [{ n }] = await app.db.query('SELECT count(*)::int AS n FROM submissions');
    console.error(`${name}: seeded ${STUDENTS} students, ${n} submissions in ${(seedMs / 1000).toFixed(1)} s`);
    const [ci] = await app.db.query('SELECT id FROM course_instances ORDER BY id LIMIT 1');
    const [a] = await app.db.query('SELECT id FROM assessments WHERE course_instance_id = $1 ORDER BY id LIMIT 1', [ci.id]);

    const bareGradebook = await samples(LATENCY_RUNS, () => gradebookRows(app.db, ci.id));
    const gradebook = await samples(LATENCY_RUNS, () => client.get(`/course_instances/${ci.id}/gradebook`));
    add({ section, measure: `gradebook median (${STUDENTS} students × ${ASSESSMENTS} assessments)`, value: median(gradebook), unit: 'ms', baseline: { label: 'bare queries', value: median(bareGradebook) }, target: name === 'PostgreSQL' ? { text: '< 100 ms', met: median(gradebook) < 100 } : undefined });
    add({ section, measure: 'gradebook p99', value: percentile(gradebook, 99), unit: 'ms', baseline: { label: 'bare queries p99', value: percentile(bareGradebook, 99) } });

    const bareInstances = await samples(LATENCY_RUNS, () => app.db.query(SELECT_ASSESSMENT_INSTANCES, [ci.id, a.id, null]));
    const instances = await samples(LATENCY_RUNS, () => client.get(`/course_instances/${ci.id}/assessments/${a.id}/assessment_instances`));
    add({ section, measure: 'assessment instances list median', value: median(instances), unit: 'ms', baseline: { label: 'bare query', value: median(bareInstances) } });
    add({ section, measure: 'assessment instances list p99', value: percentile(instances, 99), unit: 'ms', baseline: { label: 'bare query p99', value: percentile(bareInstances, 99) } });

    const bareRps = await throughput(async () => {
      const ctx = await authorizeCourseInstance(app.db, token, ci.id);
      if (!ctx) throw new Error('demo token refused');
      await getCourseInstanceInfo({ db: app.db, ci: ctx, params: {}, now: new Date() });
    });
    const rps = await throughput(() => client.get(`/course_instances/${ci.id}`));
    add({ section, measure: `GET /course_instances/:ci, ${CONCURRENCY} clients`, value: rps, unit: 'x', baseline: { label: 'bare queries', value: bareRps }, target: { text: '>= 1000 req/s', met: rps >= 1000 }, note: `requests per second (bare: the same token lookup, authorization and query without HTTP, ${bareRps.toFixed(0)}/s)` });
  } finally {
    client.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await app.close();
  }
}

export const referenceSection: BenchSection = {
  name: SECTION,
  async run(ctx) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-bench-ref-'));
    let cluster: PostgresCluster | undefined;
    try {
      await measureBackend('PGlite', async () => undefined, work, ctx.add);
      const missing = postgresUnavailable();
      if (missing) {
        ctx.add({ section: `${SECTION} (PostgreSQL)`, measure: 'skipped', value: NaN, unit: 'ms', note: missing });
        return;
      }
      cluster = await startPostgresCluster();
      const pg = cluster;
      await measureBackend('PostgreSQL', (db) => pg.createDatabase(db), work, ctx.add);
    } finally {
      cluster?.stop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};

if (require.main === module) {
  const rows: Row[] = [];
  const add = (row: Row) => rows.push(row);
  Promise.resolve(referenceSection.run({ repo: path.resolve(__dirname, '../..'), baselines: new Map(), add } as never)).then(() => {
      console.log(formatTable(rows));
      console.log(`\nnode ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    });
}
