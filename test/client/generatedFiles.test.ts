// The files a question makes reach the preview by URL from a private folder of the panel's own, not as
// data: URIs inlined into the page: names no question chose, one page's files at a time, gone with the panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GeneratedFiles } from '../../client/src/questionPreview/generatedFiles';

test('made files are written under a private folder, named by hash with their extension kept', () => {
  const files = new GeneratedFiles();
  try {
    assert.equal(fs.statSync(files.dir).mode & 0o777, 0o700, 'only the user reads the folder');
    assert.equal(path.dirname(files.dir), os.tmpdir());
    const plot = files.write('plfile:/generatedFilesQuestion/variant/../../plot.png', Buffer.from('PNGDATA').toString('base64'));
    assert.equal(path.dirname(plot), files.dir, 'a name with .. stays inside');
    assert.match(path.basename(plot), /^[0-9a-f]{32}-0\.png$/);
    assert.equal(fs.readFileSync(plot, 'utf8'), 'PNGDATA');
    assert.equal(fs.statSync(plot).mode & 0o777, 0o600);
    const noExt = files.write('plfile:/submissionFiles/0/Makefile', Buffer.from('all:').toString('base64'));
    assert.match(path.basename(noExt), /^[0-9a-f]{32}-0$/);
  } finally {
    files.dispose();
  }
});

test('a new render replaces the last one\'s files under new names; dispose removes the folder', () => {
  const files = new GeneratedFiles();
  const url = 'plfile:/generatedFilesQuestion/variant/plot.png';
  const first = files.write(url, Buffer.from('one').toString('base64'));
  files.clear();
  assert.ok(!fs.existsSync(first), 'the last page\'s file is gone');
  const second = files.write(url, Buffer.from('two').toString('base64'));
  assert.notEqual(second, first, 'a new name, so the webview cannot show a cached plot of the last variant');
  assert.equal(fs.readFileSync(second, 'utf8'), 'two');
  files.dispose();
  assert.ok(!fs.existsSync(files.dir));
});
