// pl-drawing's element extensions in a real Chromium, on the preview's own page with the runtime's real
// render and head (the extensions' scripts after the element's, fabric.js and lodash from dist/fabric),
// as PrairieLearn's page runs them (elements/pl-drawing/pl-drawing.js at 88fb855: PLDrawingApi,
// PLDrawingBaseElement, registerAnswerObject). The fixture course has two extensions: `chip`, in the
// pattern of real courses' (fabric.Image.fromURL of an SVG in its clientFilesExtension), and `ring`, a
// fabric.Group of circles that listens to `moving` and writes its submitted object in a modify handler.
// A student places both from their buttons (the extension's icon and tooltip), drags and turns them; the
// hidden field holds what the extensions registered, and the runtime's grade (the extensions' Python)
// sees the new places. An extension's script error is said in the drawing; the rest still works.
// Chromium and playwright-core come from test/vscode/setup.sh; without them the test skips (a failure under CI=true).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rewritePlfileUrls } from '../../client/src/questionPreview/plfileUrls';
import { QuestionRuntime } from '../../server/lib/runtime';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(__dirname, 'fixtures', 'drawingExtensionCourse');
const runtime = new QuestionRuntime({ timeoutMs: 20000, memoryMb: 1024, poolSize: 1 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-drawing-ext-'));
after(async () => {
  await runtime.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture course (the test adds files to it). */
function course(name: string): string {
  const root = path.join(dir, name);
  fs.cpSync(FIXTURE, root, { recursive: true });
  return root;
}

/** The question's preview page, as the preview panel makes it from the runtime's render. */
async function page(root: string, file: string) {
  const v = await runtime.createVariant(root, 'board', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  const r = await runtime.render(v);
  assert.deepEqual(r.issues, []);
  const roots = { courseRoot: root, questionDir: path.join(root, 'questions', 'board'), coreElements: ELEMENTS_DIR };
  const local = (html: string) => rewritePlfileUrls(html, roots, (f) => `file://${f}`, new Map());
  const url = previewFile(path.join(dir, file), { panels: { question: local(r.questionHtml) }, elementFiles: [], rendered: { head: local(r.headHtml), nonce: r.nonce ?? '' }, libraries: ['fabric'] });
  return { v, r, url };
}

function chromium(t: any): any {
  const pw = playwright();
  if (typeof pw !== 'string') return pw;
  if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
  t.skip(pw);
  return null;
}

test("students place, drag and turn extensions' fabric objects; the extensions' Python grades their new places", { timeout: 180_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'fabric', 'fabric.min.js')), 'node build.mjs copies fabric.js to dist/fabric');
  const pw = chromium(t);
  if (!pw) return;
  const root = course('course');
  const { v, r, url } = await page(root, 'board.html');
  // The runtime's head: the element's scripts, then each extension's, marked for the preview.
  const scripts = [...r.headHtml.matchAll(/<script src="([^"]+)"[^>]*>/g)].map((m) => m[1]);
  assert.deepEqual(scripts.slice(-2), ['plfile:/courseElementExtensions/pl-drawing/chip/chip.js', 'plfile:/courseElementExtensions/pl-drawing/ring/ring.js']);
  assert.match(r.headHtml, /ring\.js" nonce="[^"]+" data-element-extension="pl-drawing"/);
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    const requested: string[] = [];
    tab.on('request', (q: any) => requested.push(q.url()));
    await tab.goto(url);
    // The initial chip is fabric's image of the extension's SVG, drawn from its toSVG().
    await tab.waitForSelector('.pl-drawing-svg [data-type="pl-chip"] image');
    assert.match(await tab.evaluate(`document.querySelector('.pl-drawing-svg [data-type="pl-chip"] image').getAttribute('xlink:href')`), /chip\/clientFilesExtension\/chip\.svg$/);
    // The buttons show the extensions' icons and tooltips.
    assert.deepEqual(await tab.evaluate(`[...document.querySelectorAll('.pl-drawing-button')].map((b) => [b.name, b.title, b.querySelector('img') ? b.querySelector('img').getAttribute('src').split('/').slice(-3).join('/') : null])`),
      [['pl-chip', 'Add 8-pin chip', 'chip/clientFilesExtension/chip-icon.svg'], ['pl-ring', 'Add a ring', 'ring/clientFilesExtension/ring-icon.svg'], ['delete', 'delete', null]]);
    const field = async () => JSON.parse((await tab.evaluate(`document.querySelector('input[name="board"]').value`)) || '[]');
    const box = await tab.locator('.pl-drawing-svg').boundingBox();
    const at = (x: number, y: number) => [box.x + (x * box.width) / 300, box.y + (y * box.height) / 200] as const;
    const drag = async (from: [number, number], to: [number, number], beforeUp?: () => Promise<void>) => {
      await tab.mouse.move(...at(...from));
      await tab.mouse.down();
      await tab.mouse.move(...at((from[0] + to[0]) / 2, (from[1] + to[1]) / 2));
      await tab.mouse.move(...at(...to));
      await beforeUp?.();
      await tab.mouse.up();
    };
    const placed = async () => (await field()).map((o: any) => [o.type, Math.round(o.left), Math.round(o.top), Math.round(o.angle ?? 0), o.moves ?? null]);
    let graded: Awaited<ReturnType<typeof runtime.submit>> | undefined;
    const grade = async () => (graded = await runtime.submit(v, { board: JSON.stringify(await field()) }, 'grade')).score;

    // A chip from its button (at 60, 40): dragged onto the mark, then turned by its handle (35 px above it).
    await tab.click('button[name="pl-chip"]');
    await tab.waitForSelector('.pl-drawing-svg [data-type="pl-chip"].pl-drawing-movable image');
    assert.deepEqual(await placed(), [['pl-chip', 60, 40, 0, null]]);
    await drag([60, 40], [200, 60]);
    assert.deepEqual(await placed(), [['pl-chip', 200, 60, 0, null]]);
    const submitted = (await field())[0];
    assert.equal(submitted.pins, 8, "the button's options stay in the submitted object");
    assert.equal(submitted.width, 60, "fabric's own properties are copied in on `modified`, as PrairieLearn's page copies them");
    assert.equal(await grade(), 0.5, 'the chip is in place, the ring is missing');
    await drag([200, 25], [240, 60]);
    assert.deepEqual(await placed(), [['pl-chip', 200, 60, 90, null]]);
    assert.equal(await grade(), 0, 'the chip is turned 90 degrees off');
    await drag([235, 60], [200, 10]);
    assert.deepEqual(await placed(), [['pl-chip', 200, 60, 0, null]]);
    assert.equal(await grade(), 0.5, 'turned back');
    // Keys do the same to the selected chip: ] turns it 5 degrees, an arrow moves it a pixel.
    await tab.focus('.pl-drawing-svg');
    await tab.keyboard.press(']');
    await tab.keyboard.press('ArrowRight');
    assert.deepEqual(await placed(), [['pl-chip', 201, 60, 5, null]]);
    await tab.keyboard.press('[');
    await tab.keyboard.press('ArrowLeft');

    // A ring of fabric circles: it turns orange while moving (its own `moving` handler) and counts its moves.
    await tab.click('button[name="pl-ring"]');
    const ring = '.pl-drawing-svg [data-type="pl-ring"]';
    await tab.waitForSelector(`${ring} circle`);
    assert.equal(await tab.evaluate(`document.querySelectorAll('${ring} circle').length`), 2);
    let strokeWhileMoving = '';
    await drag([240 - 18, 150], [100 - 18, 120], async () => {
      strokeWhileMoving = await tab.evaluate(`getComputedStyle(document.querySelector('${ring} circle')).stroke`);
    });
    assert.equal(strokeWhileMoving, 'rgb(255, 165, 0)');
    assert.equal(await tab.evaluate(`getComputedStyle(document.querySelector('${ring} circle')).stroke`), 'rgb(0, 170, 102)');
    assert.deepEqual(await placed(), [['pl-chip', 200, 60, 0, null], ['pl-ring', 100, 120, 0, 1]]);
    assert.equal(await grade(), 1);
    // A double click reaches the fabric object (its handler fills the hole and asks the canvas to render).
    await tab.mouse.dblclick(...at(100, 120));
    let hole = '';
    for (let i = 0; i < 50 && hole !== 'rgb(255, 0, 0)'; i++) {
      await new Promise((res) => setTimeout(res, 20));
      hole = await tab.evaluate(`getComputedStyle(document.querySelectorAll('${ring} circle')[1]).fill`);
    }
    assert.equal(hole, 'rgb(255, 0, 0)');

    // Delete the selected ring: fabric's `removed` drops it from the answer.
    await tab.click('button[name="delete"]');
    assert.deepEqual((await placed()).map((o: any[]) => o[0]), ['pl-chip']);
    assert.deepEqual(requested.filter((u) => !u.startsWith('file://')), [], 'nothing from the network');
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');

    // The graded submission in its read-only page (only the nonce's scripts run): the extensions draw it.
    const shown = await runtime.render(v, [graded!]);
    const roots = { courseRoot: root, questionDir: path.join(root, 'questions', 'board'), coreElements: ELEMENTS_DIR };
    const local = (html: string) => rewritePlfileUrls(html, roots, (f) => `file://${f}`, new Map());
    const submission = previewFile(path.join(dir, 'submission.html'), {
      panels: { question: '', submissions: [local(shown.submissionHtmls.at(-1) ?? '')] }, elementFiles: [], readOnly: { title: 'Submission' },
      rendered: { head: local(shown.headHtml), nonce: shown.nonce ?? '' }, libraries: ['fabric'],
    });
    const view = await webviewTab(browser);
    await view.tab.goto(submission);
    await view.tab.waitForSelector('.submission .pl-drawing-svg [data-type="pl-ring"] circle');
    assert.equal(await view.tab.evaluate(`document.querySelectorAll('.submission .pl-drawing-svg [data-type="pl-chip"] image').length`), 2, 'the initial chip and the placed one');
    assert.match(await view.tab.evaluate(`document.querySelector('.submission .pl-drawing-svg [data-type="pl-ring"]').innerHTML`), /transform="matrix\(1 0 0 1 100 120\)"/, 'where the student left it');
    assert.deepEqual(view.errors, []);
  } finally {
    await browser.close();
  }
});

test("an extension's script error is said in the drawing; the other extensions and the built-in objects still work", { timeout: 120_000 }, async (t) => {
  const pw = chromium(t);
  if (!pw) return;
  const root = course('broken');
  const ext = path.join(root, 'elementExtensions', 'pl-drawing');
  fs.mkdirSync(path.join(ext, 'fuse'), { recursive: true });
  fs.writeFileSync(path.join(ext, 'fuse', 'info.json'), JSON.stringify({ controller: 'fuse.py', dependencies: { extensionScripts: ['fuse.js'] } }));
  fs.writeFileSync(path.join(ext, 'fuse', 'fuse.py'), 'import prairielearn as pl\nelements = pl.load_host_script("elements.py")\n\n\nclass Fuse(elements.BaseElement):\n    def generate(el, data):\n        return {"left": 20, "top": 20}\n\n\nelements = {"pl-fuse": Fuse}\n');
  fs.writeFileSync(path.join(ext, 'fuse', 'fuse.js'), "PLDrawingApi.registerElements('fuse', { 'pl-fuse': class extends PLDrawingBaseElement { static generate() { throw new Error('the fuse blew'); } } });\nundefinedFunctionOfTheFuse();\n");
  const html = path.join(root, 'questions', 'board', 'question.html');
  fs.writeFileSync(html, fs.readFileSync(html, 'utf8').replace('</pl-drawing-initial>', '<pl-fuse></pl-fuse></pl-drawing-initial>'));
  const { url } = await page(root, 'broken.html');
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(url);
    await tab.waitForSelector('.pl-drawing-svg [data-type="pl-chip"] image');
    const said = await tab.evaluate(`[...document.querySelectorAll('.pl-drawing-error')].map((p) => p.textContent)`);
    assert.ok(said.some((s: string) => /^pl-drawing: extension fuse \(fuse\.js, line 2\): .*undefinedFunctionOfTheFuse/.test(s)), said.join('\n'));
    assert.ok(said.includes('pl-drawing: pl-fuse (extension fuse) generate(): the fuse blew'), said.join('\n'));
    assert.equal(await tab.evaluate(`document.querySelectorAll('.pl-drawing-svg [data-type="pl-rectangle"]').length`), 1);
    await tab.click('button[name="pl-ring"]');
    await tab.waitForSelector('.pl-drawing-svg [data-type="pl-ring"] circle');
    assert.deepEqual(errors.map((e) => e.replace(/:.*/s, '')), ['undefinedFunctionOfTheFuse is not defined'].map((e) => e.replace(/:.*/s, '')), 'the load error only');
  } finally {
    await browser.close();
  }
});
