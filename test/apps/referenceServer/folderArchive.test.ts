// The one-file archive of a folder (the packaged empty database): folders, files, bytes and modes come back
// as they were; a path that would leave the target folder, or a cut archive, is refused.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { packFolder, unpackFolder } from '../../../server/apps/referenceServer/db/folderArchive';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-folder-archive-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

test('a folder packed and unpacked is the same folder, empty folders and modes included', () => {
  const from = path.join(work, 'from');
  fs.mkdirSync(path.join(from, 'base', '1'), { recursive: true });
  fs.mkdirSync(path.join(from, 'pg_tblspc'));
  fs.writeFileSync(path.join(from, 'PG_VERSION'), '17\n');
  fs.writeFileSync(path.join(from, 'base', '1', '1259'), Buffer.from([0, 1, 2, 255]));
  fs.writeFileSync(path.join(from, 'postgresql.conf'), '', { mode: 0o600 });
  fs.chmodSync(path.join(from, 'postgresql.conf'), 0o600);
  const to = path.join(work, 'to');
  unpackFolder(packFolder(from), to);
  assert.ok(fs.statSync(path.join(to, 'pg_tblspc')).isDirectory());
  assert.equal(fs.readFileSync(path.join(to, 'PG_VERSION'), 'utf8'), '17\n');
  assert.deepEqual([...fs.readFileSync(path.join(to, 'base', '1', '1259'))], [0, 1, 2, 255]);
  assert.equal(fs.readFileSync(path.join(to, 'postgresql.conf')).length, 0);
  assert.equal(fs.statSync(path.join(to, 'postgresql.conf')).mode & 0o777, 0o600);
});

function archive(index: object, body = Buffer.alloc(0)): Buffer {
  const head = Buffer.from(JSON.stringify(index));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return gzipSync(Buffer.concat([length, head, body]));
}

test('a path out of the folder, or an archive cut short, is refused', () => {
  const to = path.join(work, 'refused');
  assert.throws(() => unpackFolder(archive({ dirs: [], files: [{ path: '../escaped', size: 1, mode: 0o644 }] }, Buffer.from('x')), to), /leaves its folder/);
  assert.throws(() => unpackFolder(archive({ dirs: ['/etc'], files: [] }), to), /leaves its folder/);
  assert.equal(fs.existsSync(path.join(work, 'escaped')), false);
  assert.throws(() => unpackFolder(archive({ dirs: [], files: [{ path: 'a', size: 10, mode: 0o644 }] }, Buffer.from('abc')), to), /ends before/);
});
