// The preview page loads the bundled fabric.js and lodash (dist/fabric) only when the runtime's head has a
// pl-drawing extension's script (marked data-element-extension="pl-drawing"), before the head's scripts
// (an extension may use fabric as it loads, as on PrairieLearn's page), under the nonce, from the webview's
// own files; a drawing without extensions does not load them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { previewPage, type PageAssets } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';

const assets: PageAssets = { nonce: 'N0NCE', cspSource: 'https://res', katexCss: 'k.css', katexJs: 'k.js', katexAutoRender: 'ar.js', fabricBase: 'https://res/dist/fabric/' };
const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [], nonce: 'R' },
  submissions: [], issues: [], sameVariant: false,
};
const ELEMENT = '<script src="https://res/elements/pl-drawing/pl-drawing.js" nonce="R"></script>';
const EXTENSION = '<script src="https://res/c/elementExtensions/pl-drawing/chip/chip.js" nonce="R" data-element-extension="pl-drawing"></script>';

test('fabric.js and lodash are on the page only with a pl-drawing extension script, before it, under the nonce', () => {
  const page = (head: string, readOnly = false, a: PageAssets = assets) =>
    previewPage({ state, panels: { question: '<div class="pl-drawing-container"></div>', submissions: [], head }, ...(readOnly ? { readOnly: { title: 'Submission 1' } } : {}) }, a);
  for (const html of [page(ELEMENT + EXTENSION), page(ELEMENT + EXTENSION, true)]) {
    for (const f of ['fabric.min.js', 'lodash.min.js']) assert.match(html, new RegExp(`<script nonce="R" src="https://res/dist/fabric/${f.replace(/\./g, '\\.')}"></script>`), f);
    assert.ok(html.indexOf('fabric.min.js') < html.indexOf('pl-drawing.js') && html.indexOf('lodash.min.js') < html.indexOf('chip.js'), 'before the head scripts');
    assert.match(html, /script-src [^;]*'nonce-R'/);
    assert.doesNotMatch(html, /script-src[^;]*(https:\/\/(?!res)|'unsafe-eval')/, 'the policy stays as strict');
  }
  assert.doesNotMatch(page(ELEMENT), /dist\/fabric/, 'no extension: no fabric');
  const { fabricBase: _unused, ...withoutFabric } = assets;
  assert.doesNotMatch(page(ELEMENT + EXTENSION, false, withoutFabric), /fabric\.min\.js/);
});

// npm test runs node build.mjs first.
test('the build ships fabric.js (PrairieLearn 88fb855 pins 4.6.0-browser) and lodash, and the package carries them', () => {
  for (const f of ['fabric.min.js', 'lodash.min.js']) assert.ok(existsSync(path.join('dist', 'fabric', f)), f);
  assert.equal(JSON.parse(readFileSync('package.json', 'utf8')).devDependencies.fabric, '4.6.0-browser');
  assert.match(readFileSync('.vscodeignore', 'utf8'), /^!dist\/fabric\/\*\*$/m);
});
