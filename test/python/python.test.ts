// Runs the Python side's own checks inside npm test, so that their result is part of the test
// runner's summary: pytest over test/python/ (plruntime and our prairielearn library) and flake8 over
// server/python/ (settings in server/python/pyproject.toml and .flake8). Under CI=true a missing
// pytest or flake8 is a failure; elsewhere the test says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { PYTHON } from '../lib/runtime/elementHarness';

const PYTHON_ROOT = path.resolve(__dirname, '..', '..', 'server', 'python');

function hasModule(name: string): boolean {
  return spawnSync(PYTHON, ['-c', `import ${name}`]).status === 0;
}

function runModule(name: string, args: string[]) {
  return spawnSync(PYTHON, ['-m', name, ...args], { cwd: PYTHON_ROOT, encoding: 'utf8', timeout: 300_000 });
}

for (const [tool, args] of [
  ['pytest', ['-q']],
  ['flake8', ['.']],
] as const) {
  test(`${tool} passes on server/python`, (t) => {
    if (!hasModule(tool)) {
      if (process.env.CI === 'true') assert.fail(`${tool} is missing for ${PYTHON} (Debian: python3-${tool === 'pytest' ? 'pytest' : 'flake8'})`);
      return t.skip(`${tool} is not installed for ${PYTHON}`);
    }
    const r = runModule(tool, [...args]);
    assert.equal(r.status, 0, `${tool} failed:\n${r.stdout}\n${r.stderr}`);
    if (tool === 'pytest') assert.match(r.stdout, /\d+ passed/, 'pytest ran no test');
  });
}
