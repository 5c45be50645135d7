import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, isRetryableStatus, parseRetryAfter, sleep } from '../../client/src/api/retry';
import { ConcurrencyLimiter } from '../../client/src/api/limiter';

const policy = { retries: 3, baseDelayMs: 100, maxDelayMs: 1000 };

test('backoff doubles per attempt, keeps at least half of it, and is capped', () => {
  assert.equal(backoffDelay(0, policy, () => 0), 50);
  assert.equal(backoffDelay(0, policy, () => 1), 100);
  assert.equal(backoffDelay(2, policy, () => 1), 400);
  assert.equal(backoffDelay(10, policy, () => 1), 1000);
  assert.equal(backoffDelay(10, policy, () => 0), 500);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(parseRetryAfter('3'), 3000);
  assert.equal(parseRetryAfter(['0']), 0);
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10_000);
  assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter(undefined), undefined);
  assert.equal(parseRetryAfter('soon'), undefined);
  assert.equal(parseRetryAfter('-5'), undefined);
});

test('429 and 503 are retried for every method, 502 only for GETs, others never', () => {
  assert.ok(isRetryableStatus(429, 'POST'));
  assert.ok(isRetryableStatus(503, 'POST'));
  assert.ok(isRetryableStatus(502, 'GET'));
  assert.ok(!isRetryableStatus(502, 'POST'));
  for (const status of [400, 401, 403, 404, 500, 504]) assert.ok(!isRetryableStatus(status, 'GET'), String(status));
});

test('sleep rejects as soon as its signal aborts', async () => {
  const controller = new AbortController();
  const started = Date.now();
  const pending = sleep(10_000, controller.signal);
  controller.abort(new Error('stop'));
  await assert.rejects(pending, /stop/);
  assert.ok(Date.now() - started < 100);
});

test('the limiter runs at most its limit at once, in order, and drops aborted waiters', async () => {
  const limiter = new ConcurrencyLimiter(2);
  const order: number[] = [];
  let peak = 0;
  const release: Array<() => void> = [];
  const task = (n: number) => () =>
    new Promise<number>((resolve) => {
      order.push(n);
      peak = Math.max(peak, limiter.inFlight);
      release.push(() => resolve(n));
    });
  const controller = new AbortController();
  const runs = [limiter.run(task(1)), limiter.run(task(2)), limiter.run(task(3), controller.signal), limiter.run(task(4))];
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, [1, 2]);
  controller.abort(new Error('cancelled'));
  await assert.rejects(runs[2], /cancelled/);
  release.shift()!();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, [1, 2, 4]);
  while (release.length) release.shift()!();
  assert.deepEqual(await Promise.all([runs[0], runs[1], runs[3]]), [1, 2, 4]);
  assert.equal(peak, 2);
  assert.equal(limiter.inFlight, 0);
});
