// Ace from the lean files build/aceBundles.mjs makes (dist/ace/: a few bundles, not ace-builds' ~250
// files), in a real Chromium on the preview's own page and policy: a non-default mode (c_cpp) in VS Code's
// dark theme loads from the bundles alone, then every mode, theme, keyboard handler and on-demand extension
// the bundles list loads by its `ace/...` name. Nothing is fetched but those files (any other request is
// aborted and counted) and the console stays clean. Chromium and playwright-core come from
// test/vscode/setup.sh; without them the test skips (a failure under CI=true). dist/ace comes from node build.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { previewPage } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';
import { makeVariant, render } from '../lib/runtime/fixtures/elements2/lifecycle';
import { launchChromium, playwright, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const ACE = path.join(ROOT, 'dist', 'ace');
const EDITOR = '<pl-file-editor file-name="main.c" ace-mode="ace/mode/c_cpp">int main(void) {\n    return 0;\n}</pl-file-editor>';

const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};

/** Loads every name Ace was told a file for, in the page; returns the names that did not give a module. */
const LOAD_ALL = `(async () => {
  const names = Object.keys(ace.config.all().$moduleUrls);
  // A file that fails to load never calls back (Ace listens for load only): a name gives up after 5 s, and
  // after a first failure the others get no wait (the test fails anyway; it lists what else is missing).
  let patience = 5000;
  const load = (name) => new Promise((resolve) => { ace.config.loadModule(name, resolve); setTimeout(resolve, patience); });
  const failed = [];
  for (const name of names) {
    const m = await load(name);
    if (!m) patience = 0;
    const ok = !m ? false
      : name.startsWith('ace/mode/') ? typeof m.Mode === 'function' && new m.Mode().getTokenizer().getLineTokens('x = 1', 'start').tokens.length > 0
      : name.startsWith('ace/theme/') ? typeof m.cssClass === 'string'
      : true;
    if (!ok) failed.push(name);
  }
  return { names, failed };
})()`;

test('Ace loads c_cpp and the dark theme, then any mode or theme, from the lean files only', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const leanFiles = fs.readdirSync(ACE).sort();
  assert.ok(leanFiles.includes('ace.js') && !leanFiles.includes('mode-c_cpp.js'), `dist/ace holds the bundles (${leanFiles})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ace-lean-'));
  const f = (p: string) => `file://${p}`;
  const dist = path.join(ROOT, 'dist');
  const head = `<link href="${f(path.join(ELEMENTS_DIR, 'pl-file-editor', 'pl-file-editor.css'))}" rel="stylesheet"><script src="${f(path.join(ELEMENTS_DIR, 'pl-file-editor', 'pl-file-editor.js'))}"></script>`;
  const question = render('pl-file-editor', EDITOR, makeVariant('pl-file-editor', EDITOR), 'question');
  const html = previewPage({ state, panels: { question, submissions: [], head } }, {
    nonce: 'N0NCE', cspSource: 'file:', katexCss: f(`${dist}/katex/katex.min.css`), katexJs: f(`${dist}/katex/katex.min.js`),
    katexAutoRender: f(`${dist}/katex/auto-render.min.js`), aceBase: f(`${ACE}/`),
  });
  const file = path.join(dir, 'page.html');
  fs.writeFileSync(file, html);

  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    // No network: anything but a file is aborted (and counted); the Ace files fetched are recorded.
    const network: string[] = [];
    const aceFetched: string[] = [];
    await tab.route('**/*', (route: { request(): { url(): string }; abort(): Promise<void>; continue(): Promise<void> }) => {
      const url: string = route.request().url();
      if (!url.startsWith('file:')) {
        network.push(url);
        return route.abort();
      }
      if (url.startsWith(`file://${ACE}/`)) aceFetched.push(url.slice(`file://${ACE}/`.length));
      return route.continue();
    });
    await tab.addInitScript({ content: "document.addEventListener('DOMContentLoaded', () => document.body.classList.add('vscode-dark'), { capture: true });" });
    await tab.goto(f(file));
    await tab.waitForSelector('.pl-file-editor .ace_editor.ace-tomorrow-night');
    await tab.waitForSelector('.pl-file-editor .ace_storage, .pl-file-editor .ace_keyword');
    const editor = `ace.edit(document.querySelector('.pl-file-editor .ace_editor'))`;
    assert.equal(await tab.evaluate(`${editor}.session.getMode().$id`), 'ace/mode/c_cpp');
    assert.equal(await tab.evaluate(`${editor}.getTheme()`), 'ace/theme/tomorrow_night');
    assert.ok(await tab.evaluate(`${editor}.session.getTokens(0).some((tok) => tok.value === 'int' && tok.type !== 'text')`), 'int is highlighted as C');
    assert.deepEqual(aceFetched.sort(), ['ace-modes-1.js', 'ace-themes.js', 'ace.js'], 'the editor, the common modes and the themes');

    const { names, failed } = await tab.evaluate(LOAD_ALL);
    assert.ok(names.length > 200, `every mode and theme has its file (${names.length} names)`);
    for (const name of ['ace/mode/python', 'ace/mode/java', 'ace/mode/r', 'ace/mode/sql', 'ace/mode/markdown', 'ace/mode/php', 'ace/theme/chrome', 'ace/theme/monokai', 'ace/keyboard/vim', 'ace/ext/settings_menu']) {
      assert.ok(names.includes(name), name);
    }
    assert.deepEqual(failed, [], 'every name gives its module');
    assert.deepEqual([...new Set(aceFetched)].sort(), leanFiles, 'each lean file, and nothing else, was fetched');
    assert.equal(aceFetched.length, leanFiles.length, 'each once');
    assert.deepEqual(network, [], 'no network');
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
