// The preview page loads the bundled Ace only for a question with a file editor, under the nonce and
// from the webview's own files (no network), with the folder Ace loads its modes and themes from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { previewPage, type PageAssets } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';

const assets: PageAssets = { nonce: 'N0NCE', cspSource: 'https://res', katexCss: 'k.css', katexJs: 'k.js', katexAutoRender: 'ar.js', aceBase: 'https://res/dist/ace/' };
const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};
const page = (question: string, a: PageAssets = assets) => previewPage({ state, panels: { question, submissions: [], head: '' } }, a);

test('Ace is on the page only with a file editor, under the nonce, from the extension', () => {
  const html = page('<div class="pl-file-editor card mb-2"><textarea data-target="f"></textarea></div>');
  const tag = /<script[^>]*id="pl-ace"[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(tag, /nonce="N0NCE"/);
  assert.match(tag, /src="https:\/\/res\/dist\/ace\/ace\.js"/);
  assert.match(tag, /data-base="https:\/\/res\/dist\/ace\/"/);
  assert.ok(html.indexOf('id="pl-ace"') < html.indexOf('acquireVsCodeApi'), 'before the page script');
  assert.doesNotMatch(page('<p>no editor</p>'), /id="pl-ace"/);
  const { aceBase: _unused, ...withoutAce } = assets;
  assert.doesNotMatch(page('<div class="pl-file-editor"></div>', withoutAce), /id="pl-ace"/, 'no Ace: the textarea stays');
});

// npm test runs node build.mjs first. build/aceBundles.mjs makes these few files (test/build says how);
// aceLeanBrowser.test.ts loads every mode and theme from them in Chromium.
test('the build ships Ace as a few bundles, not one file per mode and theme', () => {
  const files = readdirSync(path.join('dist', 'ace')).sort();
  for (const f of ['ace.js', 'ace-modes-1.js', 'ace-themes.js', 'ace-extras.js']) assert.ok(files.includes(f), f);
  assert.ok(files.length <= 12, `${files.length} files in dist/ace: ${files}`);
  assert.ok(!files.some((f) => /^(mode|theme|ext|keybinding)-/.test(f)), 'no ace-builds file is copied as it is');
});
