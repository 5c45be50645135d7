// The preview page in VS Code's dark and light themes, in a real Chromium: the page takes the theme
// from the body class and CSS variables VS Code sets on a webview (given here as Dark+ and Light+ set
// them). Score badges keep a readable contrast, secondary buttons keep a visible border, the help toggle
// shows its icon, and pl-file-editor's Ace switches theme with VS Code. Screenshots of both themes go
// to test-results/ (not committed). Chromium and playwright-core come from test/vscode/setup.sh; without
// them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { previewPage } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';
import { ELEMENTS_DIR } from '../lib/runtime/elementHarness';
import { makeVariant, render } from '../lib/runtime/fixtures/elements2/lifecycle';
import { launchChromium, playwright } from './chromium';

const ROOT = path.resolve(__dirname, '..', '..');
const EDITOR = '<pl-file-editor file-name="main.py" ace-mode="ace/mode/python">def f():\n    return 1</pl-file-editor>';
// What element_ui writes for a scored input with help text (server/python/prairielearn/element_ui.py).
const SCORED =
  '<span class="input-group">x = <input name="x" value="3"> <span class="badge text-bg-success pl-score-badge" id="good"><i class="bi bi-check-circle-fill"></i> 100%</span>' +
  ' <span class="badge text-bg-danger pl-score-badge" id="bad"><i class="bi bi-x-circle-fill"></i> 0%</span>' +
  '<details class="pl-help-text d-inline-block ms-1 small text-muted" id="help"><summary aria-label="Help"><i class="bi bi-question-circle"></i></summary>A number.</details></span>';

// The variables VS Code sets on a webview, for the ones the page uses (Dark+ and Light+ values).
const THEMES = {
  dark: {
    bodyClass: 'vscode-dark',
    vars: {
      '--vscode-editor-background': '#1e1e1e', '--vscode-foreground': '#cccccc', '--vscode-editorWidget-background': '#252526',
      '--vscode-panel-border': 'rgba(128, 128, 128, 0.35)', '--vscode-button-background': '#0e639c', '--vscode-button-foreground': '#ffffff',
      '--vscode-button-secondaryBackground': '#3a3d41', '--vscode-button-secondaryForeground': '#ffffff',
      '--vscode-descriptionForeground': 'rgba(204, 204, 204, 0.7)', '--vscode-textLink-foreground': '#3794ff',
      '--vscode-input-background': '#3c3c3c', '--vscode-input-foreground': '#cccccc',
    },
  },
  light: {
    bodyClass: 'vscode-light',
    vars: {
      '--vscode-editor-background': '#ffffff', '--vscode-foreground': '#616161', '--vscode-editorWidget-background': '#f3f3f3',
      '--vscode-panel-border': 'rgba(128, 128, 128, 0.35)', '--vscode-button-background': '#007acc', '--vscode-button-foreground': '#ffffff',
      '--vscode-button-secondaryBackground': '#5f6a79', '--vscode-button-secondaryForeground': '#ffffff',
      '--vscode-descriptionForeground': '#717171', '--vscode-textLink-foreground': '#006ab1',
      '--vscode-input-background': '#ffffff', '--vscode-input-foreground': '#616161',
    },
  },
} as const;


const state: PreviewState = {
  session: 's', courseRoot: '/c', qid: 'q', seed: '1', broken: false, params: {}, correctAnswers: {},
  rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
  submissions: [], issues: [], sameVariant: false,
};

/** WCAG contrast ratio of two CSS rgb()/rgba() colours (alpha ignored: the fills are opaque). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the preview follows the dark and light themes: badges, borders, icons and Ace', { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-preview-theme-'));
  const f = (p: string) => `file://${p}`;
  const dist = path.join(ROOT, 'dist');
  const editor = makeVariant('pl-file-editor', EDITOR);
  const head = `<link href="${f(path.join(ELEMENTS_DIR, 'pl-file-editor', 'pl-file-editor.css'))}" rel="stylesheet"><script src="${f(path.join(ELEMENTS_DIR, 'pl-file-editor', 'pl-file-editor.js'))}"></script>`;
  const html = previewPage({ state, panels: { question: SCORED + render('pl-file-editor', EDITOR, editor, 'question'), submissions: [], head } }, {
    nonce: 'N0NCE', cspSource: 'file:', katexCss: f(`${dist}/katex/katex.min.css`), katexJs: f(`${dist}/katex/katex.min.js`),
    katexAutoRender: f(`${dist}/katex/auto-render.min.js`), aceBase: f(`${dist}/ace/`),
  });
  const file = path.join(dir, 'page.html');
  fs.writeFileSync(file, html);
  const shots = path.join(ROOT, 'test-results');
  fs.mkdirSync(shots, { recursive: true });

  const browser = await launchChromium(pw);
  try {
    for (const [name, theme] of Object.entries(THEMES)) {
      const tab = await browser.newPage();
      const vars = Object.entries(theme.vars).map(([k, v]) => `${k}: ${v};`).join(' ');
      // As VS Code does before the page's own scripts run: the theme class on <body>, the variables on <html>.
      await tab.addInitScript({
        content: `window.acquireVsCodeApi = () => ({ postMessage() {} });
document.addEventListener('DOMContentLoaded', () => {
  document.body.classList.add('${theme.bodyClass}');
  document.documentElement.setAttribute('style', ${JSON.stringify(vars)});
}, { capture: true });`,
      });
      await tab.goto(`file://${file}`);
      await tab.waitForSelector('.pl-file-editor .ace_editor');
      const look = await tab.evaluate(`(() => {
        const cs = (sel, pseudo) => getComputedStyle(document.querySelector(sel), pseudo);
        return {
          good: [cs('#good').color, cs('#good').backgroundColor],
          bad: [cs('#bad').color, cs('#bad').backgroundColor],
          secondaryBorder: [cs('#new-variant').borderTopStyle, cs('#new-variant').borderTopColor, cs('#new-variant').borderTopWidth],
          helpIcon: cs('#help .bi-question-circle', '::before').content,
          helpMarker: cs('#help > summary').listStyleType,
          aceDark: document.querySelector('.pl-file-editor .ace_editor').classList.contains('ace_dark'),
        };
      })()`);
      assert.ok(contrast(look.good[0], look.good[1]) >= 4.5, `${name}: the 100% badge reads (${look.good})`);
      assert.ok(contrast(look.bad[0], look.bad[1]) >= 4.5, `${name}: the 0% badge reads (${look.bad})`);
      assert.equal(look.secondaryBorder[0], 'solid', `${name}: New Variant has a border`);
      assert.notEqual(look.secondaryBorder[1], 'rgba(0, 0, 0, 0)', `${name}: and it is not transparent`);
      assert.equal(look.helpIcon, '"?"', `${name}: the help toggle shows its icon`);
      assert.equal(look.helpMarker, 'none', `${name}: without the browser's triangle`);
      assert.equal(look.aceDark, name === 'dark', `${name}: Ace's theme matches`);
      await tab.screenshot({ path: path.join(shots, `preview-${name}-theme.png`), fullPage: true });

      // The user switches theme while the preview is open: Ace follows.
      const other = name === 'dark' ? 'vscode-light' : 'vscode-dark';
      await tab.evaluate(`document.body.classList.remove('${theme.bodyClass}'); document.body.classList.add('${other}')`);
      // Polled from here: waitForFunction evaluates its string inside the page, which the page's policy forbids.
      let switched = false;
      for (let i = 0; i < 200 && !switched; i++) {
        switched = (await tab.evaluate(`document.querySelector('.pl-file-editor .ace_editor').classList.contains('ace_dark')`)) === (name !== 'dark');
        if (!switched) await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(switched, `${name}: Ace follows the switch to ${other}`);
      await tab.close();
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
