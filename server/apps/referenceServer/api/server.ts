import * as http from 'node:http';
import type { Api } from '../../../lib/protocol';
import type { Database } from '../db/database';
import type { SyncJobs } from '../sync/syncJobs';
import { authenticate } from './auth';
import { authorizeCourseEditor, authorizeCourseInstance, hasStudentDataView } from './authz';
import { formatDateUtc } from './dates';
import { NotFound } from './handler';
import { HttpError, STATUS_TEXT, sendCompact, sendPretty, setCommonHeaders } from './respond';
import { COURSE_INSTANCE_ROUTES, STUDENT_DATA_PREFIX } from './routes';

export const API_BASE = '/pl/api/v1';

const CI_PREFIX = /^\/course_instances\/(\d+)(\/.*)?$/i;
const COURSE_PREFIX = /^\/course\/(\d+)(\/.*)?$/i;
const SYNC_START = /^\/sync\/?$/i;
const SYNC_STATUS = /^\/sync\/(\d+)\/?$/i;

export interface ApiOptions {
  db: Database;
  sync: SyncJobs;
  /** Injectable clock for `time_remaining`. */
  now?: () => Date;
}

/** PrairieLearn's instructor API v1 on node's http module. */
export function createApiServer(options: ApiOptions): http.Server {
  const server = http.createServer((req, res) => {
    handle(options, req, res).catch((err) => {
      console.error(`unexpected error for ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) sendPretty(res, 500, { message: STATUS_TEXT[500], status: 500 });
      else res.destroy();
    });
  });
  // Headers beyond node's limit get node's own 431; keep the connection handling defaults otherwise.
  return server;
}

async function handle(options: ApiOptions, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const { db, sync } = options;
  const url = req.url ?? '/';
  const pathname = url.split('?')[0];
  const method = req.method ?? 'GET';
  const head = method === 'HEAD';
  setCommonHeaders(res);
  res.setHeader('X-Powered-By', 'Express');
  if (!pathname.toLowerCase().startsWith(API_BASE) || !/^(\/|$)/.test(pathname.slice(API_BASE.length))) {
    return sendCompact(res, 404, { message: 'Not Found' }, head);
  }
  if (method === 'OPTIONS') return sendCompact(res, 200, {});
  const token = req.headers['private-token'];
  if (token === undefined) {
    return sendCompact(res, 401, { message: 'An authentication token must be provided' }, head);
  }
  const invalidToken = () => sendCompact(res, 401, { message: 'The provided authentication token was invalid' }, head);
  if (typeof token !== 'string') return invalidToken();

  const path = pathname.slice(API_BASE.length);
  const isGet = method === 'GET' || head;
  const ciMatch = CI_PREFIX.exec(path);
  // The course-instance chain authenticates and authorizes in one query; the rest authenticate first.
  const user = ciMatch ? undefined : await authenticate(db, token);
  if (!ciMatch && !user) return invalidToken();
  try {
    if (ciMatch) {
      const ci = await authorizeCourseInstance(db, token, ciMatch[1]);
      if (!ci) return invalidToken();
      const rest = ciMatch[2] ?? '';
      if (STUDENT_DATA_PREFIX.test(rest) && !hasStudentDataView(ci)) {
        throw new HttpError(403, 'Requires student data view access');
      }
      for (const route of COURSE_INSTANCE_ROUTES) {
        const m = isGet ? route.pattern.exec(rest) : null;
        if (!m) continue;
        const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
        const body = await route.handler({ db, ci, params, now: options.now?.() ?? new Date() });
        return sendPretty(res, 200, body, head);
      }
      throw new NotFound();
    }
    const courseMatch = COURSE_PREFIX.exec(path);
    if (courseMatch && user) {
      const course = await authorizeCourseEditor(db, user!, courseMatch[1]);
      const rest = courseMatch[2] ?? '';
      if (method === 'POST' && SYNC_START.test(rest)) {
        const id = await sync.start(course.course_id, user.user_id);
        return sendPretty(res, 200, { job_sequence_id: id } satisfies Api.SyncStarted);
      }
      const statusMatch = isGet ? SYNC_STATUS.exec(rest) : null;
      if (statusMatch) {
        const job = await sync.status(course.course_id, statusMatch[1]);
        if (!job) throw new HttpError(404, 'Job sequence not found');
        return sendPretty(
          res,
          200,
          {
            job_sequence_id: job.job_sequence_id,
            start_date: formatDateUtc(job.start_date),
            finish_date: formatDateUtc(job.finish_date),
            status: job.status,
            output: job.output,
          } satisfies Api.SyncJob,
          head,
        );
      }
      // PrairieLearn also mounts the course-instance-info router here, which fails without an instance.
      if (isGet && /^\/?$/.test(rest)) throw new Error('no course instance on a course route');
      throw new NotFound();
    }
    throw new NotFound();
  } catch (err) {
    if (err instanceof NotFound) return sendPretty(res, 404, { message: 'Not Found' }, head);
    // Express answers a path parameter it cannot percent-decode with 400.
    const status = err instanceof HttpError ? err.status : err instanceof URIError ? 400 : 500;
    // The client gets the generic body; the operator gets one line.
    if (status === 500) console.error(`500 for ${method} ${url}: ${err instanceof Error ? err.message : String(err)}`);
    sendPretty(res, status, { message: STATUS_TEXT[status] ?? 'Unknown status code', status }, head);
  }
}
