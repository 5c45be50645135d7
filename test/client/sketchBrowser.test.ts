// pl-sketch's page script in a real Chromium, on the preview's own page (previewPage: its CSP, nonce and
// page script): an author draws with four tools (horizontal line, point, free-draw, spline) with the
// mouse; the hidden input then holds what PrairieLearn's canvas submits (base64 of JSON: its state
// {apiVersion, meta, data} plus "gradeable", the shape PrairieLearn's pl-sketch.py parse reads at
// commit 88fb855), and the real controller parses and grades it. Undo takes the last drawing back, Erase
// the one clicked; a drawing typed before a re-render comes back.
// Chromium and playwright-core come from test/vscode/setup.sh; without them the test skips (a failure
// under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { previewPage } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import { ELEMENTS_DIR, phaseData, pythonJson, runElement } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const SKETCH = `<pl-sketch answers-name="s" width="600" height="400">
<pl-sketch-tool id="hl" type="horizontal-line"></pl-sketch-tool><pl-sketch-tool id="pt" type="point"></pl-sketch-tool>
<pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool><pl-sketch-tool id="sp" type="spline" label="Spline"></pl-sketch-tool>
<pl-sketch-tool id="ref" type="point" read-only="true"></pl-sketch-tool><pl-sketch-initial tool-id="ref" coordinates="(-4,4)"></pl-sketch-initial>
<pl-sketch-grade type="match" tool-id="hl" y="2"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="pt" x="1" y="-1"></pl-sketch-grade>
<pl-sketch-grade type="count" tool-id="pt" count="1"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="fd" function="x/2"></pl-sketch-grade>
<pl-sketch-grade type="concave-up" tool-id="sp"></pl-sketch-grade></pl-sketch>`;

const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};

function page(dir: string, question: string, typed?: Record<string, string>): string {
  const f = (p: string) => `file://${p}`;
  const el = path.join(ELEMENTS_DIR, 'pl-sketch');
  const head = [`<link href="${f(path.join(el, 'pl-sketch.css'))}" rel="stylesheet">`,
    ...['pl-sketch-fit.js', 'pl-sketch-draw.js', 'pl-sketch-move.js', 'pl-sketch.js'].map((s) => `<script src="${f(path.join(el, s))}"></script>`)].join('\n');
  const dist = path.join(ROOT, 'dist');
  const html = previewPage({ state, panels: { question, submissions: [], head }, typed }, {
    nonce: 'N0NCE', cspSource: 'file:', katexCss: f(`${dist}/katex/katex.min.css`), katexJs: f(`${dist}/katex/katex.min.js`),
    katexAutoRender: f(`${dist}/katex/auto-render.min.js`),
  });
  const file = path.join(dir, typed ? 'typed.html' : 'sketch.html');
  fs.writeFileSync(file, html);
  return `file://${file}`;
}

test('an author draws with four pl-sketch tools; the input holds PrairieLearn\'s submission shape and grades', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const params = runElement('pl-sketch', 'prepare', SKETCH, phaseData('prepare')).data.params;
  const config = params.s.config;
  const question = runElement('pl-sketch', 'render', SKETCH, phaseData('render-question', { params })).html ?? '';
  const grade = (raw: string) => {
    const parsed = runElement('pl-sketch', 'parse', SKETCH, phaseData('parse', { params, raw_submitted_answers: { 's-sketchresponse-submission': raw } })).data;
    assert.deepEqual(parsed.format_errors, {});
    const graded = runElement('pl-sketch', 'grade', SKETCH, phaseData('grade', { params, submitted_answers: { 's-sketchresponse-submission': raw } })).data;
    return graded.partial_scores.s;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-sketch-browser-'));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(page(dir, question));
    await tab.waitForSelector('.pl-sketch-canvas');
    const box = (await tab.locator('.pl-sketch-canvas').boundingBox())!;
    const [x0, x1] = config.xrange, [y0, y1] = config.yrange;
    const at = (x: number, y: number) => [box.x + ((x - x0) / (x1 - x0)) * box.width, box.y + ((y1 - y) / (y1 - y0)) * box.height] as const;
    const field = async () => JSON.parse(Buffer.from(await tab.evaluate(`document.querySelector('input[name="s-sketchresponse-submission"]').value`) as string, 'base64').toString('utf8'));
    // Before any drawing the input already holds the canvas's state (the read-only reference point).
    const ref = [{ point: [params.s.initial_state.ref[0].x, params.s.initial_state.ref[0].y] }];
    assert.deepEqual((await field()).gradeable, { hl: [], pt: [], fd: [], sp: [], ref });

    await tab.click('button[data-tool="hl"]');
    await tab.mouse.click(...at(0, 2));
    await tab.click('button[data-tool="pt"]');
    await tab.mouse.click(...at(1, -1));
    await tab.click('button[data-tool="fd"]');
    await tab.mouse.move(...at(-5, -2.5));
    await tab.mouse.down();
    for (let i = 1; i <= 40; i++) await tab.mouse.move(...at(-5 + i / 4, (-5 + i / 4) / 2));
    await tab.mouse.up();
    await tab.click('button[data-tool="sp"]');
    // Three clicks would not do: PrairieLearn's grader finds that fit's flanks straight, not concave.
    for (const [x, y] of [[-3, 3], [-1.5, 1], [0, 0.5], [1.5, 1], [3, 3]]) await tab.mouse.click(...at(x, y));
    await tab.keyboard.press('Enter');

    const sub = await field();
    assert.deepEqual(Object.keys(sub).sort(), ['apiVersion', 'data', 'gradeable', 'meta']);
    assert.deepEqual(sub.meta.config, config);
    const near = (a: number, b: number) => Math.abs(a - b) < 1.5;
    // A horizontal line: a 4-point spline across the canvas at its height (PrairieLearn's plugin's shape).
    const hy = sub.data.hl[0].y;
    assert.ok(near(hy, ((y1 - 2) / (y1 - y0)) * 400), String(hy));
    assert.deepEqual(sub.gradeable.hl, [{ spline: [[0, hy], [200, hy], [400, hy], [600, hy]] }]);
    assert.deepEqual(sub.gradeable.pt, [{ point: [sub.data.pt[0].x, sub.data.pt[0].y] }]);
    // Free-draw: its state is the spline's points as {x, y}; the gradeable has the same as pairs, 3n+1 of them.
    assert.equal(sub.data.fd.length, 1);
    assert.deepEqual(sub.gradeable.fd[0].spline, sub.data.fd[0].map((p: { x: number; y: number }) => [p.x, p.y]));
    assert.equal(sub.gradeable.fd[0].spline.length % 3, 1);
    // Spline: its state is the clicked points; the gradeable is a spline through them.
    assert.equal(sub.data.sp[0].length, 5);
    assert.equal(sub.gradeable.sp[0].spline.length, 13);
    assert.deepEqual(sub.gradeable.ref, ref);
    // The page fits curves as the controller's sketch_fit.py (PrairieLearn's fit): the spline through the
    // clicks (error 0), rounded to 2 decimals as the canvas stores it.
    const fitted = pythonJson(`sys.path.insert(0, ${JSON.stringify(path.join(ELEMENTS_DIR, 'pl-sketch'))})\nfrom sketch_fit import fit_curve\n` +
      `print(json.dumps([[round(v, 2) for v in p] for p in fit_curve(${JSON.stringify(sub.data.sp[0].map((p: { x: number; y: number }) => [p.x, p.y]))}, 0)]))`);
    assert.deepEqual(sub.gradeable.sp[0].spline, fitted);
    const raw = await tab.evaluate(`document.querySelector('input[name="s-sketchresponse-submission"]').value`) as string;
    assert.deepEqual(grade(raw), { score: 1, weight: 1, feedback: [{ correct: true, feedback_text: 'Correct!' }] });

    // Undo takes the spline back: concave-up now has nothing to check.
    await tab.click('button[data-action="undo"]');
    const undone = await field();
    assert.deepEqual(undone.data.sp, []);
    const raw2 = await tab.evaluate(`document.querySelector('input[name="s-sketchresponse-submission"]').value`) as string;
    assert.equal(grade(raw2).score, 0.8);
    // Erase: a click on the point deletes it (and nothing else); the read-only reference point stays.
    await tab.click('button[data-action="erase"]');
    await tab.mouse.click(...at(1.03, -1.03));
    const erased = await field();
    assert.deepEqual([erased.data.pt, erased.data.hl.length, erased.data.fd.length, erased.gradeable.ref], [[], 1, 1, ref]);
    await tab.click('button[data-action="undo"]');
    assert.equal((await field()).data.pt.length, 1);
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');

    // After a re-render the preview puts the typed drawing back; the canvas opens with it.
    const again = await webviewTab(browser);
    await again.tab.goto(page(dir, question, { 's-sketchresponse-submission': raw2 }));
    await again.tab.waitForSelector('.pl-sketch-canvas [data-tool="fd"] path');
    const reopened = JSON.parse(Buffer.from(await again.tab.evaluate(`document.querySelector('input[name="s-sketchresponse-submission"]').value`) as string, 'base64').toString('utf8'));
    assert.deepEqual(reopened.data, undone.data);
    assert.deepEqual(again.errors, []);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
