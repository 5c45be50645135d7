// pl-check --test --shard i/n: a deterministic split of a course's questions for a CI matrix.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { parseShard, selectShard } from '../../../server/apps/plCheck/shard';
import { assertNoStackTrace, runCli } from './runCli';

test('the n shards together hold every question exactly once, sizes differ by at most one, input order does not matter', () => {
  const qids = ['b', 'a/x', 'c', 'a/y', 'd', 'e', 'f'];
  const parts = [1, 2, 3].map((index) => selectShard(qids, { index, count: 3 }));
  assert.deepEqual(parts, [['a/x', 'c', 'f'], ['a/y', 'd'], ['b', 'e']]);
  assert.deepEqual(parts.flat().sort(), [...qids].sort());
  assert.deepEqual(selectShard([...qids].reverse(), { index: 2, count: 3 }), parts[1]);
  assert.deepEqual(selectShard(qids, { index: 1, count: 1 }), [...qids].sort());
  assert.deepEqual(selectShard(qids, undefined), qids, 'no shard keeps the given order');
  assert.deepEqual(selectShard(['a'], { index: 2, count: 2 }), [], 'more shards than questions: some are empty');
});

test('parseShard takes i/n with 1 <= i <= n and explains anything else', () => {
  assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
  for (const bad of ['0/4', '5/4', '2', '2/0', 'a/b', '1/2/3', '-1/2']) {
    assert.match((parseShard(bad) as { error: string }).error ?? '', /is not i\/n with 1 <= i <= n/, bad);
  }
});

const DEMO = path.resolve(__dirname, '../../../server/demo-course');

test('pl-check --test --shard: the shards of the demo course run disjoint questions that add up to the course', () => {
  const run = (shard: string) => {
    const r = runCli(['--test', '--variants', '1', '--format', 'json', '--shard', shard, DEMO]);
    assertNoStackTrace(r.stderr);
    return new Set((JSON.parse(r.stdout).variants as Array<{ qid: string }>).map((v) => v.qid));
  };
  const one = run('1/2');
  const two = run('2/2');
  assert.ok(one.size > 0 && two.size > 0);
  assert.deepEqual([...one].filter((q) => two.has(q)), []);
  const all = fs.readdirSync(path.join(DEMO, 'questions'), { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'info.json').map((f) => path.dirname(f).split(path.sep).join('/'));
  assert.deepEqual([...one, ...two].sort(), all.sort());
  assert.ok(Math.abs(one.size - two.size) <= 1);
});

test('pl-check --shard: a bad value and --shard without --test are usage problems', () => {
  const bad = runCli(['--test', '--shard', '3/2', DEMO]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--shard: "3\/2" is not i\/n/);
  const noTest = runCli(['--shard', '1/2', DEMO]);
  assert.equal(noTest.status, 2);
  assert.match(noTest.stderr, /--shard works with --test only/);
});
