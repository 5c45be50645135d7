import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileCacheDir, runBundle } from '../../../server/apps/plCheck/compileCache';
import { BASE_COURSE, temporaryFolder, writeCourse } from '../../helpers/course';
import { PL_CHECK } from './runCli';

const posix = process.platform !== 'win32';
const CODE = 'exports.answer = require("node:path").basename(__filename) + ":" + (6 * 7);\n// a last line that is a comment';

function cacheFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => name.endsWith('.bin'));
}

test('runBundle runs CommonJS code as the file given, and compiles it afresh, from the cache, or without one', () => {
  const dir = temporaryFolder('pl-compile-cache-');
  const file = path.join(dir, 'bundle.js');
  const first = runBundle(CODE, file, { dir, id: 'abc' });
  assert.deepEqual(first.exports, { answer: 'bundle.js:42' });
  assert.equal(first.cache, 'compiled');
  assert.deepEqual(cacheFiles(dir), [], 'written only when asked, at the end of a run');
  first.saveCache();
  assert.deepEqual(cacheFiles(dir), [`abc-${process.version}-${process.arch}.bin`]);

  // (A second run in this process would find the code in V8's own memory: that the file is used
  // is seen across processes, in the pl-check test below.)

  // A cache V8 turns down (here: not a cache at all) costs a compile, and is replaced.
  const other = `${CODE}\n// another bundle`;
  const garbage = path.join(dir, `other-${process.version}-${process.arch}.bin`);
  fs.writeFileSync(garbage, 'not a code cache');
  const rejected = runBundle(other, file, { dir, id: 'other' });
  assert.equal(rejected.cache, 'compiled');
  assert.deepEqual(rejected.exports, { answer: 'bundle.js:42' });
  rejected.saveCache();
  assert.notEqual(fs.readFileSync(garbage, 'utf8'), 'not a code cache');

  const off = runBundle(CODE, file);
  assert.equal(off.cache, 'off');
  assert.deepEqual(off.exports, { answer: 'bundle.js:42' });
  off.saveCache();

  // Other builds' caches are kept up to four files, newest first.
  for (const id of ['b1', 'b2', 'b3', 'b4', 'b5']) runBundle(CODE, file, { dir, id }).saveCache();
  assert.equal(cacheFiles(dir).length, 4);
  assert.ok(!cacheFiles(dir).some((name) => name.startsWith('abc-') || name.startsWith('other-')), 'the oldest went first');
});

test('the cache folder is the user\'s own, and NODE_DISABLE_COMPILE_CACHE turns the cache off', { skip: !posix }, () => {
  const base = temporaryFolder('pl-xdg-');
  const dir = compileCacheDir({ XDG_CACHE_HOME: base });
  assert.equal(dir, path.join(base, 'pl-check'));
  assert.equal(fs.statSync(dir!).mode & 0o777, 0o700);
  assert.equal(compileCacheDir({ XDG_CACHE_HOME: base, NODE_DISABLE_COMPILE_CACHE: '1' }), undefined);
  // V8 runs what a cache holds: a folder others may write to is not used.
  fs.chmodSync(dir!, 0o777);
  assert.equal(compileCacheDir({ XDG_CACHE_HOME: base }), undefined);
});

test('pl-check fills its compile cache on the first run, uses it after, and checks the same either way', { skip: !posix }, () => {
  const course = writeCourse({
    ...BASE_COURSE,
    'questions/q/info.json': { uuid: '11111111-1111-4111-8111-111111111111', title: 'Q', topic: 'Nowhere', type: 'v3' },
    'questions/q/question.html': '<pl-number-input answers-name="x"></pl-number-input>\n<pl-number-input answers-name="x"></pl-number-input>\n',
  });
  const base = temporaryFolder('pl-xdg-');
  const run = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [PL_CHECK, course], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: base, ...env } });
  const disabled = run({ NODE_DISABLE_COMPILE_CACHE: '1' });
  assert.ok(!fs.existsSync(path.join(base, 'pl-check')), 'no cache at all when disabled');

  const first = run();
  const dir = path.join(base, 'pl-check');
  const [cache] = cacheFiles(dir);
  assert.ok(cache, 'written by the first run');
  const written = fs.statSync(path.join(dir, cache)).mtimeMs;
  const second = run();
  assert.equal(fs.statSync(path.join(dir, cache)).mtimeMs, written, 'used, not written again');
  for (const r of [disabled, first, second]) {
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /duplicate-answers-name/);
    assert.equal(r.stdout, disabled.stdout);
  }
});
