// The API client's bounds: how much of an answer it reads, and when it asks before a token leaves
// the machine unencrypted. Against a real local HTTP server; undici as in the extension.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PrairieLearnClient } from '../../client/src/api/client';
import type { ApiError } from '../../client/src/api/errors';
import { sendsTokenInClear } from '../../client/src/api/serverUrl';

const MAX = 1024 * 1024;
const hits = new Map<string, number>();
let server: http.Server;
let base: string;

before(async () => {
  server = http.createServer((req, res) => {
    const path = req.url!.replace('/pl/api/v1', '');
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/course_instances/1/assessments') {
      // Declares far more than the cap: refused before the body is read.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('[');
      return;
    }
    if (path === '/course_instances/2/assessments') {
      // No length given (chunked); the body runs past the cap.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      let sent = 0;
      const more = () => {
        while (sent < 4 * MAX) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('[]');
      };
      res.write('[');
      more();
      return;
    }
    // Just under the cap: read whole.
    const filler = ' '.repeat(MAX - 100);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`[${filler}]`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

const client = () => new PrairieLearnClient({ serverUrl: base, token: 't', maxResponseBytes: MAX, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });

test('an answer over the size cap fails at once, whether its length is declared or not, and is not asked for again', async () => {
  for (const ci of ['1', '2']) {
    await assert.rejects(client().assessments(ci), (err: ApiError) => {
      assert.equal(err.kind, 'badResponse');
      assert.match(err.message, /larger than 1 MB.*not read/);
      return true;
    });
    assert.equal(hits.get(`/course_instances/${ci}/assessments`), 1, 'not retried');
  }
  assert.deepEqual(await client().assessments('3'), [], 'an answer under the cap is read whole');
});

test('plain http to another machine: nothing is sent until the user agrees, asked once; loopback is not asked about', async () => {
  assert.equal(sendsTokenInClear('http://pl.example.edu'), true);
  assert.equal(sendsTokenInClear('https://pl.example.edu'), false);
  for (const local of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) assert.equal(sendsTokenInClear(local), false, local);

  const asked: string[] = [];
  const refusing = new PrairieLearnClient({ serverUrl: 'http://pl.example.invalid', token: 't', retry: { retries: 0 }, timeoutMs: 5000, confirmPlainHttp: async (host) => (asked.push(host), false) });
  await assert.rejects(refusing.assessments('1'), (err: ApiError) => err.kind === 'cancelled' && /Nothing was sent: pl\.example\.invalid is plain http/.test(err.message));
  assert.deepEqual(asked, ['pl.example.invalid']);

  // Agreed: the request goes out (and fails to resolve the name, which proves it was sent), and the answer holds for the next request.
  const agreeing = new PrairieLearnClient({ serverUrl: 'http://pl.example.invalid', token: 't', retry: { retries: 0 }, timeoutMs: 5000, confirmPlainHttp: async (host) => (asked.push(host), true) });
  for (let i = 0; i < 2; i++) await assert.rejects(agreeing.assessments('1'), (err: ApiError) => err.kind === 'unreachable' || err.kind === 'timeout');
  assert.deepEqual(asked, ['pl.example.invalid', 'pl.example.invalid']);

  // A loopback server is not asked about.
  const local = new PrairieLearnClient({ serverUrl: base, token: 't', confirmPlainHttp: async () => assert.fail('asked about loopback') });
  assert.deepEqual(await local.assessments('3'), []);

  // Without a way to ask, the client warns in its log and sends.
  const lines: string[] = [];
  const logged = new PrairieLearnClient({ serverUrl: 'http://pl.example.invalid', token: 't', retry: { retries: 0 }, timeoutMs: 5000, log: (line) => lines.push(line) });
  await assert.rejects(logged.assessments('1'));
  assert.match(lines[0], /^warning: pl\.example\.invalid is plain http; the token is sent unencrypted$/);
  assert.ok(!lines.join('\n').includes("'t'"), 'never the token');
});
