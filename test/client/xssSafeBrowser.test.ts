// pl-xss-safe's page script in a real Chromium on the preview's own page (its CSP and nonce): a
// student's HTML keeps its harmless markup in the element's shadow root and nothing in it runs,
// loads or reaches the page. Chromium and playwright-core come from test/vscode/setup.sh, as for the
// other browser tests; without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { previewPage } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import { ELEMENTS_DIR, phaseData, runElement } from '../lib/runtime/elementHarness';
import { launchChromium, playwright } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const HOSTILE = '<h2 onclick="window.ran=1">Title</h2><p>ok <b>bold</b> <a href="javascript:window.ran=2">js link</a> <a href="https://example.org/x">web</a></p>' +
  '<img src="x" onerror="window.ran=3"><script>window.ran=4</script><style>body{display:none}</style><iframe src="data:text/html,hi"></iframe>' +
  '<svg><script>window.ran=5</script></svg><form action="/steal"><input name="p"></form><custom-tag>kept text</custom-tag>';

const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};


test('a hostile submission keeps only harmless markup, in a shadow root, and nothing of it runs', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const files = { _files: [{ name: 'ans.html', contents: Buffer.from(HOSTILE).toString('base64') }] };
  const element = (attrs: string) => runElement('pl-xss-safe', 'render', `<pl-xss-safe ${attrs}></pl-xss-safe>`, phaseData('render', { submitted_answers: files })).html ?? '';
  const question = `<div id="html">${element('submitted-file-name="ans.html"')}</div><div id="md">${element('contents="# Heading <b>x</b>" language="markdown"')}</div>`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-xss-browser-'));
  const f = (p: string) => `file://${p}`;
  const dist = path.join(ROOT, 'dist');
  const head = `<script src="${f(path.join(ELEMENTS_DIR, 'pl-xss-safe', 'pl-xss-safe.js'))}"></script>`;
  fs.writeFileSync(path.join(dir, 'page.html'), previewPage({ state, panels: { question, submissions: [], head }, typed: {} }, {
    nonce: 'N0NCE', cspSource: 'file:', katexCss: f(`${dist}/katex/katex.min.css`), katexJs: f(`${dist}/katex/katex.min.js`),
    katexAutoRender: f(`${dist}/katex/auto-render.min.js`), aceBase: f(`${dist}/ace/`),
  }));
  const browser = await launchChromium(pw);
  try {
    const tab = await browser.newPage();
    const requests: string[] = [];
    tab.on('request', (r: any) => requests.push(r.url()));
    await tab.addInitScript({ content: 'window.acquireVsCodeApi = () => ({ postMessage: () => {} });' });
    await tab.goto(`file://${path.join(dir, 'page.html')}`);
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const shadow = (id: string) => tab.evaluate(`document.querySelector('#${id} .pl-xss-safe').shadowRoot.innerHTML`);
    const html = await shadow('html');
    assert.equal(html, '<h2>Title</h2><p>ok <b>bold</b> <a rel="noopener noreferrer">js link</a> <a href="https://example.org/x" rel="noopener noreferrer">web</a></p>' +
      '<img src="x">kept text');
    await tab.click('#html >> text=Title').catch(() => undefined);
    await tab.waitForTimeout(300);
    assert.equal(await tab.evaluate('window.ran'), undefined, 'no handler, script or URL of the submission ran');
    assert.equal(await tab.evaluate('getComputedStyle(document.body).display'), 'block', "the submission's style did not reach the page");
    assert.equal(await tab.evaluate(`document.querySelector('#html').textContent`), '', 'the light DOM holds nothing of it');
    assert.deepEqual(requests.filter((u) => /example\.org|steal/.test(u)), []);
    assert.equal(await shadow('md'), '<pre># Heading &lt;b&gt;x&lt;/b&gt;</pre>', 'Markdown is shown as its text');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
