// PrairieLearn loads jQuery on every question page (apps/prairielearn/src/components/HeadContents.tsx at
// PrairieLearn 88fb855 puts jquery.min.js before the page's own scripts), so courses' elements and
// question scripts call `$`, many as their script loads in the head: pl101's pl-full-width element does
// `$(function () { $('#content')... })`. The preview ships it (dist/jquery) and loads it first, in
// Chromium under the preview's policy. Without Chromium/playwright-core the test skips (fails under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

test("a course element's script and a question's script that call jQuery's $ run without a page error", { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-jquery-browser-'));
  // A course element's script, as pl101's pl-full-width.js: `$` is called while the head loads.
  const elementJs = path.join(dir, 'pl-full-width.js');
  fs.writeFileSync(elementJs, "$(function () { $('#question-panel').addClass('widened'); });\n");
  const question = '<p id="x">not yet</p><script nonce="N0NCE">$(function () { $("#x").text("ran " + $.fn.jquery.split(".")[0]); });</script>';
  const url = previewFile(path.join(dir, 'page.html'), { panels: { question }, elementFiles: [elementJs], scriptNonce: true, libraries: ['jquery'] });
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(url);
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    // jQuery's ready callbacks may run after the page's own script; polled from outside (the policy refuses eval).
    for (let i = 0; i < 100 && (await tab.evaluate('document.getElementById("x").textContent')) === 'not yet'; i++) await tab.waitForTimeout(50);
    assert.deepEqual(errors, []);
    assert.equal(await tab.evaluate('document.getElementById("x").textContent'), 'ran 3', "the question's script ran with jQuery 3, as PrairieLearn's");
    assert.equal(await tab.evaluate('document.getElementById("question-panel").classList.contains("widened")'), true, "the course element's script ran");
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
