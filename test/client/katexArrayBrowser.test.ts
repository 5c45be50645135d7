// An array whose column spec has MathJax's empty @{} separator typesets in the preview (KaTeX) as in
// PrairieLearn (MathJax): the example course's demo/drawing/graphs writes \begin{array}{@{}ll@{}}, which
// KaTeX alone refuses with "Unknown column alignment: @". In Chromium on the preview page; without
// Chromium/playwright-core the test skips (fails under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

test('an array with @{} column separators typesets without a KaTeX error', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-katex-array-'));
  const question = String.raw`<p id="m">$$ \left\{ \begin{array}{@{}ll@{}} 2x - 1, & x < 0 \\ x^2, & x \ge 0 \end{array} \right. $$</p><p id="n">$\begin{array}{l@{}r} a & b \end{array}$</p>`;
  const url = previewFile(path.join(dir, 'page.html'), { panels: { question }, elementFiles: [] });
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(url);
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.deepEqual(errors, []);
    assert.equal(await tab.evaluate('document.querySelectorAll(".katex-error").length'), 0, 'no KaTeX error');
    assert.equal(await tab.evaluate('document.querySelectorAll("#m .katex-display, #n .katex").length'), 2, 'both typeset');
    assert.match(await tab.evaluate('document.querySelector("#m annotation").textContent') as string, /x\^2/);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
