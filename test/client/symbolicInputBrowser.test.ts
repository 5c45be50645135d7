// pl-symbolic-input's formula editor in a real Chromium, on the preview's own page (previewPage: its CSP,
// nonce and page script) with the element's real rendered HTML. As PrairieLearn 88fb855
// (elements/pl-symbolic-input/pl-symbolic-input.mustache) the answer is submitted through a hidden field
// rendered empty; here a plain text box stands in for its MathLive field and pl-symbolic-input.js fills the
// hidden field from it. Chromium and playwright-core come from test/vscode/setup.sh; without them the test
// skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeVariant, render, submit } from '../lib/runtime/fixtures/elements2/lifecycle';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const EL = 'pl-symbolic-input';
const FILES = [`${EL}/${EL}.js`];
const HTML = '<pl-symbolic-input answers-name="y" formula-editor="true" variables="x" correct-answer="sin(x) + 2x"></pl-symbolic-input>';

test('formula editor: typing fills the hidden answer field, which grades and survives a re-render', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const variant = makeVariant(EL, HTML);
  const question = render(EL, HTML, variant, 'question');
  assert.match(question, /<input name="y" id="symbolic-input-sub-y" type="hidden" value=""/);
  assert.match(question, /<input name="y-latex" id="symbolic-input-latex-y" type="hidden" value="">/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-symbolic-input-'));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(previewFile(path.join(dir, 'first.html'), { panels: { question }, elementFiles: FILES, libraries: ['ace'] }));
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const hidden = () => tab.evaluate(`document.querySelector('input[name="y"]').value`);
    assert.equal(await hidden(), '');
    await tab.click('input[data-answer-for="y"]');
    // A math field's text: multi-letter names spelled out, which the element's parse joins again.
    await tab.keyboard.type('s i n ( x ) + x2');
    assert.equal(await hidden(), 's i n ( x ) + x2');

    // The page reports what it would submit; parsed and graded by the element, it is the correct answer.
    const latestTyped = `(window.posted.filter((m) => m.type === 'typed').at(-1) || {}).raw`;
    let typed: Record<string, string> | undefined;
    for (let i = 0; i < 100 && typed?.y !== 's i n ( x ) + x2'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      typed = await tab.evaluate(latestTyped);
    }
    assert.equal(typed?.y, 's i n ( x ) + x2');
    const graded = submit(EL, HTML, variant, { y: typed!.y });
    assert.deepEqual(graded.format_errors, {});
    assert.equal(graded.partial_scores.y.score, 1);

    // Re-rendered with what was typed: the box shows it again and the hidden field keeps it.
    await tab.goto(previewFile(path.join(dir, 'again.html'), { panels: { question }, typed, elementFiles: FILES, libraries: ['ace'] }));
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await tab.evaluate(`document.querySelector('input[data-answer-for="y"]').value`), 's i n ( x ) + x2');
    assert.equal(await hidden(), 's i n ( x ) + x2');
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
