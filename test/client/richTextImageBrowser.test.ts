// pl-rich-text-editor's and pl-image-capture's page scripts in a real Chromium, on the preview's own page
// (previewPage: its CSP, nonce and page script) with the elements' real rendered HTML: text typed into
// Quill (dist/quill from node build.mjs) and an image chosen in the file picker reach the real parse()
// and land in submitted_answers._files, as PrairieLearn's parse stores them (elements/pl-rich-text-editor
// and elements/pl-image-capture, 88fb855); a student's HTML shown in a submission runs nothing. Chromium and
// playwright-core come from test/vscode/setup.sh; without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { makeVariant, render, submit } from '../lib/runtime/fixtures/elements2/lifecycle';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const dist = path.join(ROOT, 'dist');
const RTE = '<pl-rich-text-editor file-name="essay.html" counter="word"><p>Start</p></pl-rich-text-editor>';
const RTE_FIELD = `_rich_text_editor_${createHash('sha1').update('essay.html').digest('hex')}`;
const IMAGE = '<pl-image-capture file-name="work.jpg"></pl-image-capture>';
const IMAGE_FIELD = `_image_capture_${createHash('sha1').update('work.jpg').digest('hex')}`;
// A 2x1 PNG (red, blue), made with Pillow for this test.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';
const HOSTILE = '<p onclick="window.pwned=1">Title <b>bold</b></p><img src="x" onerror="window.pwned=2"><script>window.pwned=3</script>' +
  '<a href="javascript:window.pwned=4" id="pwn">link</a><svg><script>window.pwned=5</script></svg><iframe srcdoc="<script>parent.pwned=6</script>"></iframe>';

/** The preview page (a submission's read-only page when `readOnly`), served from file: URLs (its cspSource). */
function page(dir: string, name: string, panels: { question: string; submissions?: string[] }, readOnly = false): string {
  // The runtime puts the page's nonce on the elements' scripts; the read-only page runs no others.
  return previewFile(path.join(dir, name), {
    panels, ...(readOnly ? { readOnly: { title: 'Submission 1' } } : {}), scriptNonce: true, libraries: ['quill'],
    elementFiles: ['pl-rich-text-editor', 'pl-image-capture'].flatMap((el) => [`${el}/${el}.css`, `${el}/${el}.js`]),
  });
}

/** The raw answers of the newest Save & Grade the page posted. */
async function graded(tab: Awaited<ReturnType<typeof webviewTab>>['tab']): Promise<Record<string, string>> {
  await tab.click('#grade');
  for (let i = 0; i < 100; i++) {
    const raw = await tab.evaluate(`(window.posted.filter((m) => m.type === 'submit').at(-1) || {}).raw`);
    if (raw) return raw;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the page posted no submission');
}

test('text typed into the rich-text editor is submitted and stored as the file; a submission runs nothing of it', { timeout: 180_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(dist, 'quill', 'quill.js')), 'node build.mjs copies Quill to dist/quill');
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const v = makeVariant('pl-rich-text-editor', RTE);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-rte-browser-'));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(page(dir, 'question.html', { question: render('pl-rich-text-editor', RTE, v, 'question') }));
    await tab.waitForSelector('.pl-rich-text-editor .ql-toolbar');
    assert.equal(await tab.textContent('.pl-rich-text-editor .ql-editor'), 'Start', 'the element\'s own HTML is the start');
    assert.equal(await tab.textContent('.pl-rte-counter'), '1 word');
    await tab.click('.pl-rich-text-editor .ql-editor');
    await tab.keyboard.press('Control+End');
    await tab.keyboard.type(' and more π');
    await tab.keyboard.press('Control+b');
    await tab.keyboard.type(' bold');
    assert.equal(await tab.textContent('.pl-rte-counter'), '5 words');
    const raw = await graded(tab);
    const typed = Buffer.from(raw[RTE_FIELD], 'base64').toString('latin1');
    assert.equal(typed, '<p>Start and more &pi;<strong> bold</strong></p>', 'Quill\'s HTML, non-ASCII as named entities');
    const d = submit('pl-rich-text-editor', RTE, v, raw);
    assert.deepEqual(d.format_errors, {});
    assert.deepEqual(d.submitted_answers._files, [{ name: 'essay.html', contents: raw[RTE_FIELD], mimetype: 'text/html' }]);
    assert.equal(d.submitted_answers[RTE_FIELD], undefined, 'the field itself is gone, as in PrairieLearn');
    // A formula (typeset by KaTeX here) is stored as PrairieLearn stores one: its TeX, and back again.
    await tab.evaluate(`(() => { const q = Quill.find(document.querySelector('.pl-rte-editor')); q.insertEmbed(q.getLength() - 1, 'formula', 'x^2<1', 'user'); })()`);
    const withFormula = Buffer.from(await tab.evaluate(`document.querySelector('input[name="${RTE_FIELD}"]').value`), 'base64').toString('latin1');
    assert.equal(withFormula, '<p>Start and more &pi;<strong> bold</strong><span class="ql-formula" data-value="x^2&lt;1">$x^2&lt;1$</span></p>');
    const again = await webviewTab(browser);
    const stored = { submitted_answers: { _files: [{ name: 'essay.html', contents: Buffer.from(withFormula, 'latin1').toString('base64'), mimetype: 'text/html' }] } };
    await again.tab.goto(page(dir, 'again.html', { question: render('pl-rich-text-editor', RTE, v, 'question', stored) }));
    await again.tab.waitForSelector('.pl-rich-text-editor .ql-editor .ql-formula .katex');
    assert.equal(await again.tab.evaluate(`document.querySelector('.ql-editor .ql-formula').dataset.value`), 'x^2<1');
    assert.equal(Buffer.from(await again.tab.evaluate(`document.querySelector('input[name="${RTE_FIELD}"]').value`), 'base64').toString('latin1'), withFormula, 'the same file again');
    assert.deepEqual([...errors, ...again.errors], [], 'no script errors and no CSP violations');

    // A hostile file in a submission (the read-only page's nonce-only policy): shown as harmless text in a
    // read-only editor; no handler, script, frame or link of it runs.
    const files = { submitted_answers: { _files: [{ name: 'essay.html', contents: Buffer.from(HOSTILE).toString('base64'), mimetype: 'text/html' }] } };
    const sub = render('pl-rich-text-editor', RTE, v, 'submission', files);
    assert.doesNotMatch(sub, /<script>|onerror|<svg/, 'the rendered panel holds the file only as base64');
    const second = await webviewTab(browser);
    await second.tab.goto(page(dir, 'submission.html', { question: '', submissions: [sub] }, true));
    await second.tab.waitForSelector('.submission .pl-rich-text-editor .ql-editor');
    await second.tab.evaluate('new Promise((r) => setTimeout(r, 200))');
    assert.equal(await second.tab.evaluate(`document.querySelector('.submission .ql-editor').getAttribute('contenteditable')`), 'false');
    assert.match(await second.tab.textContent('.submission .ql-editor'), /^Title bold/);
    assert.equal(await second.tab.evaluate(`document.querySelectorAll('.submission script, .submission iframe, .submission svg, .submission [onerror], .submission [onclick]').length`), 0);
    await second.tab.evaluate(`document.querySelector('.submission .ql-editor p')?.click(); document.querySelector('.submission a')?.click()`);
    assert.equal(await second.tab.evaluate('window.pwned'), undefined);
    assert.equal(await second.tab.evaluate(`document.querySelector('.submission .ql-toolbar')`), null, 'read-only: no toolbar');
    // clipboard-enabled="false": a paste is refused with PrairieLearn's message; the other editor takes it (at its caret).
    const NO_CLIP = '<pl-rich-text-editor file-name="b.html" clipboard-enabled="false"></pl-rich-text-editor>';
    // (and format="markdown": the element's Markdown is converted by marked, as PrairieLearn's page does)
    const MD = '<pl-rich-text-editor file-name="m.html" format="markdown" markdown-shortcuts="false">\n* one\n* **two**\n</pl-rich-text-editor>';
    const both = render('pl-rich-text-editor', RTE, v, 'question') + render('pl-rich-text-editor', NO_CLIP, makeVariant('pl-rich-text-editor', NO_CLIP), 'question') +
      render('pl-rich-text-editor', MD, makeVariant('pl-rich-text-editor', MD), 'question');
    const third = await webviewTab(browser);
    await third.tab.goto(page(dir, 'clipboard.html', { question: both }));
    await third.tab.waitForSelector('.pl-rich-text-editor .ql-editor >> nth=1');
    const paste = (i: number) => third.tab.evaluate(`(() => { const e = document.querySelectorAll('.ql-editor')[${i}]; e.focus();
      const dt = new DataTransfer(); dt.setData('text/plain', 'pasted'); e.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true })); })()`);
    await paste(1);
    await paste(0);
    await third.tab.evaluate('new Promise((r) => setTimeout(r, 300))');
    assert.deepEqual(await third.tab.evaluate(`[...document.querySelectorAll('.ql-editor')].map((e) => e.textContent)`), ['pastedStart', '', 'onetwo']);
    assert.equal(await third.tab.evaluate(`document.querySelectorAll('.ql-editor')[2].innerHTML`),
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>one</li><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span><strong>two</strong></li></ol>');
    assert.equal(await third.tab.isVisible('.pl-rte-clipboard-note'), true);
    assert.equal(await third.tab.textContent('.pl-rte-clipboard-note'), 'Clipboard operations (cut, copy, paste) are not available for this question.');
    // Markdown shortcuts (quilljs-markdown, on by default): "# " starts a heading; not where they are off.
    await third.tab.click('.ql-editor >> nth=1');
    await third.tab.keyboard.type('# Big');
    await third.tab.click('.ql-editor >> nth=2');
    await third.tab.keyboard.press('Control+End');
    for (const key of ['Enter', 'Enter']) await third.tab.keyboard.press(key);
    await third.tab.keyboard.type('# Small');
    await third.tab.evaluate('new Promise((r) => setTimeout(r, 300))');
    assert.equal(await third.tab.evaluate(`document.querySelectorAll('.ql-editor')[1].innerHTML`), '<h1>Big</h1>');
    assert.match(await third.tab.evaluate(`document.querySelectorAll('.ql-editor')[2].innerHTML`), /<\/ol><p># Small<\/p>$/);
    assert.deepEqual(third.errors, []);

    // DOMPurify reads the payload's handler attributes as it drops them, which the policy reports as
    // blocked; nothing of them ran (window.pwned above).
    assert.deepEqual(second.errors.filter((e) => !/^Executing inline event handler violates/.test(e)), [], 'no other error');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an image chosen in the file picker is submitted and stored as a JPEG; the submission shows it; no camera is said', { timeout: 180_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const v = makeVariant('pl-image-capture', IMAGE);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-image-browser-'));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(page(dir, 'question.html', { question: render('pl-image-capture', IMAGE, v, 'question') }));
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.match(await tab.textContent('.pl-image-capture-note'), /the webcam or a phone\. The preview offers the webcam where VS Code allows it, and a file picker/);
    await tab.setInputFiles('.pl-image-capture input[type=file]', { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await tab.waitForSelector('.pl-image-capture-view img');
    assert.equal(await tab.evaluate(`document.querySelector('.pl-image-capture-view img').naturalWidth`), 2);
    const raw = await graded(tab);
    assert.equal(raw[IMAGE_FIELD], `data:image/png;base64,${PNG}`, 'a small image goes as it is (PrairieLearn scales only past 2000 px)');
    const d = submit('pl-image-capture', IMAGE, v, raw);
    assert.deepEqual(d.format_errors, {});
    assert.equal(d.submitted_answers._files.length, 1);
    assert.equal(d.submitted_answers._files[0].name, 'work.jpg');
    assert.equal(Buffer.from(d.submitted_answers._files[0].contents, 'base64').subarray(0, 3).toString('hex'), 'ffd8ff', 'stored as a JPEG');
    // Headless Chromium has no camera: the element says so instead of failing silently.
    await tab.click('.pl-image-capture-webcam');
    let note = '';
    for (let i = 0; i < 100 && !/camera/.test(note); i++) {
      await new Promise((r) => setTimeout(r, 50));
      note = await tab.textContent('.pl-image-capture-note');
    }
    assert.match(note, /camera is not available here \(\w+\); use Upload image instead|no camera access/);
    // Delete empties the field.
    await tab.click('.pl-image-capture-delete');
    assert.equal(await tab.evaluate(`document.querySelector('input[name="${IMAGE_FIELD}"]').value`), '');
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');

    // The stored image in a submission (read-only page): shown, with no picker.
    const sub = render('pl-image-capture', IMAGE, v, 'submission', { submitted_answers: d.submitted_answers });
    const second = await webviewTab(browser);
    await second.tab.goto(page(dir, 'submission.html', { question: '', submissions: [sub] }, true));
    await second.tab.waitForSelector('.submission .pl-image-capture-view img');
    assert.equal(await second.tab.evaluate(`(async () => { const i = document.querySelector('.submission img'); await i.decode(); return i.naturalWidth; })()`), 2);
    assert.equal(await second.tab.evaluate(`document.querySelectorAll('.submission input').length`), 0);
    assert.deepEqual(second.errors, []);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
