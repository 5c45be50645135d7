import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { temporaryFolder } from '../../helpers/course';
import { cachingReader, nodeCourseReader } from '../../../server/lib/course/courseReader';

test('cachingReader answers from memory for cacheable paths until the path is invalidated', () => {
  const dir = temporaryFolder('pl-cache-');
  const cached = path.join(dir, 'q', 'question.html');
  const passThrough = path.join(dir, 'q', 'notes.txt');
  fs.mkdirSync(path.dirname(cached));
  fs.writeFileSync(cached, 'one');
  fs.writeFileSync(passThrough, 'one');
  const reader = cachingReader(nodeCourseReader, (p) => p.endsWith('.html'));

  assert.equal(reader.readText(cached), 'one');
  assert.equal(reader.readText(passThrough), 'one');
  assert.equal(reader.exists(path.join(dir, 'q', 'missing.html')), false);
  assert.throws(() => reader.readText(path.join(dir, 'q', 'missing.html')), { code: 'ENOENT' });
  fs.writeFileSync(cached, 'two');
  fs.writeFileSync(passThrough, 'two');
  fs.writeFileSync(path.join(dir, 'q', 'missing.html'), 'now here');
  assert.equal(reader.readText(cached), 'one', 'remembered');
  assert.equal(reader.readText(passThrough), 'two', 'not cacheable: read afresh');
  assert.equal(reader.exists(path.join(dir, 'q', 'missing.html')), false, 'absence is remembered too');
  assert.throws(() => reader.readText(path.join(dir, 'q', 'missing.html')), { code: 'ENOENT' }, 'and so is the error');

  reader.invalidate(cached);
  assert.equal(reader.readText(cached), 'two');
  assert.equal(reader.exists(path.join(dir, 'q', 'missing.html')), false, 'other paths are kept');
  // Invalidating a folder (as when it is deleted or created) forgets everything under it.
  reader.invalidate(path.join(dir, 'q'));
  assert.equal(reader.exists(path.join(dir, 'q', 'missing.html')), true);
  assert.equal(reader.readText(path.join(dir, 'q', 'missing.html')), 'now here');
  assert.deepEqual(reader.readDir(path.join(dir, 'q')).map((d) => d.name), ['missing.html', 'notes.txt', 'question.html']);
});
