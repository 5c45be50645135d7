// pl-order-blocks dragged with the pointer in a real Chromium, with the preview page nested as VS Code
// nests a webview (the workbench, at an offset, holds the webview's frame, which holds the page) and a
// page shorter than the question, so that it scrolls. Chromium's HTML drag and drop gave the drag to
// whatever block was under the press point when the pointer first moved: when the page scrolled in
// between (playwright and VS Code scroll the drop target into view) the neighbouring block moved. The
// page script now drags with pointer events: the pressed block moves and lands where it is released.
// Chromium and playwright-core come from test/vscode/setup.sh; without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeVariant, render } from '../lib/runtime/fixtures/elements2/lifecycle';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
// The demo course's question that the real-VS Code scenario drags in.
const QUESTION = fs.readFileSync(path.join(ROOT, 'server', 'demo-course', 'questions', 'programming', 'loopOrdering', 'question.html'), 'utf8');
const BLOCKS = QUESTION.slice(QUESTION.indexOf('<pl-order-blocks'));

test('a pointer drag moves the pressed block in a nested, scrolled page', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-order-drag-'));
  const question = render('pl-order-blocks', BLOCKS, makeVariant('pl-order-blocks', BLOCKS), 'question');
  previewFile(path.join(dir, 'page.html'), { panels: { question }, elementFiles: ['pl-order-blocks/pl-order-blocks.css', 'pl-order-blocks/pl-order-blocks.js'] });
  fs.writeFileSync(path.join(dir, 'webview.html'), '<body style="margin:0"><iframe src="page.html" style="border:0;width:100%;height:100vh"></iframe></body>');
  fs.writeFileSync(path.join(dir, 'workbench.html'), '<body style="margin:0;padding:120px 0 0 300px"><iframe src="webview.html" style="border:0;width:700px;height:300px"></iframe></body>');
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(`file://${path.join(dir, 'workbench.html')}`);
    const page = tab.frameLocator('iframe').frameLocator('iframe');
    const source = (text: string) => page.locator('.pl-order-blocks-source li', { hasText: text }).first();
    const answerList = page.locator('.pl-order-blocks-answer');
    await source('def count_vowels(word):').waitFor();
    const placed = async () => JSON.parse(await page.locator('input[name="vowelLoop-input"]').inputValue())
      .map((b: { inner_html: string; indent: number }) => `${b.inner_html.replace(/<[^>]*>/g, '')}@${b.indent}`);
    const scrollY = () => page.locator('body').evaluate(() => window.scrollY);

    // playwright presses on the block, scrolls the answer list into view, then moves there.
    assert.equal(await scrollY(), 0);
    await source('def count_vowels(word):').dragTo(answerList, { targetPosition: { x: 10, y: 10 } });
    assert.ok(await scrollY() > 0, 'the page scrolled between the press and the move');
    assert.deepEqual(await placed(), ['def count_vowels(word):@0']);

    // By hand: press, scroll the page by more than a block's height, move below the first block with the
    // block's left edge two levels in, release. Positions are the workbench's: frame offsets and scroll included.
    await page.locator('body').evaluate(() => window.scrollTo(0, 0));
    const block = source('count = 0');
    const grabbed = (await block.boundingBox())!;
    await tab.mouse.move(grabbed.x + 5, grabbed.y + 5);
    await tab.mouse.down();
    const pressedY = await scrollY();
    await page.locator('body').evaluate(() => window.scrollBy(0, 90));
    assert.ok(await scrollY() - pressedY > grabbed.height, 'scrolled by more than a block');
    const target = (await answerList.boundingBox())!;
    const levelPx = 2 * await answerList.evaluate((l: Element) => parseFloat(getComputedStyle(l).fontSize));
    await tab.mouse.move(target.x + 5 + 2 * levelPx, target.y + target.height - 4, { steps: 5 });
    await tab.mouse.up();
    assert.deepEqual(await placed(), ['def count_vowels(word):@0', 'count = 0@2']);
    assert.match(await page.locator(':focus').textContent() ?? '', /^count = 0/, 'the moved block has the focus');

    // Released outside both lists: nothing moves.
    const other = (await source('return count').boundingBox())!;
    await tab.mouse.move(other.x + 5, other.y + 5);
    await tab.mouse.down();
    await tab.mouse.move(20, 20, { steps: 5 });
    await tab.mouse.up();
    assert.deepEqual(await placed(), ['def count_vowels(word):@0', 'count = 0@2']);
    assert.equal(await page.locator('.pl-order-block-dragging').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
