// pl-prairiedraw-figure in a real Chromium, on the preview's own page (previewPage: its CSP, nonce and
// page script), from a question of fixtures/prairieDrawCourse rendered by the real runtime (real Python):
// the course's script draws with the preview's PrairieDraw where PrairieLearn's geometry says it should
// (setUnits: 50 px a unit, origin at the centre, y up; default 2 px strokes; the force colour; the ground's
// fill), sees the params as PrairieLearn writes them (HTML-escaped), and a method the preview lacks, params
// that are not JavaScript, or a script that throws are each said under the figure. Then the same page
// against PrairieLearn's own PrairieDraw.js: fixtures/prairieDrawUpstream.json holds what PrairieLearn's
// public/javascripts/PrairieDraw.js (commit in the file) drew for the same scripts in this Chromium
// (test/upstream/record_prairiedraw_pixels.ts), and our canvases must match it pixel for pixel but for a
// sliver of anti-aliasing (1 pixel in 5,000; they were identical when recorded, and an arrowhead 8 line widths long
// instead of 7 already changes 100 of 120,000).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { QuestionRuntime } from '../../server/lib/runtime';
import { launchChromium, playwright, webviewTab } from './chromium';
import { PD_COURSE, runtimePageHtml } from './runtimePage';

const runtime = new QuestionRuntime({ timeoutMs: 60_000, poolSize: 1 });
after(() => runtime.dispose());
const f = (p: string) => `file://${p}`;

/** [r, g, b, a] of pixel (x, y) of the `i`th figure's canvas. */
const pixel = (tab: any, i: number, x: number, y: number): Promise<number[]> =>
  tab.evaluate(`Array.from(document.querySelectorAll('.pl-prairiedraw-figure canvas')[${i}].getContext('2d').getImageData(${x}, ${y}, 1, 1).data)`);
const dark = (p: number[]) => p[3] > 200 && p[0] < 90 && p[1] < 90 && p[2] < 90;
const blank = (p: number[]) => p[3] === 0;
const UPSTREAM = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'prairieDrawUpstream.json'), 'utf8'));
/** Pixels of figure `i` whose colour or alpha differs by more than 32 from the PNG `png`, and the canvas size. */
const differingPixels = (tab: any, i: number, png: string): Promise<{ differing: number; total: number; size: string }> =>
  tab.evaluate(`new Promise((resolve) => {
    const ours = document.querySelectorAll('.pl-prairiedraw-figure canvas')[${i}];
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      c.getContext('2d').drawImage(img, 0, 0);
      const a = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const b = ours.getContext('2d').getImageData(0, 0, ours.width, ours.height).data;
      let differing = 0;
      for (let k = 0; k < a.length; k += 4) {
        if ([0, 1, 2, 3].some((j) => Math.abs(a[k + j] - b[k + j]) > 32)) differing++;
      }
      resolve({ differing, total: a.length / 4, size: ours.width + 'x' + ours.height + ' vs ' + c.width + 'x' + c.height });
    };
    img.src = ${JSON.stringify('PNG')};
  })`.replace('"PNG"', JSON.stringify(png)));
/** Polls `expression` from outside the page (the page's policy forbids waitForFunction's eval) until it is true. */
async function until(tab: any, expression: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await tab.evaluate(expression)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`never true: ${expression}`);
}
const notes = (tab: any, i: number): Promise<string> =>
  tab.evaluate(`(document.querySelectorAll('.pl-prairiedraw-figure')[${i}].querySelector('.pl-prairiedraw-figure-notes') || {}).textContent || ''`);

test('a course script draws on the canvas where PrairieLearn would; what the preview cannot run is said', { timeout: 180_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const v = await runtime.createVariant(PD_COURSE, 'figures', '1');
  const rendered = await runtime.render(v, []);
  assert.deepEqual(rendered.issues, []);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-prairiedraw-'));
  const file = path.join(dir, 'figures.html');
  fs.writeFileSync(file, runtimePageHtml(PD_COURSE, v, 'figures', rendered));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(f(file));
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });

    // The params reached the script as PrairieLearn hands them: its template HTML-escapes the text.
    assert.equal(await tab.evaluate(`document.querySelector('.pl-prairiedraw-figure canvas').getAttribute('data-seen')`), '[4,"L &amp; M"]');
    // The line at y = -2 (px 250), the space above it empty.
    assert.ok(dark(await pixel(tab, 0, 200, 250)), 'the line is drawn at y = -2');
    assert.ok(blank(await pixel(tab, 0, 200, 240)), 'nothing above the line');
    // The rectangle `len` (4) wide about (0, 1.5): its sides at px x = 100 and 300, white inside, nothing outside.
    assert.ok(dark(await pixel(tab, 0, 100, 75)) && dark(await pixel(tab, 0, 300, 75)), 'the rectangle is as wide as the param');
    assert.deepEqual(await pixel(tab, 0, 200, 75), [255, 255, 255, 255], 'the rectangle is filled with shapeInsideColor');
    assert.ok(blank(await pixel(tab, 0, 94, 75)), 'nothing outside the rectangle');
    // The force arrow's shaft in PrairieLearn's force colour, rgb(210, 105, 30).
    assert.deepEqual(await pixel(tab, 0, 80, 150), [210, 105, 30, 255]);
    // The 6 px line drawn in a translated and rotated frame: x = 197..203 px, y = 175..200 px; restore() undid it all.
    assert.ok(dark(await pixel(tab, 0, 202, 190)) && dark(await pixel(tab, 0, 198, 190)), 'setProp width and the rotated frame');
    assert.ok(blank(await pixel(tab, 0, 206, 190)), 'no wider than 6 px');
    // The circle about (2, 0), radius 1: its outline at px (350, 150), white inside, the point at its centre.
    assert.ok(dark(await pixel(tab, 0, 350, 150)), 'circle outline');
    assert.deepEqual(await pixel(tab, 0, 320, 150), [255, 255, 255, 255]);
    assert.ok(dark(await pixel(tab, 0, 300, 150)), 'the point');
    // The ground at (-3.5, -2.6), normal up: its surface at px y = 280, groundInsideColor below.
    assert.deepEqual(await pixel(tab, 0, 25, 286), [220, 220, 220, 255]);
    assert.equal(await notes(tab, 0), '', 'nothing to say about the first figure');

    // A method the preview does not have: skipped and named; what comes before and after it is drawn.
    assert.ok(dark(await pixel(tab, 1, 100, 25)) && dark(await pixel(tab, 1, 100, 75)), 'both lines are drawn');
    assert.match(await notes(tab, 1), /does not have this\.pd\.sparkle\(\), which unknownMethod\.js calls/);
    // True in the params is Python text, not JavaScript: the script does not run, in PrairieLearn either.
    assert.match(await notes(tab, 2), /primitives\.js did not run: .*True is not defined.*as Python text/);
    // A script that throws draws up to the error, which is shown.
    assert.ok(dark(await pixel(tab, 3, 100, 50)), 'drawn up to the error');
    assert.match(await notes(tab, 3), /throws\.js stopped: PrairieDraw: unknown property name: noSuchProp/);

    // A TeX label is the image of its TeX in the question's text/ folder (the SHA-1 of "$x$" names it), drawn
    // once loaded with its bottom left (anchor (-1, -1)) 4 px up and right of the point (100, 50): x 104..124, y 32..46.
    await until(tab, `document.querySelectorAll('.pl-prairiedraw-figure canvas')[6].getContext('2d').getImageData(114, 39, 1, 1).data[3] > 0`);
    assert.deepEqual(await pixel(tab, 6, 114, 39), [0, 0, 200, 255]);
    assert.deepEqual(await pixel(tab, 6, 123, 33), [0, 0, 200, 255]);
    assert.ok(blank(await pixel(tab, 6, 102, 39)) && blank(await pixel(tab, 6, 114, 48)), 'nowhere else');
    assert.equal(await notes(tab, 6), '');
    // A TeX label without its image: nothing drawn for it, the rest drawn, the missing file named.
    await until(tab, `!!document.querySelectorAll('.pl-prairiedraw-figure')[7].querySelector('.pl-prairiedraw-figure-notes')`);
    assert.match(await notes(tab, 7), /^The TeX label "\$y\$" has no image text\/[0-9a-f]{40}\.png in the question folder/);
    assert.ok(dark(await pixel(tab, 7, 100, 50)), 'the line after the label is drawn');

    // A syntax error: that figure's script never ran and says so; the figure after it runs as usual.
    assert.match(await notes(tab, 8), /^The figure script syntaxError\.js did not run: .*SyntaxError/);
    assert.ok(dark(await pixel(tab, 9, 100, 25)), 'the next figure is drawn');
    assert.match(await notes(tab, 9), /sparkle/);

    // The same scripts drawn by PrairieLearn's PrairieDraw.js: the figures are the same picture.
    assert.equal(UPSTREAM.prairielearnCommit, '88fb8556a7a1768e2082736be9095241b11238d7');
    for (const [i, name] of [[0, 'primitives'], [4, 'everything'], [5, 'threeD'], [6, 'tex'], [7, 'texMissing']] as const) {
      const recorded = UPSTREAM.figures.find((fig: { name: string }) => fig.name === name);
      const d = await differingPixels(tab, i, recorded.png);
      assert.match(d.size, /^(\d+x\d+) vs \1$/, `${name}: the canvas size`);
      assert.ok(d.differing <= d.total * 0.0002, `${name}: ${d.differing} of ${d.total} pixels differ from PrairieLearn's`);
    }

    // The only errors: the params that are not JavaScript, the TeX image that is not there, the syntax error.
    assert.deepEqual(errors.map((e) => e.replace(/^.*(True is not defined|ERR_FILE_NOT_FOUND|missing \) after argument list).*$/, '$1')).sort(),
      ['ERR_FILE_NOT_FOUND', 'True is not defined', 'missing ) after argument list']);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
