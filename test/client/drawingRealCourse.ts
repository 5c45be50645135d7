// A measurement, not a test: every pl-drawing question of a real course previewed in Chromium as the preview
// shows it (runtime render and head, fabric from dist/fabric), each extension button on the page pressed and
// its object waited for; plus one question of our own (in a copy of the course) with a button of every
// pl-drawing extension the course has. Prints one line per question: issues, extension objects drawn,
// page errors. Usage: node --import tsx test/client/drawingRealCourse.ts <course folder>
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rewritePlfileUrls } from '../../client/src/questionPreview/plfileUrls';
import { QuestionRuntime } from '../../server/lib/runtime';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

async function main(source: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-drawing-real-'));
  const root = path.join(dir, 'course');
  fs.cpSync(source, root, { recursive: true });
  const extRoot = path.join(root, 'elementExtensions', 'pl-drawing');
  const extensions = fs.existsSync(extRoot) ? fs.readdirSync(extRoot).sort() : [];
  // Our question: one button per extension, with the Python's object type (its `elements` dict's key).
  const types = extensions.flatMap((e) => [...fs.readFileSync(path.join(extRoot, e, `${e}.py`), 'utf8').matchAll(/elements\[['"]([\w-]+)['"]\]/g)].map((m) => m[1]));
  const q = path.join(root, 'questions', 'zzDrawingExtensions');
  fs.mkdirSync(q, { recursive: true });
  fs.writeFileSync(path.join(q, 'info.json'), JSON.stringify({ uuid: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', title: 'All extensions', topic: 'x', type: 'v3' }));
  fs.writeFileSync(path.join(q, 'question.html'), `<pl-drawing gradable="true" answers-name="all" width="600" height="400"><pl-drawing-answer></pl-drawing-answer>
<pl-controls><pl-controls-group label="All">${types.map((t) => `<pl-drawing-button type="${t}"></pl-drawing-button>`).join('')}</pl-controls-group></pl-controls></pl-drawing>`);
  const qids: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const p = path.join(d, e.name);
      if (fs.existsSync(path.join(p, 'info.json')) && fs.existsSync(path.join(p, 'question.html'))) {
        if (fs.readFileSync(path.join(p, 'question.html'), 'utf8').includes('<pl-drawing')) qids.push(path.relative(path.join(root, 'questions'), p));
      } else walk(p);
    }
  };
  walk(path.join(root, 'questions'));
  const pw = playwright();
  if (typeof pw === 'string') throw new Error(pw);
  const runtime = new QuestionRuntime({ timeoutMs: 30000, memoryMb: 1024, poolSize: 1 });
  const browser = await launchChromium(pw);
  console.log(`extensions: ${extensions.join(', ')} (types ${types.join(', ')})`);
  try {
    for (const qid of qids.sort()) {
      const v = await runtime.createVariant(root, qid, '1');
      const r = await runtime.render(v);
      const roots = { courseRoot: root, questionDir: path.join(root, 'questions', qid), coreElements: ELEMENTS_DIR };
      const local = (html: string) => rewritePlfileUrls(html, roots, (f) => `file://${f}`, new Map());
      const url = previewFile(path.join(dir, `${qid.replace(/\//g, '_')}.html`), { panels: { question: local(r.questionHtml) }, elementFiles: [], rendered: { head: local(r.headHtml), nonce: r.nonce ?? '' }, libraries: ['fabric'] });
      const { tab, errors } = await webviewTab(browser);
      const offline: string[] = [];
      tab.on('request', (x: any) => x.url().startsWith('file://') || offline.push(x.url()));
      await tab.goto(url);
      await tab.waitForSelector('.pl-drawing-svg', { timeout: 10000 }).catch(() => errors.push('no drawing'));
      const buttons: string[] = await tab.evaluate(`[...document.querySelectorAll('.pl-drawing-button')].map((b) => b.name).filter((n) => window.PLDrawingApi.extensionElement(n))`);
      const drawn: string[] = [];
      const moved: string[] = [];
      for (const [i, type] of buttons.entries()) {
        await tab.click(`.pl-drawing-button[name="${type}"] >> nth=${buttons.slice(0, i).filter((b) => b === type).length}`).catch((e: Error) => errors.push(`click ${type}: ${e.message.split('\n')[0]}`));
        if (await waitCount(tab, type, buttons.slice(0, i + 1).filter((b) => b === type).length)) drawn.push(type);
        // The new object (on top) dragged to a place of its own, unless something of the page covers it there.
        const obj = JSON.parse(await tab.evaluate(`document.querySelector('.pl-drawing-sidebar input').value`)).at(-1);
        const svgBox = await tab.locator('.pl-drawing-svg').boundingBox();
        const size = await tab.evaluate(`[document.querySelector('.pl-drawing-svg').viewBox.baseVal.width, document.querySelector('.pl-drawing-svg').viewBox.baseVal.height]`);
        const at = (x: number, y: number): [number, number] => [svgBox.x + (x * svgBox.width) / size[0], svgBox.y + (y * svgBox.height) / size[1]];
        const cover = await tab.evaluate(`(() => { const e = document.elementFromPoint(${at(obj.left, obj.top).join(',')}); return e && e.closest('.pl-drawing-svg') ? '' : e ? e.tagName.toLowerCase() + '.' + e.className : 'nothing'; })()`);
        if (cover) {
          moved.push(`${type} not dragged: covered by ${cover}`);
          continue;
        }
        const to = [60 + ((i * 70) % 480), 260 + 60 * Math.floor((i * 70) / 480)];
        await tab.mouse.move(...at(obj.left, obj.top));
        await tab.mouse.down();
        await tab.mouse.move(...at((obj.left + to[0]) / 2, (obj.top + to[1]) / 2));
        await tab.mouse.move(...at(to[0], to[1]));
        await tab.mouse.up();
        const after = JSON.parse(await tab.evaluate(`document.querySelector('.pl-drawing-sidebar input').value`)).at(-1);
        moved.push(`${type} ${Math.round(obj.left)},${Math.round(obj.top)} -> ${Math.round(after.left)},${Math.round(after.top)}`);
      }
      const field = await tab.evaluate(`(document.querySelector('.pl-drawing-sidebar input') || {}).value || ''`);
      const placed = field ? JSON.parse(field).map((o: any) => `${o.type}@${Math.round(o.left)},${Math.round(o.top)}`) : [];
      const drawingErrors: string[] = await tab.evaluate(`[...document.querySelectorAll('.pl-drawing-error')].map((p) => p.textContent)`);
      console.log(`${qid}: render issues ${r.issues.filter((x) => x.fatal).length}, unsupported [${r.unsupportedElements.join(' ')}], fabric ${await tab.evaluate('typeof fabric')}, extension buttons ${buttons.length}, objects drawn ${drawn.length} [${drawn.join(' ')}], submitted [${placed.join(' ')}], drags [${moved.join('; ')}], page errors ${JSON.stringify([...errors, ...drawingErrors, ...offline])}`);
      await tab.close();
    }
  } finally {
    await browser.close();
    await runtime.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Polls (the page's policy forbids waitForFunction's eval) until `type` has an SVG image or shape drawn. */
async function waitCount(tab: any, type: string, n: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const count = await tab.evaluate(`document.querySelectorAll('.pl-drawing-svg [data-type="${type}"] image, .pl-drawing-svg [data-type="${type}"] path, .pl-drawing-svg [data-type="${type}"] circle').length`);
    if (count >= n) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

main(process.argv[2] ?? '/tmp/courses/pl101').catch((e) => {
  console.error(e);
  process.exit(1);
});
