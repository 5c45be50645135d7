// pl-excalidraw's page script in a real Chromium, on the preview's own page (previewPage: its CSP, nonce
// and the bundled Excalidraw from node build.mjs in dist/excalidraw): the starter scene from the real
// controller opens in an editable canvas, a rectangle drawn with the mouse lands in the hidden input as
// Excalidraw's JSON (with the starter's elements kept), a read-only canvas shows the scene, a scene typed
// before a re-render is the one the canvas opens with, and without the
// library the page says so while the input keeps the drawing. Chromium and playwright-core come from
// test/vscode/setup.sh; without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { phaseData, runElement } from '../lib/runtime/elementHarness';
import { BREAKOUTS } from '../lib/runtime/studentPayloads';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');

const STARTER = JSON.stringify({
  type: 'excalidraw', version: 2, source: 'test', appState: {}, files: {},
  elements: [{ type: 'ellipse', id: 'starter-ellipse', x: 10, y: 10, width: 80, height: 40, angle: 0, strokeColor: '#1e1e1e', backgroundColor: 'transparent', fillStyle: 'solid', strokeWidth: 2, strokeStyle: 'solid', roughness: 1, opacity: 100, groupIds: [], frameId: null, roundness: null, seed: 1, version: 1, versionNonce: 1, isDeleted: false, boundElements: null, updated: 1, link: null, locked: false }],
});

/** Polls `expr` in the page until it is truthy (waitForFunction would eval in the page, which its CSP forbids). */
async function until(tab: any, expr: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await tab.evaluate(expr)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`never true in the page: ${expr}`);
}

/** The preview page of the question (and its submissions); `withLibrary` false leaves out dist/excalidraw. */
function page(dir: string, question: string, answer: string | undefined, withLibrary: boolean, typed?: Record<string, string>, submissions: string[] = [], readOnly = false): string {
  const file = path.join(dir, `${withLibrary ? 'excalidraw' : 'nolib'}${typed ? '-typed' : ''}${readOnly ? '-record' : ''}.html`);
  return previewFile(file, {
    panels: { question, submissions, answer }, typed, ...(readOnly ? { readOnly: { title: 'Submission 1' } } : {}),
    elementFiles: ['pl-excalidraw/pl-excalidraw.css', 'pl-excalidraw/pl-excalidraw.js'], scriptNonce: true, libraries: withLibrary ? ['excalidraw'] : [],
  });
}

test('a starter scene opens, a drawn rectangle is saved, read-only shows, a typed scene comes back; no library is said', { timeout: 180_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'excalidraw', 'excalidraw-global.js')), 'node build.mjs bundles Excalidraw into dist/excalidraw');
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-excalidraw-browser-'));
  fs.writeFileSync(path.join(dir, 'starter.excalidraw'), STARTER);
  const options = { question_path: dir };
  const question = runElement('pl-excalidraw', 'render', '<pl-excalidraw answers-name="d" source-file-name="starter.excalidraw" width="600px" height="400px"></pl-excalidraw>', phaseData('render', { options })).html ?? '';
  const answer = runElement('pl-excalidraw', 'render', '<pl-excalidraw gradable="false" source-file-name="starter.excalidraw" height="300px"></pl-excalidraw>', phaseData('render-answer', { options })).html ?? '';
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.setViewportSize({ width: 1000, height: 1400 });
    await tab.goto(page(dir, question, answer, true));
    await tab.waitForSelector('#question-panel .excalidraw canvas.interactive');
    await tab.waitForSelector('#answer-panel .excalidraw');
    // The starter is saved in Excalidraw's own form as soon as the canvas is up (as PrairieLearn's autosave does).
    const input = `document.querySelector('#question-panel input[name="d"]').value`;
    await until(tab, `${input}.includes("viewBackgroundColor")`);
    const box = await tab.locator('#question-panel .excalidraw canvas.interactive').boundingBox();
    await tab.click('#question-panel [data-testid="toolbar-rectangle"]', { force: true });
    await tab.mouse.move(box.x + 300, box.y + 150);
    await tab.mouse.down();
    await tab.mouse.move(box.x + 420, box.y + 260, { steps: 8 });
    await tab.mouse.up();
    await until(tab, `${input}.includes('"rectangle"')`);
    const saved = JSON.parse(await tab.evaluate(`document.querySelector('#question-panel input[name="d"]').value`));
    assert.deepEqual(saved.elements.map((e: any) => e.type).sort(), ['ellipse', 'rectangle']);
    assert.equal(saved.type, 'excalidraw');
    // Mermaid is not bundled: pasted Mermaid text becomes plain text, as Excalidraw does when it cannot parse it.
    await tab.evaluate(`(() => { const dt = new DataTransfer(); dt.setData('text/plain', 'graph TD\\nA-->B'); document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true })); })()`);
    await until(tab, `${input}.includes('"originalText": "graph TD')`);
    // The answer panel's canvas is read-only: Excalidraw's view mode has no drawing tools.
    assert.equal(await tab.evaluate(`document.querySelectorAll('#answer-panel [data-testid="toolbar-rectangle"]').length`), 0);
    assert.equal(await tab.evaluate(`document.querySelectorAll('#question-panel [data-testid="toolbar-rectangle"]').length`), 1);
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');

    // After a re-render the preview puts the typed scene back; the canvas opens with it, not the starter.
    const typedScene = STARTER.replace(/ellipse/g, 'diamond');
    const again = await webviewTab(browser);
    await again.tab.goto(page(dir, question, undefined, true, { d: typedScene }));
    await again.tab.waitForSelector('#question-panel .excalidraw canvas.interactive');
    await until(again.tab, `${input}.includes("viewBackgroundColor")`);
    assert.deepEqual(JSON.parse(await again.tab.evaluate(input)).elements.map((e: any) => e.id), ['starter-diamond']);
    assert.deepEqual(again.errors, []);

    const bare = await webviewTab(browser);
    await bare.tab.goto(page(dir, question, undefined, false));
    await bare.tab.waitForSelector('#question-panel .pl-excalidraw-message');
    assert.match(await bare.tab.locator('#question-panel .pl-excalidraw-message').textContent(), /not loaded in this page.*keeps the drawing/);
    assert.equal(JSON.parse(await bare.tab.evaluate(`document.querySelector('#question-panel input[name="d"]').value`)).elements[0].id, 'starter-ellipse');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A scene a student could submit with every breakout: as text, links, an embed, an SVG image, and broken JSON. */
function hostileScene(p: string): string {
  const base = { angle: 0, strokeColor: '#000', backgroundColor: 'transparent', fillStyle: 'solid', strokeWidth: 1, strokeStyle: 'solid', roughness: 0, opacity: 100, groupIds: [], frameId: null, roundness: null, seed: 1, version: 1, versionNonce: 1, isDeleted: false, boundElements: null, updated: 1, locked: false };
  const svg = `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>window.pwned=9</script>${p}</svg>`).toString('base64')}`;
  return JSON.stringify({
    type: 'excalidraw', version: 2, source: p, appState: { name: p },
    elements: [
      { ...base, type: 'text', id: 't', x: 0, y: 0, width: 200, height: 25, text: p, originalText: p, fontSize: 20, fontFamily: 1, textAlign: 'left', verticalAlign: 'top', containerId: null, lineHeight: 1.25, link: `javascript:window.pwned=7//${p}` },
      { ...base, type: 'embeddable', id: 'e', x: 0, y: 40, width: 200, height: 100, link: 'javascript:window.pwned=8' },
      { ...base, type: 'image', id: 'i', x: 0, y: 160, width: 50, height: 50, fileId: 'f', status: 'saved', scale: [1, 1], link: null },
    ],
    files: { f: { id: 'f', mimeType: 'image/svg+xml', dataURL: svg, created: 1 } },
  });
}

test("a student's scene never runs: breakouts as text, links, embeds and SVG in a submission record and in the question", { timeout: 240_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-excalidraw-hostile-'));
  const el = '<pl-excalidraw answers-name="d" height="300px"></pl-excalidraw>';
  const browser = await launchChromium(pw);
  try {
    // Every breakout at once (one page each way keeps the test short): in the scene, and as the whole submission.
    const p = BREAKOUTS.join('');
    for (const submitted of [hostileScene(p), p]) {
      const sub = { submitted_answers: { d: submitted, [p]: p }, format_errors: submitted === p ? { d: [`Invalid drawing submission: ${p}`] } : {} };
      const question = runElement('pl-excalidraw', 'render', el, phaseData('render', sub)).html ?? '';
      const record = runElement('pl-excalidraw', 'render', el, phaseData('render-submission', sub)).html ?? '';
      for (const readOnly of [true, false]) {
        const { tab, errors } = await webviewTab(browser);
        await tab.goto(page(dir, question, undefined, true, { d: submitted }, [record], readOnly));
        await tab.waitForSelector('#question-panel .excalidraw, #question-panel .pl-excalidraw-message');
        await tab.waitForSelector('.submission .excalidraw, .submission .pl-excalidraw-message');
        await tab.evaluate('new Promise((r) => setTimeout(r, 300))');
        const where = `${submitted === p ? 'broken JSON' : 'scene'} in a ${readOnly ? 'record' : 'question'} page`;
        // The scene itself opens (its text drawn on the canvas); broken JSON is said instead.
        assert.equal(await tab.evaluate(`document.querySelectorAll('.submission .excalidraw').length`), submitted === p ? 0 : 1, where);
        assert.equal(await tab.evaluate('window.pwned'), undefined, `a payload ran: ${where}`);
        assert.equal(await tab.evaluate(`document.querySelectorAll('iframe').length`), 0, `an embed was framed: ${where}`);
        assert.deepEqual(errors.filter((e) => /pwned|Content Security Policy/.test(e)), [], `something of the scene tried to run or load: ${where}`);
        await tab.close();
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
