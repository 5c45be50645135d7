// The preview page loads the bundled Quill (with quilljs-markdown, DOMPurify, he and marked) only when a panel has a
// rich-text editor, in the question's page and in a submission's read-only one, under the nonce and from
// the webview's own files (no network).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { previewPage, type PageAssets } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';

const assets: PageAssets = { nonce: 'N0NCE', cspSource: 'https://res', katexCss: 'k.css', katexJs: 'k.js', katexAutoRender: 'ar.js', quillBase: 'https://res/dist/quill/' };
const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};
const EDITOR = '<div class="pl-rich-text-editor" data-options="{}"></div>';

test('Quill and its helpers are on the page only with a rich-text editor, under the nonce, before the page script', () => {
  const page = (question: string, submissions: string[] = [], readOnly = false, a: PageAssets = assets) =>
    previewPage({ state, panels: { question, submissions, head: '' }, ...(readOnly ? { readOnly: { title: 'Submission 1' } } : {}) }, a);
  for (const html of [page(EDITOR), page('', [EDITOR], true)]) {
    for (const f of ['quill.js', 'quilljs-markdown.js', 'purify.min.js', 'he.js', 'marked.umd.js']) {
      assert.match(html, new RegExp(`<script nonce="N0NCE" src="https://res/dist/quill/${f.replace(/\./g, '\\.')}"></script>`), f);
    }
    assert.match(html, /<link rel="stylesheet" href="https:\/\/res\/dist\/quill\/quill\.snow\.css">/);
    assert.ok(html.indexOf('quill.js') < html.indexOf('acquireVsCodeApi'), 'before the page script');
  }
  assert.doesNotMatch(page('<p>no editor</p>'), /dist\/quill/);
  const { quillBase: _unused, ...withoutQuill } = assets;
  assert.doesNotMatch(page(EDITOR, [], false, withoutQuill), /quill\.js/, 'no Quill: the element says its text plainly');
});

// npm test runs node build.mjs first.
test('the build ships Quill, its themes, quilljs-markdown, DOMPurify, he and marked, and the package carries them', () => {
  for (const f of ['quill.js', 'quill.snow.css', 'quill.bubble.css', 'quilljs-markdown.js', 'quilljs-markdown-common-style.css', 'purify.min.js', 'he.js', 'marked.umd.js']) {
    assert.ok(existsSync(path.join('dist', 'quill', f)), f);
  }
  assert.match(readFileSync('.vscodeignore', 'utf8'), /^!dist\/quill\/\*\*$/m);
});
