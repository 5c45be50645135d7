// pl-graph's page script in a real Chromium, on the preview's own page (previewPage: its CSP with
// 'wasm-unsafe-eval', nonce and page script): DOT from the real controller is laid out by the bundled
// Graphviz (dist/viz from node build.mjs) into an SVG with the graph's nodes and edge labels; a DOT
// syntax error is said in the graph's place. Chromium and playwright-core come from test/vscode/setup.sh;
// without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { phaseData, runElement } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');

test('a DOT graph and a weighted adjacency matrix are laid out as SVG in the page; bad DOT is said', { timeout: 120_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'viz', 'viz-global.js')), 'node build.mjs copies viz.js to dist/viz');
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const render = (html: string, params = {}) => runElement('pl-graph', 'render', html, phaseData('render', { params })).html ?? '';
  const dot = render('<pl-graph>digraph G { start -> "end &amp; here" [label="go"] }</pl-graph>');
  const weighted = render('<pl-graph params-name="m" params-name-labels="l"></pl-graph>', {
    m: { _type: 'ndarray', _value: [[0, 0.5], [0, 0]], _dtype: 'float64' }, l: ['A', 'B'],
  });
  const broken = render('<pl-graph>digraph { a -> </pl-graph>');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-graph-browser-'));
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    await tab.goto(previewFile(path.join(dir, 'graph.html'), { panels: { question: dot + weighted, answer: broken }, elementFiles: ['pl-graph/pl-graph.css', 'pl-graph/pl-graph.js'], libraries: ['viz'] }));
    await tab.waitForSelector('#question-panel .pl-graph svg >> nth=1');
    const texts = await tab.evaluate(`[...document.querySelectorAll('#question-panel .pl-graph svg')].map((s) => [...s.querySelectorAll('text')].map((e) => e.textContent))`);
    assert.deepEqual(texts[0].sort(), ['end & here', 'go', 'start']);
    assert.deepEqual(texts[1].sort(), ['0.50', 'A', 'B']);
    assert.equal(await tab.evaluate(`document.querySelectorAll('#question-panel .pl-graph g.edge').length`), 2);
    await tab.waitForSelector('#answer-panel .pl-graph-error');
    assert.match(await tab.locator('#answer-panel .pl-graph-error').textContent(), /^pl-graph: .*syntax error/i);
    assert.deepEqual(errors, [], 'no script errors and no CSP violations (WebAssembly compiled under the page policy)');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
