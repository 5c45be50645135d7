// The question samples' file cache: a private per-user folder, and a file is used only when it is
// what this version wrote for that key; anything else is removed (and the samples made again).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { readSampleFile, sampleCacheFolder, writeSampleFile, type VariantSample } from '../../../server/apps/referenceServer/seed/sampleCache';

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-cache-'));
const saved = process.env.XDG_CACHE_HOME;
process.env.XDG_CACHE_HOME = home;
after(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
  fs.rmSync(home, { recursive: true, force: true });
});

const answer = { submitted_answer: { x: 1 }, raw_submitted_answer: { x: '1' }, format_errors: {}, partial_scores: { x: { score: 1 } }, score: 1, feedback: {}, params: { a: 1 }, true_answer: { x: 1 } };
const sample: VariantSample = { seed: 'abc', params: { a: 1 }, true_answer: { x: 1 }, correct: answer, wrong: { ...answer, score: 0 } };
const KEY = 'k1';

test('the folder is under XDG_CACHE_HOME and only this user can enter it, even when it existed open', () => {
  const folder = sampleCacheFolder()!;
  assert.equal(folder, path.join(home, 'prairielearn-vscode', 'question-samples'));
  assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
  fs.chmodSync(folder, 0o777);
  assert.equal(sampleCacheFolder(), folder);
  assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
});

test('what this version wrote for a key is read back; the file is private', () => {
  const folder = sampleCacheFolder()!;
  writeSampleFile(folder, KEY, 3, [['q1', [sample]]]);
  assert.equal(fs.statSync(path.join(folder, `${KEY}.json`)).mode & 0o777, 0o600);
  assert.deepEqual(readSampleFile(folder, KEY, 3), [['q1', [sample]]]);
});

test('another version, another key, a wrong shape or no JSON at all: not used, and the file is removed', () => {
  const folder = sampleCacheFolder()!;
  const file = path.join(folder, `${KEY}.json`);
  const bad: unknown[] = [
    { version: 2, key: KEY, entries: [['q1', [sample]]] },
    { version: 3, key: 'other', entries: [['q1', [sample]]] },
    { version: 3, key: KEY, entries: [['q1', [{ ...sample, correct: { ...answer, score: 'full' } }]]] },
    { version: 3, key: KEY, entries: [['q1', [{ ...sample, params: '<script>' }]]] },
    { version: 3, key: KEY, entries: { q1: [sample] } },
    [['q1', [sample]]],
  ];
  for (const content of [...bad.map((b) => JSON.stringify(b)), '{"version": 3, ']) {
    fs.writeFileSync(file, content);
    assert.equal(readSampleFile(folder, KEY, 3), undefined, content);
    assert.equal(fs.existsSync(file), false, content);
  }
});

test('a file where the cache folder should be: nothing is cached on disk', () => {
  const folder = sampleCacheFolder()!;
  fs.rmSync(folder, { recursive: true });
  fs.writeFileSync(folder, 'not a folder');
  assert.equal(sampleCacheFolder(), undefined);
  fs.rmSync(folder);
});
