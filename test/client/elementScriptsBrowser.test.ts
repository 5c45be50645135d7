// The page scripts of pl-order-blocks and pl-file-editor in a real Chromium, on the preview's own page
// (previewPage: its CSP, nonce and page script) with the elements' real rendered HTML: drag and drop,
// keyboard moves, Ace loaded from dist/ace with its Python mode, and typed answers put back after a
// re-render. Chromium and playwright-core come from test/vscode/setup.sh, as for the real-VS Code tests;
// without them the test skips (a failure under CI=true). dist/ace comes from node build.mjs (npm test runs it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeVariant, render } from '../lib/runtime/fixtures/elements2/lifecycle';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const BLOCKS = '<pl-order-blocks answers-name="p" indentation="true"><pl-answer>def f():</pl-answer><pl-answer indent="1">return 1</pl-answer><pl-answer correct="false">pass</pl-answer></pl-order-blocks>';
const EDITOR = '<pl-file-editor file-name="main.py" ace-mode="ace/mode/python">def f():\n    return 1</pl-file-editor>';
const FILES = ['pl-order-blocks/pl-order-blocks.css', 'pl-order-blocks/pl-order-blocks.js', 'pl-file-editor/pl-file-editor.css', 'pl-file-editor/pl-file-editor.js'];
const EDITOR_FIELD = '_file_editor_f1bdda93d9a278e358509d498e17d97764c1fb29'; // sha1("main.py")

test('order blocks drag and move by keyboard, Ace edits the file, and both survive a re-render', { timeout: 120_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'ace', 'ace.js')), 'node build.mjs copies Ace to dist/ace');
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-element-scripts-'));
  const blocks = makeVariant('pl-order-blocks', BLOCKS);
  const editor = makeVariant('pl-file-editor', EDITOR);
  const question = render('pl-order-blocks', BLOCKS, blocks, 'question') + render('pl-file-editor', EDITOR, editor, 'question');
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(previewFile(path.join(dir, 'first.html'), { panels: { question }, elementFiles: FILES, libraries: ['ace'] }));
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const answer = () => tab.evaluate(`JSON.parse(document.querySelector('input[name="p-input"]').value).map((b) => b.inner_html + '@' + b.indent)`);

    // Drag: def f(): into the empty answer, then return 1 below it with its left edge ~2 levels in.
    const source = (text: string) => tab.locator('.pl-order-blocks-source li', { hasText: text });
    const list = tab.locator('.pl-order-blocks-answer');
    await source('def f():').dragTo(list, { sourcePosition: { x: 5, y: 5 }, targetPosition: { x: 5, y: 5 } });
    const box = await list.boundingBox();
    await source('return 1').dragTo(list, { sourcePosition: { x: 5, y: 5 }, targetPosition: { x: 5 + 70, y: box.height - 4 } });
    assert.deepEqual(await answer(), ['def f():@0', 'return 1@2']);

    // Keyboard: pass goes to the answer (Enter), up one (ArrowUp), one level in (ArrowRight); back one level.
    await source('pass').focus();
    for (const key of ['Enter', 'ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) await tab.keyboard.press(key);
    assert.deepEqual(await answer(), ['def f():@0', 'pass@1', 'return 1@2']);
    assert.match(await tab.evaluate('document.activeElement.textContent'), /^pass/, 'focus stays on the moved block');
    assert.equal(await tab.locator('.pl-order-blocks [aria-live]').textContent(), 'Answer position 2 of 3, indent 1');

    // Ace, from dist/ace under the page's CSP, with the Python mode loaded on demand. The hidden field, rendered
    // empty as PrairieLearn's is, holds the initial text before any typing.
    await tab.waitForSelector('.pl-file-editor .ace_editor');
    const initial = await tab.evaluate(`document.querySelector('input[name="${EDITOR_FIELD}"]').value`);
    assert.equal(Buffer.from(initial, 'base64').toString('utf8'), 'def f():\n    return 1');
    await tab.waitForSelector('.pl-file-editor .ace_keyword');
    await tab.click('.pl-file-editor .ace_content');
    await tab.keyboard.press('Control+End');
    await tab.keyboard.type('\nx = "π"');
    const base64 = await tab.evaluate(`document.querySelector('input[name="${EDITOR_FIELD}"]').value`);
    const code = Buffer.from(base64, 'base64').toString('utf8');
    assert.equal(code, 'def f():\n    return 1\n    x = "π"', 'Ace keeps the indent; the hidden field is base64 of UTF-8');

    // What the page reported as typed goes into the re-rendered page; both elements rebuild from it.
    // (Polled with evaluate: waitForFunction would eval in the page, which its CSP forbids.)
    const latestTyped = `(window.posted.filter((m) => m.type === 'typed').at(-1) || {}).raw`;
    let typed: Record<string, string> | undefined;
    for (let i = 0; i < 100 && !(typed?.['p-input']?.includes('pass') && typed[EDITOR_FIELD] === base64); i++) {
      await new Promise((r) => setTimeout(r, 50));
      typed = await tab.evaluate(latestTyped);
    }
    assert.ok(typed, 'the page reported the typed answers');
    assert.equal(typed[EDITOR_FIELD], Buffer.from(code, 'utf8').toString('base64'));
    await tab.goto(previewFile(path.join(dir, 'again.html'), { panels: { question }, typed, elementFiles: FILES, libraries: ['ace'] }));
    await tab.waitForSelector('.pl-file-editor .ace_editor');
    assert.deepEqual(await tab.evaluate(`[...document.querySelectorAll('.pl-order-blocks-answer .pl-order-block-content')].map((e) => e.textContent)`),
      ['def f():', 'pass', 'return 1']);
    assert.deepEqual(await answer(), ['def f():@0', 'pass@1', 'return 1@2']);
    assert.equal(await tab.evaluate(`ace.edit(document.querySelector('.pl-file-editor .ace_editor')).getValue()`), code);
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
