// The one codec of the runtime's placeholder URLs: what the runtime writes, the language server and
// the preview read back the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parsePlfileUrl, plfileUrl, submissionFilesUrl, submissionGeneratedFilesUrl, variantFileNames, VARIANT_FILES_URL,
} from '../../../server/lib/protocol';

test('written and read back: the variant\'s made files, a submission\'s made and carried files, a static area', () => {
  assert.deepEqual(parsePlfileUrl(`${VARIANT_FILES_URL}/plot.png`), { kind: 'variantFile', name: 'plot.png' });
  assert.deepEqual(parsePlfileUrl(`${submissionGeneratedFilesUrl(2)}/fig.svg`), { kind: 'submissionFile', generated: true, index: 2, name: 'fig.svg' });
  assert.deepEqual(parsePlfileUrl(`${submissionFilesUrl(0)}/answer.py`), { kind: 'submissionFile', generated: false, index: 0, name: 'answer.py' });
  assert.deepEqual(parsePlfileUrl(plfileUrl('clientFilesQuestion', 'img/a%20b.png')), { kind: 'area', area: 'clientFilesQuestion', path: 'img/a b.png' });
  assert.equal(plfileUrl('workspace'), 'plfile:/workspace');
  assert.equal(plfileUrl('coreElements', 'pl-x/'), 'plfile:/coreElements/pl-x/');
});

test('names are decoded, an encoded slash stays in the name, and a query or fragment is left out as a web server would', () => {
  assert.deepEqual(parsePlfileUrl('plfile:/generatedFilesQuestion/variant/my%20plot.png?v=2#top'), { kind: 'variantFile', name: 'my plot.png' });
  assert.deepEqual(parsePlfileUrl('plfile:/submissionFiles/1/dir%2Fa.py'), { kind: 'submissionFile', generated: false, index: 1, name: 'dir/a.py' });
  assert.deepEqual(parsePlfileUrl('plfile:/clientFilesCourse/x.css?1'), { kind: 'area', area: 'clientFilesCourse', path: 'x.css' });
});

test('not a placeholder, a bad escape, or a made-files URL that names no file: nothing', () => {
  for (const url of [
    'https://example.com/a.png',
    'plfile:/',
    'plfile:/clientFilesCourse/%E0%A4%A',
    'plfile:/generatedFilesQuestion/variant/',
    'plfile:/generatedFilesQuestion/other/x.png',
    'plfile:/generatedFilesQuestion/submission/x/a.png',
    'plfile:/submissionFiles/a.py',
    'plfile:/generatedFilesQuestion/variant/%ZZ.png',
  ]) {
    assert.equal(parsePlfileUrl(url), undefined, url);
  }
});

test('variantFileNames: the variant\'s made files a page uses, each once; not a submission\'s, not a bad one', () => {
  const html =
    '<img src="plfile:/generatedFilesQuestion/variant/a.png"><img src=\'plfile:/generatedFilesQuestion/variant/b%20c.png?x\'>' +
    '<div style="background:url(plfile:/generatedFilesQuestion/variant/a.png)"></div>' +
    '<img src="plfile:/generatedFilesQuestion/submission/0/s.png"><img src="plfile:/generatedFilesQuestion/variant/%ZZ">';
  assert.deepEqual(variantFileNames(html), ['a.png', 'b c.png']);
});
