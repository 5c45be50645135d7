// `node build.mjs --plain-pl-check` builds pl-check without its start-up machinery (plCheckPlain.ts:
// no code carried as text, no code cache, the second thread running the same file). It must be the
// same pl-check: this bundles that entry as build.mjs does, into a folder of its own, and compares
// its output with dist/plCheck.js's, with and without the second thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { temporaryFolder } from '../../helpers/course';
import { PL_CHECK, REPO } from './runCli';

const ONE_MISTAKE_PER_RULE = path.join(__dirname, 'fixtures/one-mistake-per-rule');

test('the plain build of pl-check reports what the default build reports', async () => {
  const out = temporaryFolder('pl-check-plain-');
  await esbuild.build({
    entryPoints: { plCheck: path.join(REPO, 'server/apps/plCheck/plCheckPlain.ts') },
    bundle: true, platform: 'node', target: 'node18', format: 'cjs', mainFields: ['module', 'main'], outdir: out, logLevel: 'warning',
  });
  const plain = path.join(out, 'plCheck.js');
  const run = (bundle: string, args: string[]) => spawnSync(process.execPath, [bundle, ...args], { cwd: REPO, encoding: 'utf8' });
  for (const args of [['--format', 'json', ONE_MISTAKE_PER_RULE], ['--serial', '--format', 'json', ONE_MISTAKE_PER_RULE], ['server/demo-course']]) {
    const expected = run(PL_CHECK, args);
    const got = run(plain, args);
    assert.equal(got.stderr, expected.stderr, args.join(' '));
    assert.equal(got.status, expected.status, args.join(' '));
    assert.equal(got.stdout, expected.stdout, args.join(' '));
  }
  assert.ok(JSON.parse(run(plain, ['--format', 'json', ONE_MISTAKE_PER_RULE]).stdout).length > 0, 'the plain build finds the mistakes');
});
