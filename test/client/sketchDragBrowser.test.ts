// Moving pl-sketch drawings and the line tool's constraints in a real Chromium, on the preview's own page
// (previewFile: its CSP, nonce and page script) with the controller's real render. As PrairieLearn's
// canvas (the sketchresponse client 0.1.4 that PrairieLearn 88fb855 loads: lib/element-manager.js,
// drag-manager.js, plugins/point.js, polyline.js, line-segment.js): the canvas opens in Select mode; a
// drawing's body drags the whole drawing, a polyline's point or a line's end drags that point alone; a
// move under 5 px is a click; a read-only tool's drawings do not move; the line tool's
// length-constraint is a maximum length in canvas pixels (PrairieLearn's docs: "the internal coordinate
// system of the canvas"), kept while the line is drawn and while an end is dragged. Escape cancels a
// drag (as the order-blocks page). The hidden input then holds PrairieLearn's submission shape, and
// the real controller grades the moved drawing.
// Chromium and playwright-core come from test/vscode/setup.sh; without them the tests skip (a failure under CI=true).
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ELEMENTS_DIR, phaseData, runElement } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const SKETCH = `<pl-sketch answers-name="s" width="600" height="400">
<pl-sketch-tool id="pt" type="point"></pl-sketch-tool><pl-sketch-tool id="pl" type="polyline"></pl-sketch-tool>
<pl-sketch-tool id="ln" type="line" length-constraint="100" arrowhead="12"></pl-sketch-tool>
<pl-sketch-tool id="mv" type="point" color="blue" label="Movable"></pl-sketch-tool><pl-sketch-tool id="ref" type="point" read-only="true"></pl-sketch-tool>
<pl-sketch-initial tool-id="ref" coordinates="(-4,4)"></pl-sketch-initial><pl-sketch-initial tool-id="mv" coordinates="(4,4)"></pl-sketch-initial>
<pl-sketch-grade type="match" tool-id="pt" x="1" y="-1"></pl-sketch-grade></pl-sketch>`;
const FILES = JSON.parse(fs.readFileSync(path.join(ELEMENTS_DIR, 'pl-sketch', 'info.json'), 'utf8')).dependencies;
const SKETCH_FILES = [...FILES.elementStyles, ...FILES.elementScripts].map((f: string) => `pl-sketch/${f}`);
const KEY = 's-sketchresponse-submission';

type Pt = { x: number; y: number };
const pw = playwright();
let browser: Awaited<ReturnType<typeof launchChromium>>;
let dir: string;
before(async () => {
  if (typeof pw === 'string') return;
  browser = await launchChromium(pw);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-sketch-drag-'));
});
after(async () => {
  await browser?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const params = runElement('pl-sketch', 'prepare', SKETCH, phaseData('prepare')).data.params;
const config = params.s.config;

/** The preview page with the sketch, and helpers in canvas px (the canvas is drawn at 1:1). */
async function open(t: TestContext, name: string, html = SKETCH, p = params, extra: Record<string, unknown> = {}) {
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return null;
  }
  const question = runElement('pl-sketch', 'render', html, phaseData('render-question', { params: p, ...extra })).html ?? '';
  const { tab, errors } = await webviewTab(browser);
  await tab.goto(previewFile(path.join(dir, `${name}.html`), { panels: { question }, elementFiles: SKETCH_FILES }));
  await tab.waitForSelector('.pl-sketch-canvas');
  // Where canvas px (0, 0) is on the page, inside the canvas's border.
  const [ox, oy, scale] = await tab.evaluate(`(() => { const m = document.querySelector('.pl-sketch-canvas').getScreenCTM(); return [m.e, m.f, m.a]; })()`) as number[];
  assert.equal(scale, 1, 'drawn at 1:1');
  const px = (x: number, y: number) => [ox + x, oy + y] as const;
  const raw = () => tab.evaluate(`document.querySelector('input[name="${KEY}"]').value`) as Promise<string>;
  const field = async () => JSON.parse(Buffer.from(await raw(), 'base64').toString('utf8'));
  const click = (p: Pt) => tab.mouse.click(...px(p.x, p.y));
  const drag = async (from: Pt, to: Pt, opts: { up?: boolean } = {}) => {
    await tab.mouse.move(...px(from.x, from.y));
    await tab.mouse.down();
    for (let i = 1; i <= 8; i++) await tab.mouse.move(...px(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8));
    if (opts.up !== false) await tab.mouse.up();
  };
  return { tab, errors, raw, field, click, drag, px };
}

const near = (a: Pt, b: Pt, tol = 0.02) => Math.abs(a.x - b.x) <= tol && Math.abs(a.y - b.y) <= tol;
const sub = (a: Pt, b: Pt) => ({ x: a.x - b.x, y: a.y - b.y });

function grade(raw: string) {
  const parsed = runElement('pl-sketch', 'parse', SKETCH, phaseData('parse', { params, raw_submitted_answers: { [KEY]: raw } })).data;
  assert.deepEqual(parsed.format_errors, {});
  return runElement('pl-sketch', 'grade', SKETCH, phaseData('grade', { params, submitted_answers: { [KEY]: raw } })).data.partial_scores.s.score;
}

test('a dragged point moves in the hidden input, and the grade counts where it was dragged to', { timeout: 120_000 }, async (t) => {
  const page = await open(t, 'point');
  if (!page) return;
  const { tab, errors, field, raw, click, drag } = page;
  // The canvas opens in Select mode, as PrairieLearn's.
  assert.ok(await tab.evaluate(`document.querySelector('[data-action="select"]').classList.contains('active')`));
  await tab.click('button[data-tool="pt"]');
  await click({ x: 100, y: 300 });
  const drawn = (await field()).data.pt[0];
  assert.equal(grade(await raw()), 0, 'the point drawn away from (1, -1) does not match');

  await tab.click('button[data-action="select"]');
  // A press and release that moves under 5 px selects; it does not move.
  await drag(drawn, { x: drawn.x + 3, y: drawn.y });
  assert.deepEqual((await field()).data.pt, [drawn]);
  // To graph (1, -1): the canvas's ranges are 10 px wider than x-range/y-range on each side.
  const [x0, x1] = config.xrange, [y0, y1] = config.yrange;
  const target = { x: ((1 - x0) / (x1 - x0)) * 600, y: ((y1 + 1) / (y1 - y0)) * 400 };
  // Escape during a drag puts the point back.
  await drag(drawn, target, { up: false });
  await tab.keyboard.press('Escape');
  await tab.mouse.up();
  assert.deepEqual((await field()).data.pt, [drawn]);

  await drag(drawn, target);
  const sub1 = await field();
  assert.ok(near(sub1.data.pt[0], target), JSON.stringify(sub1.data.pt));
  assert.deepEqual(sub1.gradeable.pt, [{ point: [sub1.data.pt[0].x, sub1.data.pt[0].y] }]);
  assert.equal(grade(await raw()), 1, 'the dragged point is graded where it now is');
  // Undo takes the drag back; Delete removes the selected point.
  await tab.click('button[data-action="undo"]');
  assert.deepEqual((await field()).data.pt, [drawn]);
  await click(drawn);
  await tab.click('button[data-action="delete"]');
  assert.deepEqual((await field()).data.pt, []);
  assert.deepEqual(errors, []);
});

test('a polyline drags whole by its line and by one point at its points; a line segment by its line and its ends', { timeout: 120_000 }, async (t) => {
  const page = await open(t, 'polyline');
  if (!page) return;
  const { tab, errors, field, click, drag } = page;
  await tab.click('button[data-tool="pl"]');
  for (const p of [{ x: 100, y: 100 }, { x: 200, y: 150 }, { x: 300, y: 100 }]) await click(p);
  await tab.keyboard.press('Enter');
  const [poly] = (await field()).data.pl;
  await tab.click('button[data-tool="ln"]');
  await click({ x: 100, y: 300 });
  await click({ x: 160, y: 300 });
  const line = (await field()).data.ln;
  assert.equal(line.length, 2);
  await tab.click('button[data-action="select"]');

  // The polyline's line, halfway between its first two points: every point moves by the drag.
  await drag({ x: 150, y: 125 }, { x: 180, y: 145 });
  const moved = (await field()).data.pl[0];
  assert.equal(moved.length, 3);
  moved.forEach((p: Pt, i: number) => assert.ok(near(sub(p, poly[i]), { x: 30, y: 20 }), JSON.stringify([p, poly[i]])));
  // Its last point alone.
  await drag(moved[2], { x: moved[2].x, y: moved[2].y + 60 });
  const bent = await field();
  assert.deepEqual(bent.data.pl[0].slice(0, 2), moved.slice(0, 2));
  assert.ok(near(bent.data.pl[0][2], { x: moved[2].x, y: moved[2].y + 60 }));
  // The gradeable spline runs through the points where they are now.
  const spline = bent.gradeable.pl[0].spline;
  assert.deepEqual([spline[0], spline[spline.length - 1]], [[bent.data.pl[0][0].x, bent.data.pl[0][0].y], [bent.data.pl[0][2].x, bent.data.pl[0][2].y]]);

  // The line segment by its middle: both ends move.
  await drag({ x: 130, y: 300 }, { x: 130, y: 250 });
  const shifted = (await field()).data.ln;
  assert.ok(near(shifted[0], { x: 100, y: 250 }) && near(shifted[1], { x: 160, y: 250 }), JSON.stringify(shifted));
  assert.deepEqual((await field()).gradeable.ln, [{ spline: [[100, 250], [120, 250], [140, 250], [160, 250]] }]);
  // Its end, dragged far: it follows the pointer's direction, no longer than the 100 px constraint.
  await drag(shifted[1], { x: 400, y: 250 });
  const stretched = (await field()).data.ln;
  assert.ok(near(stretched[0], shifted[0]));
  assert.ok(near(stretched[1], { x: 200, y: 250 }), JSON.stringify(stretched));
  // Shift-click selects a second drawing; dragging one selected drawing moves both.
  const polyBefore = (await field()).data.pl[0];
  await click({ x: 150, y: 250 });
  await tab.keyboard.down('Shift');
  await click({ x: 180, y: 145 }); // the polyline, halfway between its first two points
  await tab.keyboard.up('Shift');
  await drag({ x: 150, y: 250 }, { x: 150, y: 230 });
  const both = await field();
  both.data.pl[0].forEach((p: Pt, i: number) => assert.ok(near(sub(p, polyBefore[i]), { x: 0, y: -20 }), JSON.stringify([p, polyBefore[i]])));
  assert.ok(near(both.data.ln[0], { x: 100, y: 230 }) && near(both.data.ln[1], { x: 200, y: 230 }), JSON.stringify(both.data.ln));
  assert.deepEqual(errors, []);
});

test('the line tool keeps its length-constraint while a line is drawn, and draws its arrowhead', { timeout: 120_000 }, async (t) => {
  const page = await open(t, 'line');
  if (!page) return;
  const { tab, errors, field, click, drag } = page;
  await tab.click('button[data-tool="ln"]');
  const lineLength = () => tab.evaluate(`(() => { const l = document.querySelector('[data-tool="ln"] line:not(.pl-sketch-hit)'); return Math.hypot(l.x2.baseVal.value - l.x1.baseVal.value, l.y2.baseVal.value - l.y1.baseVal.value); })()`) as Promise<number>;
  // Pressed at one end and dragged 300 px away (3-4-5): while the button is still down the line is 100 px long.
  await drag({ x: 100, y: 300 }, { x: 280, y: 60 }, { up: false });
  assert.ok(Math.abs((await lineLength()) - 100) < 0.05, String(await lineLength()));
  await tab.mouse.up();
  let ln = (await field()).data.ln;
  assert.ok(near(ln[0], { x: 100, y: 300 }) && near(ln[1], { x: 160, y: 220 }), JSON.stringify(ln));
  // Clicked end to end: the same.
  await click({ x: 300, y: 300 });
  await click({ x: 300, y: 50 });
  ln = (await field()).data.ln;
  assert.ok(near(ln[3], { x: 300, y: 200 }), JSON.stringify(ln));
  // A shorter line is as drawn.
  await click({ x: 400, y: 300 });
  await click({ x: 450, y: 300 });
  assert.ok(near((await field()).data.ln[5], { x: 450, y: 300 }));

  // The arrowhead: a 12 px triangle in the tool's colour at each line's second end.
  const marker = await tab.evaluate(`(() => { const l = document.querySelector('[data-tool="ln"] line:not(.pl-sketch-hit)'); const id = getComputedStyle(l).markerEnd.match(/#([^"')]+)/)[1];
    const m = document.getElementById(id); const p = m.querySelector('polygon');
    return { w: m.getAttribute('markerWidth'), h: m.getAttribute('markerHeight'), units: m.getAttribute('markerUnits'), points: p.getAttribute('points'), fill: p.getAttribute('fill') }; })()`);
  assert.deepEqual(marker, { w: '12', h: '12', units: 'userSpaceOnUse', points: '0 0, 12 6, 0 12', fill: 'red' });
  // It is painted: the picture at the first line's tip changes when the marker is taken off.
  const [tipX, tipY] = page.px(160, 220);
  const clip = { x: tipX - 15, y: tipY - 15, width: 30, height: 30 };
  const withArrow = await tab.screenshot({ clip });
  await tab.evaluate(`document.querySelector('[data-tool="ln"] line:not(.pl-sketch-hit)').style.markerEnd = 'none'`);
  assert.notDeepEqual(await tab.screenshot({ clip }), withArrow);
  assert.deepEqual(errors, []);
});

test('a read-only tool\'s initial drawing does not move; an editable tool\'s initial drawing does', { timeout: 120_000 }, async (t) => {
  const page = await open(t, 'readonly');
  if (!page) return;
  const { tab, errors, field, drag } = page;
  const start = await field();
  const [ref] = start.data.ref, [mv] = start.data.mv;
  assert.equal(await tab.evaluate(`document.querySelectorAll('[data-tool="ref"] .pl-sketch-hit').length`), 0);
  await drag(ref, { x: ref.x + 80, y: ref.y + 80 });
  await drag(mv, { x: mv.x - 80, y: mv.y + 80 });
  const end = await field();
  assert.deepEqual(end.data.ref, [ref]);
  assert.deepEqual(end.gradeable.ref, [{ point: [ref.x, ref.y] }]);
  assert.ok(near(end.data.mv[0], { x: mv.x - 80, y: mv.y + 80 }), JSON.stringify(end.data.mv));
  assert.deepEqual(errors, []);
});

test('with enforce-bounds a dragged point stops at the canvas edge; without, a point dragged off the canvas is deleted', { timeout: 120_000 }, async (t) => {
  const bounded = SKETCH.replace('<pl-sketch answers-name="s"', '<pl-sketch answers-name="s" enforce-bounds="true"');
  const p2 = runElement('pl-sketch', 'prepare', bounded, phaseData('prepare')).data.params;
  for (const [html, p, name] of [[bounded, p2, 'bounded'], [SKETCH, params, 'unbounded']] as const) {
    const page = await open(t, name, html, p);
    if (!page) return;
    const { tab, field, click, drag } = page;
    await tab.click('button[data-tool="pt"]');
    await click({ x: 500, y: 200 });
    await tab.click('button[data-action="select"]');
    const [pt] = (await field()).data.pt;
    await drag(pt, { x: pt.x + 300, y: pt.y });
    const after = (await field()).data.pt;
    if (name === 'bounded') assert.deepEqual(after, [{ x: 600, y: pt.y }]);
    else assert.deepEqual(after, []);
  }
});

test('the solution overlay cannot be grabbed, and stays hidden once toggled off while the student draws', { timeout: 120_000 }, async (t) => {
  const solved = SKETCH.replace('</pl-sketch>', '<pl-sketch-solution tool-id="pt" coordinates="(1,-1)"></pl-sketch-solution></pl-sketch>');
  const p = runElement('pl-sketch', 'prepare', solved, phaseData('prepare')).data.params;
  const page = await open(t, 'overlay', solved, p, { correct_answer_shown: true });
  if (!page) return;
  const { tab, errors, click } = page;
  const overlay = () => tab.evaluate(`[...document.querySelectorAll('.pl-sketch-canvas .overlay')].map((g) => [g.style.display, g.querySelectorAll('circle').length, g.querySelectorAll('.pl-sketch-hit').length])`);
  assert.deepEqual(await overlay(), [['', 1, 0]]);
  await tab.click('button[data-action="overlay"]');
  assert.deepEqual(await overlay(), [['none', 1, 0]]);
  await tab.click('button[data-tool="pt"]');
  await click({ x: 100, y: 100 });
  assert.deepEqual(await overlay(), [['none', 1, 0]]);
  await tab.click('button[data-action="overlay"]');
  assert.deepEqual(await overlay(), [['', 1, 0]]);
  assert.deepEqual(errors, []);
});
