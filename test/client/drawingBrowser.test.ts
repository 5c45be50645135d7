// pl-drawing's page scripts in a real Chromium, on the preview's own page (previewPage: its CSP, nonce
// and page script) with the controller's real render: the initial objects are drawn as SVG; the
// student adds a vector and a point with the buttons, drags them into place and turns the vector by
// its head; the hidden field then holds the JSON list PrairieLearn's page would submit, and the real
// parse and grade give it full credit (a misplaced point gets partial credit; delete removes it).
// Chromium and playwright-core come from test/vscode/setup.sh; without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { phaseData, runElement } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const DRAWING = `<pl-drawing gradable="true" answers-name="fbd" grid-size="20" width="300" height="200">
<pl-drawing-initial><pl-rectangle x1="100" y1="120" width="80" height="40"></pl-rectangle><pl-text x1="10" y1="190" label="block" latex="false"></pl-text></pl-drawing-initial>
<pl-drawing-answer><pl-vector x1="100" y1="80" angle="-90"></pl-vector><pl-point x1="200" y1="100"></pl-point></pl-drawing-answer>
<pl-controls><pl-controls-group label="Add"><pl-drawing-button type="pl-vector"></pl-drawing-button><pl-drawing-button type="pl-point"></pl-drawing-button>
<pl-drawing-button type="delete"></pl-drawing-button></pl-controls-group></pl-controls></pl-drawing>`;
const DRAWING_FILES = ['pl-drawing/pl-drawing.css', 'pl-drawing/pl-drawing-shapes.js', 'pl-drawing/pl-drawing-extensions.js', 'pl-drawing/pl-drawing-fabric.js', 'pl-drawing/pl-drawing.js'];

function gradeRaw(correct: Record<string, any>, raw: string) {
  const parsed = runElement('pl-drawing', 'parse', DRAWING, phaseData('parse', { correct_answers: correct, submitted_answers: { fbd: raw }, raw_submitted_answers: { fbd: raw } })).data;
  assert.deepEqual(parsed.format_errors, {});
  const graded = runElement('pl-drawing', 'grade', DRAWING, phaseData('grade', { correct_answers: correct, submitted_answers: parsed.submitted_answers })).data;
  return graded.partial_scores.fbd.score;
}

test('students place, drag and turn objects on the pl-drawing canvas; the submission grades as PrairieLearn grades it', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const correct = runElement('pl-drawing', 'prepare', DRAWING, phaseData('prepare')).data.correct_answers;
  const question = runElement('pl-drawing', 'render', DRAWING, phaseData('render-question', { correct_answers: correct })).html ?? '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-drawing-browser-'));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(previewFile(path.join(dir, 'drawing.html'), { panels: { question }, elementFiles: DRAWING_FILES }));
    await tab.waitForSelector('.pl-drawing-svg');
    // The initial objects are drawn; nothing is submitted yet.
    assert.deepEqual(await tab.evaluate(`[...document.querySelectorAll('.pl-drawing-svg [data-type]')].map((n) => n.getAttribute('data-type'))`), ['pl-rectangle', 'pl-text']);
    const field = () => tab.evaluate(`document.querySelector('input[name="fbd"]').value`) as Promise<string>;
    assert.equal(await field(), '');

    const box = await tab.locator('.pl-drawing-svg').boundingBox();
    const at = (x: number, y: number) => [box.x + (x * box.width) / 300, box.y + (y * box.height) / 200] as const;
    const drag = async (from: [number, number], to: [number, number]) => {
      await tab.mouse.move(...at(...from));
      await tab.mouse.down();
      await tab.mouse.move(...at((from[0] + to[0]) / 2, (from[1] + to[1]) / 2));
      await tab.mouse.move(...at(...to));
      await tab.mouse.up();
    };
    // A vector appears at its button's place (tail 30,10, pointing right, 60 long): move its tail to
    // (100, 80), then turn it by its head to point up.
    await tab.click('button[name="pl-vector"]');
    await drag([60, 10], [130, 80]);
    await drag([160, 80], [100, 30]);
    // A point appears at (20, 20); it is dropped off its place first (partial credit), then moved.
    await tab.click('button[name="pl-point"]');
    await drag([20, 20], [150, 30]);
    let placed = JSON.parse(await field());
    assert.deepEqual(placed.map((o: any) => [o.type, Math.round(o.left), Math.round(o.top), o.angle ?? null, o.selectable, o.graded, o.placed_by_user]),
      [['pl-vector', 100, 80, -90, true, true, true], ['pl-point', 150, 30, null, true, true, true]]);
    assert.equal(gradeRaw(correct, await field()), 0.5, 'the vector is right, the point is 50 px off');

    await drag([150, 30], [197, 104]);
    assert.equal(gradeRaw(correct, await field()), 1, 'both within half a grid square');

    // Delete the selected point: the vector alone is half of the answer.
    await tab.click('button[name="delete"]');
    placed = JSON.parse(await field());
    assert.deepEqual(placed.map((o: any) => o.type), ['pl-vector']);
    assert.equal(gradeRaw(correct, await field()), 0.5);
    // The preview is told of the change (so a re-render keeps the drawing).
    // (Polled with evaluate: waitForFunction would eval in the page, which its CSP forbids.)
    let typed: Record<string, string> | undefined;
    for (let i = 0; i < 100 && typed?.fbd !== (await field()); i++) {
      await new Promise((r) => setTimeout(r, 50));
      typed = await tab.evaluate(`(window.posted.filter((m) => m.type === 'typed').at(-1) || {}).raw`);
    }
    assert.equal(typed?.fbd, await field());
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
