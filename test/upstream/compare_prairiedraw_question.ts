// How far the preview's pl-prairiedraw-figure figures of a real question are from PrairieLearn's: renders the
// question with our runtime into the preview page in Chromium, then runs each figure's script (with the very
// params text our page hands it) on PrairieLearn's own PrairieDraw.js from a checkout, and prints, per figure,
// the pixels whose colour differs by more than 32, and the notes our page shows under it.
//
// Usage: npx tsx test/upstream/compare_prairiedraw_question.ts <prairielearn-checkout> <course> <qid> [seed]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { QuestionRuntime } from '../../server/lib/runtime';
import { launchChromium, playwright, webviewTab } from '../client/chromium';
import { runtimePageHtml } from '../client/runtimePage';
import { upstreamPage } from './record_prairiedraw_pixels';

async function main(): Promise<void> {
  const [checkout, course, qid, seed = '1'] = process.argv.slice(2).map((a, i) => (i < 2 ? path.resolve(a) : a));
  const runtime = new QuestionRuntime({ timeoutMs: 60_000, poolSize: 1 });
  const pw = playwright();
  if (typeof pw === 'string') throw new Error(pw);
  const browser = await launchChromium(pw);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-compare-'));
  try {
    const v = await runtime.createVariant(course, qid, seed);
    const rendered = await runtime.render(v, []);
    const ours = path.join(dir, 'ours.html');
    fs.writeFileSync(ours, runtimePageHtml(course, v, qid, rendered));
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(`file://${ours}`);
    await tab.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await tab.screenshot({ path: path.join(os.tmpdir(), `pd-compare-${qid}.png`), fullPage: true });
    const figures: Array<{ script: string; paramsJs: string; width: number; height: number; png: string; notes: string }> = await tab.evaluate(`
      Array.from(document.querySelectorAll('.pl-prairiedraw-figure')).map((box) => {
        const canvas = box.querySelector('canvas');
        const text = box.querySelector('script').textContent;
        return { script: box.getAttribute('data-script-name'), paramsJs: /^PLPrairieDrawFigure\\.add\\("[^"]*", ([\\s\\S]*?), function \\(\\) \\{\\n/.exec(text)[1],
          width: canvas.width, height: canvas.height, png: canvas.toDataURL('image/png'),
          notes: (box.querySelector('.pl-prairiedraw-figure-notes') || {}).textContent || '' };
      })`);
    const questionDir = path.join(course, 'questions', qid);
    // PrairieLearn's canvas starts at the element's size; ours may have been resized by setUnits, so start from the attributes.
    const sizes = [...rendered.questionHtml.matchAll(/<canvas id="[^"]+" width="(\d+)" height="(\d+)"/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
    const upstream = path.join(dir, 'upstream.html');
    fs.writeFileSync(upstream, upstreamPage(path.join(checkout, 'apps', 'prairielearn', 'public', 'javascripts'),
      figures.map((fig, i) => ({ ...sizes[i], paramsJs: fig.paramsJs, source: fs.readFileSync(path.join(questionDir, fig.script), 'utf8') }))));
    const up = await browser.newPage();
    await up.goto(`file://${upstream}`);
    const upErrors: string[] = await up.evaluate('window.errors');
    for (const [i, fig] of figures.entries()) {
      const d = await up.evaluate(`new Promise((resolve) => {
        const theirs = document.querySelectorAll('canvas')[${i}];
        const img = new Image();
        img.onload = () => {
          const c = document.createElement('canvas');
          c.width = img.width; c.height = img.height;
          c.getContext('2d').drawImage(img, 0, 0);
          const a = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          const b = theirs.getContext('2d').getImageData(0, 0, theirs.width, theirs.height).data;
          let differing = 0, inked = 0;
          for (let k = 0; k < Math.max(a.length, b.length); k += 4) {
            if (b[k + 3] > 0) inked++;
            if ([0, 1, 2, 3].some((j) => Math.abs((a[k + j] || 0) - (b[k + j] || 0)) > 32)) differing++;
          }
          resolve({ ours: c.width + 'x' + c.height, theirs: theirs.width + 'x' + theirs.height, differing, inked });
        };
        img.src = ${JSON.stringify(fig.png)};
      })`);
      console.log(`${fig.script} (params ${fig.paramsJs}): ${JSON.stringify(d)}${fig.notes ? ` notes: ${fig.notes}` : ''}`);
    }
    console.log(`page errors: ours ${JSON.stringify(errors)}, PrairieLearn's ${JSON.stringify(upErrors)}; our page: ${path.join(os.tmpdir(), `pd-compare-${qid}.png`)}`);
  } finally {
    await browser.close();
    await runtime.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
