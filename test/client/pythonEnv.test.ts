// PrairieLearn: Create Python Environment, run for real: venvs made with the system python3. The package
// index is a closed local port, so pip fails as it does without a network; packages that Debian already
// installed system-wide satisfy pip with no network at all (--system-site-packages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { createPythonEnv, RUNTIME_PACKAGES } from '../../client/src/questionPreview/pythonEnv';
import { temporaryFolder } from '../helpers/course';

const offline = { ...process.env, PIP_INDEX_URL: 'http://127.0.0.1:9/simple', PIP_NO_CACHE_DIR: '1', PIP_CONFIG_FILE: '/dev/null' };

test('when pip cannot reach its index, the message says so and names the apt route', async () => {
  const steps: string[] = [];
  const result = await createPythonEnv({
    basePython: 'python3',
    envDir: path.join(temporaryFolder('pl-venv-'), 'env'),
    // Not installed anywhere here: pip must download it.
    packages: ['prairielearn-preview-test-absent'],
    // Made required, so that its absence fails the environment.
    requiredModules: ['prairielearn_preview_test_absent'],
    env: offline,
    progress: (m) => steps.push(m),
  });
  assert.equal(result.ok, false);
  assert.ok(!result.ok);
  assert.match(result.message, /pip could not reach the Python package index/);
  assert.match(result.message, /sudo apt-get install python3-venv python3-numpy .*python3-pint/);
  assert.match(result.message, /prairielearn\.python/);
  assert.deepEqual(steps.map((m) => m.split(' ')[0]), ['Creating', 'Installing', 'Checking'], 'venv, pip, the check');
});

test('a missing base Python is named', async () => {
  const result = await createPythonEnv({ basePython: '/nonexistent/python3', envDir: path.join(temporaryFolder('pl-venv-'), 'env'), env: offline });
  assert.ok(!result.ok);
  assert.match(result.message, /\/nonexistent\/python3 was not found/);
});

test('with the packages installed system-wide, the environment is made without a network and runs them', async () => {
  const envDir = path.join(temporaryFolder('pl-venv-'), 'env');
  const result = await createPythonEnv({ basePython: '/usr/bin/python3', envDir, env: offline });
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.equal(result.python, path.join(envDir, 'bin', 'python'));
  const out = execFileSync(result.python, ['-c', `import sys, ${RUNTIME_PACKAGES.join(', ')}; print(sys.prefix)`], { encoding: 'utf8' });
  assert.equal(out.trim(), envDir, 'the venv Python, not the system one');
});

test('a package pip cannot get offline is named as missing while the environment still runs questions', async () => {
  const result = await createPythonEnv({
    basePython: '/usr/bin/python3',
    envDir: path.join(temporaryFolder('pl-venv-'), 'env'),
    packages: ['numpy', 'prairielearn-preview-test-absent<=1.0', 'lxml'],
    modules: { 'prairielearn-preview-test-absent': 'pl_absent_module' },
    env: offline,
  });
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.deepEqual(result.missing, ['prairielearn-preview-test-absent<=1.0']);
});
