// playwright-core and Chromium for the page-script tests, from test/vscode/setup.sh (as the real-VS Code
// tests get them): a reason string when they are missing, so that a test can skip (or fail under CI=true).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { previewPage, type PreviewPageOptions } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';

const ROOT = path.resolve(__dirname, '..', '..');

export function playwright(): any | string {
  const setup = spawnSync('bash', [path.join(ROOT, 'test', 'vscode', 'setup.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (setup.status !== 0) return `test/vscode/setup.sh exited ${setup.status}`;
  const cache = setup.stdout.trim().split('\n').pop()!;
  return createRequire(path.join(cache, 'tools', 'package.json'))('playwright-core');
}

/** Headless Chromium that may read file: URLs (the pages and their assets are files). */
export function launchChromium(pw: any): Promise<any> {
  return pw.chromium.launch({
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files', '--disable-dev-shm-usage'],
  });
}

/**
 * A tab as a webview is: `acquireVsCodeApi()` whose messages land in `window.posted`, and every page
 * error or console error collected in `errors`. Page code goes as strings: tsx's compiled functions
 * name helpers the browser does not have.
 */
export async function webviewTab(browser: any): Promise<{ tab: any; errors: string[] }> {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e: Error) => errors.push(e.message));
  tab.on('console', (m: any) => m.type() === 'error' && errors.push(m.text()));
  await tab.addInitScript({ content: 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m) });' });
  return { tab, errors };
}

/** The preview's state for a page test: nothing in it is shown but the panels. */
const STATE: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};

/** The libraries the preview bundles in dist/ (node build.mjs), each given to the page only when asked for. */
export type PreviewLibrary = 'ace' | 'viz' | 'quill' | 'excalidraw' | 'fabric' | 'jquery';

export interface PreviewFile {
  /** The panels; `submissions` defaults to none, the head is made from `elementFiles`. */
  panels: { question: string; submissions?: string[]; answer?: string };
  typed?: PreviewPageOptions['typed'];
  readOnly?: PreviewPageOptions['readOnly'];
  /** Files of the runtime's elements for the head, as `<element>/<file>.css|js` (or absolute paths, a course's own), in order. */
  elementFiles: string[];
  /**
   * The runtime's own head (RenderedQuestion.headHtml with its URLs made file: URLs) and the render's nonce,
   * in place of `elementFiles`.
   */
  rendered?: { head: string; nonce: string };
  /** The page's nonce on those scripts, as the runtime writes it for elements that need it. */
  scriptNonce?: boolean;
  libraries?: PreviewLibrary[];
}

const fileUrl = (p: string) => `file://${p}`;

/**
 * The preview page (previewPage: its CSP, nonce and page script) written to `file` and its file: URL.
 * Assets are file: URLs, the page's cspSource, as a webview's resource URIs are.
 */
export function previewFile(file: string, o: PreviewFile): string {
  const head = o.elementFiles.map((rel) => {
    const url = fileUrl(path.resolve(ELEMENTS_DIR, rel));
    return rel.endsWith('.css') ? `<link href="${url}" rel="stylesheet">` : `<script${o.scriptNonce ? ' nonce="N0NCE"' : ''} src="${url}"></script>`;
  }).join('\n');
  const dist = path.join(ROOT, 'dist');
  const lib = (name: PreviewLibrary, value: string) => (o.libraries?.includes(name) ? value : undefined);
  const state = o.rendered ? { ...STATE, rendered: { ...STATE.rendered, nonce: o.rendered.nonce } } : STATE;
  const html = previewPage({
    state, panels: { submissions: [], ...o.panels, head: o.rendered ? o.rendered.head : head }, typed: o.typed, ...(o.readOnly ? { readOnly: o.readOnly } : {}),
  }, {
    nonce: 'N0NCE', cspSource: 'file:', katexCss: fileUrl(`${dist}/katex/katex.min.css`), katexJs: fileUrl(`${dist}/katex/katex.min.js`),
    katexAutoRender: fileUrl(`${dist}/katex/auto-render.min.js`),
    aceBase: lib('ace', fileUrl(`${dist}/ace/`)), vizJs: lib('viz', fileUrl(`${dist}/viz/viz-global.js`)),
    quillBase: lib('quill', fileUrl(`${dist}/quill/`)), excalidrawBase: lib('excalidraw', fileUrl(`${dist}/excalidraw/`)),
    fabricBase: lib('fabric', fileUrl(`${dist}/fabric/`)),
    jqueryJs: lib('jquery', fileUrl(`${dist}/jquery/jquery.min.js`)),
  });
  fs.writeFileSync(file, html);
  return fileUrl(file);
}
