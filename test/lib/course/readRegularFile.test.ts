import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { temporaryFolder } from '../../helpers/course';
import { FileReadError, readRegularFile } from '../../../server/lib/course/courseReader';

const posix = process.platform !== 'win32';
// The reader's shared buffer: a file that fills it exactly is the edge between one read and more.
const BUFFER = 64 * 1024;

test('readRegularFile reads files of every size whole, on both sides of its buffer', () => {
  const dir = temporaryFolder('pl-read-');
  // A three-byte character as near the buffer's end as fits: where the file goes on past the
  // buffer, it is split between two reads and must still be decoded once, whole.
  const sizes = [0, 1, BUFFER - 1, BUFFER, BUFFER + 1, 3 * BUFFER + 7];
  for (const size of sizes) {
    const file = path.join(dir, `f${size}.txt`);
    const before = Math.min(BUFFER - 1, size - 3);
    const text = size < 3 ? 'x'.repeat(size) : 'a'.repeat(before) + '€' + 'b'.repeat(size - before - 3);
    fs.writeFileSync(file, text);
    assert.equal(Buffer.byteLength(text), size);
    assert.equal(readRegularFile(file), text, `${size} bytes`);
  }
  // A small file after a large one: the shared buffer holds nothing of the larger file's end.
  assert.equal(readRegularFile(path.join(dir, 'f1.txt')), 'x');
});

test('readRegularFile keeps to its cap, and says what a path is when it is not a regular file', { skip: !posix }, () => {
  const dir = temporaryFolder('pl-read-');
  const atCap = path.join(dir, 'cap.txt');
  fs.writeFileSync(atCap, 'y'.repeat(2 * BUFFER));
  assert.equal(readRegularFile(atCap, 2 * BUFFER).length, 2 * BUFFER);
  assert.throws(() => readRegularFile(atCap, 2 * BUFFER - 1), (err) => err instanceof FileReadError && /larger than the checker reads/.test(err.message));
  // A cap below the buffer's size holds as well: the first read stops a byte past it.
  const small = path.join(dir, 'small.txt');
  fs.writeFileSync(small, 'z'.repeat(100));
  assert.equal(readRegularFile(small, 100), 'z'.repeat(100));
  assert.throws(() => readRegularFile(small, 99), (err) => err instanceof FileReadError && /larger than the checker reads/.test(err.message));

  assert.throws(() => readRegularFile(dir), { code: 'EISDIR' });
  assert.throws(() => readRegularFile(path.join(dir, 'missing')), { code: 'ENOENT' });
  // Nothing to read, full reads and reads that would wait are each asked about, never waited on.
  assert.throws(() => readRegularFile('/dev/null'), /not a regular file but a device/);
  assert.throws(() => readRegularFile('/dev/zero'), /not a regular file but a device/);
  const fifo = path.join(dir, 'pipe');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  assert.throws(() => readRegularFile(fifo), /not a regular file but a named pipe/);
});
