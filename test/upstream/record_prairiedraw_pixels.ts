// Records what PrairieLearn's own PrairieDraw.js (with its sylvester.js, sha1.js and PrairieGeom.js, from a
// PrairieLearn checkout's apps/prairielearn/public/javascripts) draws for the figure scripts of
// test/lib/runtime/fixtures/prairieDrawCourse, in the same Chromium the page tests use, as PNG data URLs in
// test/client/fixtures/prairieDrawUpstream.json; test/client/prairieDrawUpstream.test.ts compares our
// figures with them. The script runs as PrairieLearn's element runs it: the body of `view.render`, with
// `this.pd` a PrairieDraw on a canvas of the figure's size and `this.params.get(name)`.
//
// Usage: PL_COMMIT=<sha> npx tsx test/upstream/record_prairiedraw_pixels.ts <prairielearn-checkout>
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchChromium, playwright } from '../client/chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const QUESTION = path.join(ROOT, 'test', 'lib', 'runtime', 'fixtures', 'prairieDrawCourse', 'questions', 'figures');
const OUT = path.join(ROOT, 'test', 'client', 'fixtures', 'prairieDrawUpstream.json');
const LIBS = ['sylvester.js', 'sha1.js', 'PrairieGeom.js', 'PrairieDraw.js'];

export interface Figure { name: string; script: string; width: number; height: number; params: Record<string, unknown> }
/** The figures recorded, each a script of the fixture question with the params its page hands it. */
export const FIGURES: Figure[] = [
  { name: 'primitives', script: 'primitives.js', width: 400, height: 300, params: { len: 4, label: 'L &amp; M' } },
  { name: 'everything', script: 'everything.js', width: 480, height: 320, params: {} },
  { name: 'threeD', script: 'threeD.js', width: 300, height: 300, params: {} },
  { name: 'tex', script: 'tex.js', width: 200, height: 100, params: {} },
  { name: 'texMissing', script: 'texMissing.js', width: 200, height: 100, params: {} },
];

/** A page that runs PrairieLearn's PrairieDraw on each figure and leaves each canvas's PNG in window.pngs. */
export function upstreamPage(libDir: string, figures: Array<{ width: number; height: number; source: string; paramsJs: string }>): string {
  const scripts = LIBS.map((l) => `<script src="file://${path.join(libDir, l)}"></script>`).join('\n');
  const runs = figures.map((fig, i) => `
  (function () {
    var view = { pd: new PrairieDraw('c${i}'), params: { get: function (k) { return (${fig.paramsJs})[k]; } },
      render: function () {\n${fig.source}\n} };
    // As PrairieLearn's element template: a redraw (a TeX image has loaded) renders the figure again.
    view.pd.registerRedrawCallback(function () { view.render(); });
    view.render();
  })();`).join('\n');
  const canvases = figures.map((fig, i) => `<canvas id="c${i}" width="${fig.width}" height="${fig.height}"></canvas>`).join('\n');
  return `<!DOCTYPE html><html><head>${scripts}</head><body>${canvases}<script>
window.errors = [];
window.addEventListener('error', function (e) { window.errors.push(e.message); });
${runs}
window.pngs = Array.from(document.querySelectorAll('canvas')).map(function (c) { return c.toDataURL('image/png'); });
</script></body></html>`;
}

async function main(): Promise<void> {
  const checkout = path.resolve(process.argv[2] ?? '');
  const libDir = path.join(checkout, 'apps', 'prairielearn', 'public', 'javascripts');
  if (!fs.existsSync(path.join(libDir, 'PrairieDraw.js'))) throw new Error(`no PrairieDraw.js under ${libDir}`);
  const pw = playwright();
  if (typeof pw === 'string') throw new Error(pw);
  const browser = await launchChromium(pw);
  try {
    const tab = await browser.newPage();
    const figures = FIGURES.map((fig) => ({ ...fig, paramsJs: JSON.stringify(fig.params), source: fs.readFileSync(path.join(QUESTION, fig.script), 'utf8') }));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pd-up-')), 'page.html');
    fs.writeFileSync(file, upstreamPage(libDir, figures));
    // PrairieLearn loads a TeX label's image from text/ beside the page (its route serves the question's text/).
    fs.cpSync(path.join(QUESTION, 'text'), path.join(path.dirname(file), 'text'), { recursive: true });
    await tab.goto(`file://${file}`);
    // Each TeX image that loads redraws its figure; give them their turn before reading the canvases.
    await tab.waitForTimeout(1000);
    await tab.evaluate(`window.pngs = Array.from(document.querySelectorAll('canvas')).map((c) => c.toDataURL('image/png'))`);
    // PrairieLearn's own errors are part of what it does (a missing TeX image throws on a redraw): recorded.
    const errors: string[] = await tab.evaluate('window.errors');
    const pngs: string[] = await tab.evaluate('window.pngs');
    const out = { prairielearnCommit: process.env.PL_COMMIT ?? 'unknown', errors, figures: FIGURES.map((fig, i) => ({ ...fig, png: pngs[i] })) };
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, `${JSON.stringify(out, null, 1)}\n`);
    console.log(`wrote ${OUT}`);
  } finally {
    await browser.close();
  }
}

if (require.main === module) main().catch((e) => { console.error(e); process.exit(1); });
