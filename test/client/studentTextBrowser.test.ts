// A student's text never runs in the real preview page: every input element of fixtures/trustCourse,
// rendered by the real runtime (real Python) with the breakout payloads, shown by previewPage in a
// real Chromium, both as a submission preview (a record from the sidebar: read-only, nonce-only policy)
// and as the question's own preview after the payloads were typed, saved and graded. A payload that ran
// would set window.pwned; the question's own scripts (question.html's and server.py's) do run.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { previewPage, type PageAssets } from '../../client/src/questionPreview/previewPage';
import { rewritePlfileUrls } from '../../client/src/questionPreview/plfileUrls';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import { QuestionRuntime, type RenderedQuestion, type Variant } from '../../server/lib/runtime';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';
import { BREAKOUTS, hostileRaw, hostileRecord, TRUST_COURSE } from '../lib/runtime/studentPayloads';
import { launchChromium, playwright } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const runtime = new QuestionRuntime({ timeoutMs: 60_000, poolSize: 1 });
after(() => runtime.dispose());

const f = (p: string) => `file://${p}`;
const dist = path.join(ROOT, 'dist');
const ASSETS: PageAssets = {
  nonce: 'PAGE-OWN-NONCE', cspSource: 'file:', katexCss: f(`${dist}/katex/katex.min.css`), katexJs: f(`${dist}/katex/katex.min.js`),
  katexAutoRender: f(`${dist}/katex/auto-render.min.js`), aceBase: f(`${dist}/ace/`), quillBase: f(`${dist}/quill/`),
};

/** The page the extension would show for `rendered` (placeholder URLs made file: URLs, as the webview's). */
function pageHtml(v: Variant, qid: string, rendered: RenderedQuestion, readOnly: boolean): string {
  const roots = { courseRoot: TRUST_COURSE, questionDir: path.join(TRUST_COURSE, 'questions', qid), coreElements: ELEMENTS_DIR };
  const rewrite = (html: string) => rewritePlfileUrls(html, roots, f, new Map());
  const state: PreviewState = {
    session: 's', courseRoot: TRUST_COURSE, qid, seed: v.seed, broken: false, params: v.params, correctAnswers: v.correctAnswers, rendered,
    submissions: [{ action: 'grade', score: 0.5, graded: true, gradable: true, broken: false, formatErrors: {} }], issues: rendered.issues, sameVariant: false,
  };
  const panels = { question: rewrite(rendered.questionHtml), submissions: rendered.submissionHtmls.map(rewrite), answer: rendered.answerHtml === undefined ? undefined : rewrite(rendered.answerHtml), head: rewrite(rendered.headHtml) };
  return previewPage({ state, panels, ...(readOnly ? { readOnly: { title: 'Submission 1' } } : {}) }, ASSETS);
}

test('no breakout payload runs in the preview page, in a submission preview or after Save & Grade', { timeout: 900_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-student-text-'));
  const pages: Array<{ name: string; html: string }> = [];
  const v = await runtime.createVariant(TRUST_COURSE, 'allInputs', '1');
  const correct = (await runtime.testAnswers(v, 'correct')).raw ?? {};
  const fields = Object.keys(correct);
  const parsed = (await runtime.submit(v, correct, 'save')).submittedAnswers;
  for (const [k, p] of BREAKOUTS.entries()) {
    for (const formatErrors of [false, true]) {
      pages.push({ name: `record-${k}-${formatErrors}`, html: pageHtml(v, 'allInputs', await runtime.render(v, [hostileRecord(v, p, fields, parsed, formatErrors)]), true) });
    }
    const graded = await runtime.submit(v, hostileRaw(p, fields), 'grade');
    pages.push({ name: `typed-${k}`, html: pageHtml(v, 'allInputs', await runtime.render(v, [graded]), false) });
  }
  const own = await runtime.createVariant(TRUST_COURSE, 'authorScripts', '1');
  const ownSub = await runtime.submit(own, { s: BREAKOUTS[0] }, 'grade');
  const ownPage = { name: 'author-scripts', html: pageHtml(own, 'authorScripts', await runtime.render(own, [ownSub]), true) };

  const browser = await launchChromium(pw);
  try {
    const tab = await browser.newPage();
    const violations: string[] = [];
    tab.on('console', (m: any) => /Content Security Policy/.test(m.text()) && violations.push(m.text()));
    await tab.addInitScript({ content: 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m) });' });
    const open = async (page: { name: string; html: string }) => {
      const file = path.join(dir, `${page.name}.html`);
      fs.writeFileSync(file, page.html);
      await tab.goto(f(file));
      await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      // An onerror or a srcdoc frame would fire after load: give them their turn.
      await tab.evaluate('new Promise((r) => setTimeout(r, 100))');
    };

    // The control: the question's own scripts run on this page (so a payload that ran would be seen).
    await open(ownPage);
    // (question.html and server.py write theirs into each panel: question, submission, answer.)
    assert.deepEqual(await tab.evaluate('window.ranScripts'), Array(3).fill(['question.html', 'server.py']).flat());
    assert.equal(await tab.evaluate('window.pwned'), undefined);

    for (const page of pages) {
      await open(page);
      assert.equal(await tab.evaluate('window.pwned'), undefined, `${page.name}: a payload ran`);
      assert.equal(await tab.evaluate('document.getElementById("pwn") && document.getElementById("pwn").click(), window.pwned'), undefined, `${page.name}: a javascript: link ran`);
      assert.deepEqual(await tab.evaluate('window.posted.filter((m) => m.type !== "typed")'), [], `${page.name}: the page posted`);
      assert.equal(await tab.evaluate('document.querySelector("base") === null'), true, `${page.name}: a base tag`);
    }
    // What the policy blocked were the payloads' handlers and links, never the question's own scripts.
    for (const v of violations) assert.doesNotMatch(v, /ranScripts|pl-order-blocks\.js|pl-file-editor\.js|pl-rich-text-editor\.js|pl-image-capture\.js|quill|katex/, v);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
