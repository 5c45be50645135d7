// A sweep over many element configurations and seeds: test() must predict what parse() and grade()
// produce, as PrairieLearn's Test button requires (docs/reference/questionLifecycle.md, Test).
// The controllers run in one real Python process (fixtures/elementsSweep.py) so thousands of runs stay cheap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { PYTHON } from './elementHarness';

test('test() agrees with parse() and grade() for 21 element configurations x 20 seeds x 3 test types', () => {
  const r = spawnSync(PYTHON, [path.join(__dirname, 'fixtures', 'elementsSweep.py'), '20'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  assert.equal(out.runs, 21 * 20 * 3);
  assert.deepEqual(out.failures, []);
});
