// The API client against a local server that misbehaves in every way a real network or proxy can.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PrairieLearnClient, type ClientOptions } from '../../client/src/api/client';
import { ApiError } from '../../client/src/api/errors';

const hits = new Map<string, number>();
let inFlight = 0;
let maxInFlight = 0;
const tokens: Array<string | undefined> = [];

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void;

const json = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body, null, 2));
};
const ci = { course_instance_id: '1', course_instance_short_name: 'Fa26', display_timezone: 'America/Chicago' };

const routes: Record<string, Handler> = {
  '/course_instances/1': (_q, res) => json(res, 200, ci),
  '/course_instances/1/assessments': (_q, res) => json(res, 200, [{ assessment_id: '10', assessment_label: 'HW1' }]),
  // Two gateway failures, then the answer.
  '/course_instances/2/assessments': (_q, res, hit) => (hit <= 2 ? json(res, 502, { message: 'Bad Gateway' }) : json(res, 200, [])),
  '/course_instances/3/assessments': (_q, res, hit) => (hit <= 1 ? json(res, 503, {}) : json(res, 200, [])),
  '/course_instances/4/assessments': (_q, res, hit) =>
    hit <= 1 ? json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '1' }) : json(res, 200, []),
  '/course_instances/5/assessments': (_q, res) => json(res, 429, {}, { 'retry-after': '3600' }),
  '/course_instances/6/assessments': (_q, res) => json(res, 500, { message: 'Internal Server Error', status: 500 }),
  '/course_instances/7/assessments': (_q, res) => json(res, 502, {}),
  '/course_instances/1/gradebook': (_q, res) => json(res, 403, { message: 'Forbidden', status: 403 }),
  '/course_instances/1/assessments/99': (_q, res) => json(res, 404, { message: 'Not Found' }),
  '/course_instances/8': (_q, res) => json(res, 401, { message: 'The provided authentication token was invalid' }),
  '/course_instances/9': (_q, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!DOCTYPE html><html><body>Sign in</body></html>');
  },
  // Valid chunked framing, cut-off JSON.
  '/course_instances/10': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{\n  "course_instance_id": "10",\n  "course_');
  },
  // Content-Length promises more than arrives: the connection drops mid-body.
  '/course_instances/11': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
    res.write('{"course_instance_id": "11",');
    setTimeout(() => res.socket?.destroy(), 10);
  },
  '/course_instances/12': (req) => req.socket.destroy(),
  '/course_instances/13': () => {
    /* never answers */
  },
  '/course_instances/14': (_q, res) => json(res, 200, [ci]),
  '/course_instances/15': (_q, res) => {
    res.writeHead(301, { location: 'https://pl.example.edu/pl/api/v1/course_instances/15' });
    res.end();
  },
  '/course_instances/16/assessments': (_q, res) => setTimeout(() => json(res, 200, []), 40),
  // Resets once, then answers: a GET is repeated.
  '/course_instances/17': (req, res, hit) => (hit <= 1 ? req.socket.destroy() : json(res, 200, ci)),
  '/course/1/sync': (_q, res) => json(res, 502, {}),
  '/course/2/sync': (_q, res, hit) => (hit <= 1 ? json(res, 503, {}, { 'retry-after': '0' }) : json(res, 200, { job_sequence_id: '5' })),
};

const server = http.createServer((req, res) => {
  const path = (req.url ?? '').replace(/^\/pl\/api\/v1/, '');
  const hit = (hits.get(path) ?? 0) + 1;
  hits.set(path, hit);
  tokens.push(req.headers['private-token'] as string | undefined);
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  res.on('close', () => inFlight--);
  const handler = routes[path];
  if (handler) handler(req, res, hit);
  else json(res, 404, { message: 'Not Found' });
});
let serverUrl = '';
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const logs: string[] = [];
function client(options: Partial<ClientOptions> = {}): PrairieLearnClient {
  return new PrairieLearnClient({
    serverUrl,
    token: 'secret-token-123',
    timeoutMs: 2000,
    retry: { baseDelayMs: 5, maxDelayMs: 5000 },
    log: (line) => logs.push(line),
    ...options,
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${err}`);
    return err;
  }
  assert.fail('expected the request to fail');
}

test('a good answer is parsed, with the token in the Private-Token header and never in the log', async () => {
  assert.deepEqual(await client().courseInstance('1'), ci);
  assert.deepEqual(await client().assessments('1'), [{ assessment_id: '10', assessment_label: 'HW1' }]);
  assert.equal(tokens.at(-1), 'secret-token-123');
  assert.ok(logs.length > 0);
  assert.ok(logs.every((line) => !line.includes('secret-token-123')));
});

test('502 and 503 are retried with backoff until the answer comes', async () => {
  assert.deepEqual(await client().assessments('2'), []);
  assert.equal(hits.get('/course_instances/2/assessments'), 3);
  assert.deepEqual(await client().assessments('3'), []);
  assert.equal(hits.get('/course_instances/3/assessments'), 2);
});

test('429 waits as long as Retry-After says', async () => {
  const started = Date.now();
  assert.deepEqual(await client().assessments('4'), []);
  assert.ok(Date.now() - started >= 950, `waited only ${Date.now() - started} ms`);
  assert.equal(hits.get('/course_instances/4/assessments'), 2);
});

test('a Retry-After longer than the longest wait fails at once, saying the server limits requests', async () => {
  const started = Date.now();
  const err = await rejection(client().assessments('5'));
  assert.equal(err.kind, 'rateLimited');
  assert.match(err.message, /429/);
  assert.ok(Date.now() - started < 1000);
  assert.equal(hits.get('/course_instances/5/assessments'), 1);
});

test('500 is not retried; a 502 that persists fails after the retries', async () => {
  const err = await rejection(client().assessments('6'));
  assert.equal(err.kind, 'server');
  assert.equal(err.status, 500);
  assert.match(err.message, /500 Internal Server Error/);
  assert.equal(hits.get('/course_instances/6/assessments'), 1);

  const gateway = await rejection(client({ retry: { retries: 2, baseDelayMs: 1 } }).assessments('7'));
  assert.equal(gateway.status, 502);
  assert.equal(hits.get('/course_instances/7/assessments'), 3);
});

test('401, 403 and 404 say what happened and what to do', async () => {
  const unauthorized = await rejection(client().courseInstance('8'));
  assert.equal(unauthorized.kind, 'unauthorized');
  assert.match(unauthorized.message, /Sign in again/);

  const forbidden = await rejection(client().gradebook('1'));
  assert.equal(forbidden.kind, 'forbidden');
  assert.match(forbidden.message, /Student Data Viewer/);

  const missing = await rejection(client().assessment('1', '99'));
  assert.equal(missing.kind, 'notFound');
  assert.match(missing.message, /assessment 99/);
});

test('an HTML page instead of JSON points at the server URL', async () => {
  const err = await rejection(client().courseInstance('9'));
  assert.equal(err.kind, 'badResponse');
  assert.match(err.message, /web page.*server URL/);
});

test('truncated JSON is a bad answer, whether the framing is complete or the connection drops', async () => {
  const cut = await rejection(client().courseInstance('10'));
  assert.equal(cut.kind, 'badResponse');
  assert.match(cut.message, /not valid JSON/);

  const dropped = await rejection(client({ retry: { retries: 1, baseDelayMs: 1 } }).courseInstance('11'));
  assert.equal(dropped.kind, 'badResponse');
  assert.match(dropped.message, /cut off/);
  assert.equal(hits.get('/course_instances/11'), 2, 'a GET cut off in transit is asked again');
});

test('a reset connection is retried for GETs and then reported as unreachable', async () => {
  assert.deepEqual(await client().courseInstance('17'), ci);
  assert.equal(hits.get('/course_instances/17'), 2);

  const err = await rejection(client({ retry: { retries: 2, baseDelayMs: 1 } }).courseInstance('12'));
  assert.equal(err.kind, 'unreachable');
  assert.match(err.message, /Cannot reach 127\.0\.0\.1:\d+ \(/);
  assert.equal(hits.get('/course_instances/12'), 3);
});

test('a closed port is unreachable', async () => {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
  const err = await rejection(client({ serverUrl: `http://127.0.0.1:${port}`, retry: { retries: 1, baseDelayMs: 1 } }).courseInstance('1'));
  assert.equal(err.kind, 'unreachable');
  assert.match(err.message, /ECONNREFUSED/);
});

test('a server that never answers times out, without retrying', async () => {
  const started = Date.now();
  const err = await rejection(client({ timeoutMs: 200 }).courseInstance('13'));
  assert.equal(err.kind, 'timeout');
  assert.ok(Date.now() - started < 1500);
  assert.equal(hits.get('/course_instances/13'), 1);
});

test('cancelling aborts a request in flight and a wait for Retry-After', async () => {
  const controller = new AbortController();
  const started = Date.now();
  const pending = client().courseInstance('13', { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  assert.equal((await rejection(pending)).kind, 'cancelled');
  assert.ok(Date.now() - started < 1000);

  hits.delete('/course_instances/4/assessments');
  const waiting = new AbortController();
  const limited = client().assessments('4', { signal: waiting.signal });
  setTimeout(() => waiting.abort(), 100);
  assert.equal((await rejection(limited)).kind, 'cancelled');
  assert.equal(hits.get('/course_instances/4/assessments'), 1);

  const already = AbortSignal.abort();
  assert.equal((await rejection(client().courseInstance('1', { signal: already }))).kind, 'cancelled');
});

test('an array where a record is expected is a bad answer', async () => {
  const err = await rejection(client().courseInstance('14'));
  assert.equal(err.kind, 'badResponse');
  assert.match(err.message, /expected a record/);
});

test('a redirect names the address to use instead', async () => {
  const err = await rejection(client().courseInstance('15'));
  assert.match(err.message, /Use https:\/\/pl\.example\.edu as the server URL/);
});

test('no more than the concurrency cap is in flight at once', async () => {
  maxInFlight = 0;
  const c = client({ concurrency: 2 });
  await Promise.all(Array.from({ length: 8 }, () => c.assessments('16')));
  assert.equal(maxInFlight, 2);
  assert.equal(hits.get('/course_instances/16/assessments'), 8);
});

test('a POST is not repeated after a 502 (the sync may have started) but is after 503', async () => {
  const err = await rejection(client().startSync('1'));
  assert.equal(err.status, 502);
  assert.equal(hits.get('/course/1/sync'), 1);
  assert.deepEqual(await client().startSync('2'), { job_sequence_id: '5' });
  assert.equal(hits.get('/course/2/sync'), 2);
});

test('ids that are not numbers never reach the server', async () => {
  const before = hits.size;
  const err = await rejection(client().courseInstance('../course/1/sync'));
  assert.equal(err.kind, 'notFound');
  assert.equal(hits.size, before);
});
