import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pollSync } from '../../client/src/sync/syncPoller';
import { formatElapsed, stripAnsi, SyncOutputRenderer, syncSummary, toTerminalText } from '../../client/src/sync/syncOutput';
import { ApiError } from '../../client/src/api/errors';
import type { SyncJob } from '../../client/src/api/types';

const job = (status: string, output: string | null): SyncJob => ({ job_sequence_id: '9', start_date: null, finish_date: null, status, output });

function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
    waits,
  };
}

test('polling backs off from 1 s to 5 s and stops at the final status', async () => {
  const answers = [...Array(6).fill(job('Running', null)), job('Success', 'done\n')];
  const clock = fakeClock();
  const seen: Array<[string | null, number]> = [];
  const final = await pollSync({ syncJob: async () => answers.shift()! }, '2', '9', { ...clock, onUpdate: (j, ms) => seen.push([j.status, ms]) });
  assert.equal(final.status, 'Success');
  assert.deepEqual(clock.waits, [1000, 1500, 2250, 3375, 5000, 5000]);
  assert.equal(seen.length, 7);
  assert.deepEqual(seen.at(-1), ['Success', 18125]);
});

test('a passing network failure is polled through; an auth failure ends the poll', async () => {
  const clock = fakeClock();
  let calls = 0;
  const errors: Error[] = [];
  const flaky = async () => {
    if (++calls === 2) throw new ApiError('unreachable', 'Cannot reach');
    return calls < 3 ? job('Running', null) : job('Error', 'boom\n');
  };
  assert.equal((await pollSync({ syncJob: flaky }, '2', '9', { ...clock, onPollError: (e) => errors.push(e) })).status, 'Error');
  assert.equal(errors.length, 1);
  const denied = async (): Promise<SyncJob> => {
    throw new ApiError('forbidden', 'Access denied (403)');
  };
  await assert.rejects(pollSync({ syncJob: denied }, '2', '9', clock), /403/);
});

test('polling gives up after its time limit, and stops when cancelled', async () => {
  const clock = fakeClock();
  await assert.rejects(pollSync({ syncJob: async () => job('Running', null) }, '2', '9', { ...clock, timeoutMs: 10_000 }), /still running after/);
  const controller = new AbortController();
  controller.abort(new Error('cancelled'));
  await assert.rejects(pollSync({ syncJob: async () => job('Running', null) }, '2', '9', { signal: controller.signal }), /cancelled/);
});

test('without output the terminal shows Running... with the elapsed time, redrawn in place, then the verdict', () => {
  const r = new SyncOutputRenderer();
  assert.equal(r.update(job('Running', null), 1200), '\x1b[2mRunning... 1 s\x1b[22m');
  assert.equal(r.update(job('Running', null), 65_000), '\r\x1b[2K\x1b[2mRunning... 1 min 05 s\x1b[22m');
  const end = r.update(job('Success', 'line 1\n\x1b[32m✓ Course sync successful\x1b[39m\n'), 70_000);
  assert.ok(end.startsWith('\r\x1b[2Kline 1\r\n\x1b[32m✓ Course sync successful\x1b[39m\r\n'));
  assert.ok(end.endsWith('\x1b[32mSync finished: Success (1 min 10 s)\x1b[39m\r\n'));
});

test('growing output is streamed as it arrives, once, keeping its colours', () => {
  const r = new SyncOutputRenderer();
  const a = 'Fetch from remote git repository\n\x1b[94mCommand: git fetch\x1b[39m\n';
  const first = r.update(job('Running', a), 1000);
  assert.equal(first, toTerminalText(a) + '\x1b[2mRunning... 1 s\x1b[22m');
  const second = r.update(job('Running', a + 'partial'), 2000);
  assert.equal(second, '\r\x1b[2Kpartial', 'no status line over an unfinished line');
  const last = r.update(job('Error', a + 'partial line\n'), 3000);
  assert.ok(last.startsWith(' line\r\n\r\n\x1b[91mSync ended: Error (3 s)'));
});

test('output that does not continue what was shown is printed again in full', () => {
  const r = new SyncOutputRenderer();
  r.update(job('Running', 'one\n'), 0);
  assert.match(r.update(job('Running', 'two\n'), 0), /restarted the output.*\r\ntwo\r\n/s);
});

test('a job that ends without output says so', () => {
  assert.match(new SyncOutputRenderer().update(job('Error', null), 31_000), /kept no output.*Sync ended: Error \(31 s\)/s);
});

test('summary line, ANSI stripping and elapsed formatting', () => {
  assert.equal(syncSummary('a\n\x1b[91m✖ Some JSON files contained errors and were unable to be synced\x1b[39m\n\x1b[1m• q/info.json\x1b[22m\n  ✖ bad\n'), '✖ Some JSON files contained errors and were unable to be synced');
  assert.equal(syncSummary(null), undefined);
  assert.equal(stripAnsi('\x1b[2mdim\x1b[22m'), 'dim');
  assert.equal(formatElapsed(59_999), '59 s');
});
