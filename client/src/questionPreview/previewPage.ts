// The preview's HTML page: toolbar (seed, New Variant), the question panel in a form with Save and
// Grade, the score line, the submission and answer panels, and the issues with their tracebacks. VS
// Code's theme colours; a content-security policy that allows nothing from the network. The panels come
// from the question runtime with the nonce already on the scripts the question wrote (RenderedQuestion
// .nonce); the page adds no nonce to them and runs nothing else.
import type { PreviewState, RuntimeIssue, SubmissionSummary } from '../../../server/lib/protocol';
import { WEBVIEW_SCRIPT } from './webviewScript';

export interface PageAssets {
  /** The page's own nonce when the panels carry none (no panel has a script, or a message page). */
  nonce: string;
  cspSource: string;
  katexCss: string;
  katexJs: string;
  katexAutoRender: string;
  /** The folder of the bundled Ace (with a trailing slash), for pl-file-editor; without it a plain textarea. */
  aceBase?: string;
  /** The bundled Graphviz (viz.js, WebAssembly inside) for pl-graph; without it a graph says it cannot be laid out. */
  vizJs?: string;
  /** The folder of the bundled Quill, quilljs-markdown, DOMPurify, he and marked (trailing slash), for pl-rich-text-editor. */
  quillBase?: string;
  /** The folder of the bundled Excalidraw (script, stylesheet, fonts; trailing slash) for pl-excalidraw. */
  excalidrawBase?: string;
  /** The folder of the bundled fabric.js and lodash (trailing slash), for pl-drawing's element extensions. */
  fabricBase?: string;
  /**
   * The bundled jQuery, which PrairieLearn loads on every question page: courses' scripts and elements
   * call `$` (often when their script loads, in the head), so it comes before the elements' scripts.
   */
  jqueryJs?: string;
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's policy. The question's own preview also lets scripts load the webview's files (Ace's modes,
 * what a course's script loads); a submission (a student's data) runs only the scripts with the nonce.
 */
export function contentSecurityPolicy(a: PageAssets, submission: boolean): string {
  return [
    "default-src 'none'",
    `img-src ${a.cspSource} data:`,
    `media-src ${a.cspSource} data:`,
    `font-src ${a.cspSource} data:`,
    `style-src ${a.cspSource} 'unsafe-inline'`,
    // WebAssembly (pl-graph's Graphviz) compiles only with 'wasm-unsafe-eval'; eval itself stays off.
    submission ? `script-src 'nonce-${a.nonce}' 'wasm-unsafe-eval'` : `script-src ${a.cspSource} 'nonce-${a.nonce}' 'wasm-unsafe-eval'`,
    "form-action 'none'",
    "base-uri 'none'",
    ...(submission ? ["frame-src 'none'", "worker-src 'none'"] : []),
  ].join('; ');
}

function head(title: string, a: PageAssets, extraHead = '', submission = false): string {
  const csp = contentSecurityPolicy(a, submission);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${a.katexCss}">
<style nonce="${a.nonce}">${STYLE}</style>
${extraHead}</head>`;
}

/** The score line of the newest submission, as PrairieLearn words it. */
export function scoreText(s: SubmissionSummary | undefined): string | undefined {
  if (!s) return undefined;
  if (s.broken) return 'Broken submission: see the issues below.';
  if (!s.gradable) return `Invalid, not gradable: ${Object.keys(s.formatErrors).join(', ') || 'format errors'}.`;
  if (s.note) return s.note;
  if (!s.graded) return 'Saved, not graded.';
  return `Score: ${Math.round((s.score ?? 0) * 1000) / 10}%`;
}

function issueList(issues: RuntimeIssue[]): string {
  if (issues.length === 0) return '';
  const items = issues.map((i) => {
    const where = i.file ? ` <a href="#" data-file="${escapeHtml(i.file)}" data-line="${i.line ?? 1}">${escapeHtml(i.file.split(/[\\/]/).pop() ?? i.file)}${i.line ? `:${i.line}` : ''}</a>` : '';
    const trace = i.traceback ? `<pre>${escapeHtml(i.traceback)}</pre>` : '';
    return `<li class="${i.fatal ? 'fatal' : 'info'}"><strong>${escapeHtml(i.phase)}</strong>: ${escapeHtml(i.message)}${where}${trace}</li>`;
  });
  return `<section id="issues"><h2>Issues</h2><ul>${items.join('')}</ul></section>`;
}

export interface PreviewPageOptions {
  state: PreviewState;
  /** The panels with their placeholder URLs already rewritten. */
  panels: { question: string; submissions: string[]; answer?: string; head: string };
  /** Answers typed before a re-render of the same variant. */
  typed?: Record<string, string | string[]>;
  /** A submission from the server: no Save/Grade, a link to its raw JSON instead. */
  readOnly?: { title: string };
}

export function previewPage(o: PreviewPageOptions, assets: PageAssets): string {
  const { state, panels } = o;
  const a = { ...assets, nonce: state.rendered.nonce ?? assets.nonce };
  const latest = state.submissions.at(-1);
  const score = scoreText(latest);
  const toolbar = o.readOnly
    ? `<header><span class="qid">${escapeHtml(o.readOnly.title)}</span> <span class="muted">${escapeHtml(state.qid)}, seed ${escapeHtml(state.seed)}</span>
<button id="raw-json" class="secondary">Raw JSON</button></header>`
    : `<header><span class="qid">${escapeHtml(state.qid)}</span>
<form id="seed-form"><label>Seed <input id="seed" value="${escapeHtml(state.seed)}" size="10" aria-label="Variant seed"></label> <button type="submit" class="secondary">Use Seed</button></form>
<button id="new-variant" class="secondary">New Variant</button></header>`;
  const unsupported = state.rendered.unsupportedElements.length
    ? `<p class="muted">Not previewed here: ${state.rendered.unsupportedElements.map((t) => `&lt;${escapeHtml(t)}&gt;`).join(', ')}.</p>`
    : '';
  const buttons = o.readOnly ? '' : `<div class="buttons"><button type="button" id="save" class="secondary">Save</button> <button type="submit" id="grade">Save &amp; Grade</button></div>`;
  const body = `<body>${toolbar}
<main id="panels">
<section class="card" id="question-panel"><h2>Question</h2><form id="question-form" autocomplete="off">${panels.question}${buttons}</form>
${score ? `<p id="score" class="${latest?.graded && latest.score === 1 ? 'correct' : ''}">${escapeHtml(score)}</p>` : ''}</section>
${panels.submissions.map((h, i) => `<section class="card submission"><h2>Submission${panels.submissions.length > 1 ? ` ${state.submissions.length - i}` : ''}</h2>${h}</section>`).join('\n')}
${panels.answer !== undefined ? `<section class="card" id="answer-panel"><h2>Correct answer</h2>${panels.answer}</section>` : ''}
${unsupported}
</main>
${issueList(state.issues)}
<script type="application/json" id="typed-answers">${JSON.stringify(o.typed ?? {}).replace(/</g, '\\u003c')}</script>
<script nonce="${a.nonce}" src="${a.katexJs}"></script>
<script nonce="${a.nonce}" src="${a.katexAutoRender}"></script>
${o.readOnly ? '' : aceScript(panels.question, a)}${vizScript(panels, a)}${quillScripts(panels, a)}${excalidrawScript(panels, a)}<script nonce="${a.nonce}">${WEBVIEW_SCRIPT}</script>
</body></html>`;
  const jquery = a.jqueryJs ? `<script nonce="${a.nonce}" id="pl-jquery" src="${escapeHtml(a.jqueryJs)}"></script>\n` : '';
  return `${head(`Preview ${state.qid}`, a, jquery + fabricScripts(panels.head, a) + panels.head, !!o.readOnly)}${body}`;
}

/**
 * Ace, only when the question panel has a file editor (not in a submission, whose policy does not let
 * Ace load its modes: the editor's plain text area shows the code there). It loads before the elements' scripts run (they
 * wait for DOMContentLoaded); its modes and themes load later from `data-base`, the webview's own files.
 */
function aceScript(question: string, a: PageAssets): string {
  if (!a.aceBase || !question.includes('pl-file-editor')) return '';
  return `<script nonce="${a.nonce}" id="pl-ace" src="${escapeHtml(a.aceBase)}ace.js" data-base="${escapeHtml(a.aceBase)}"></script>\n`;
}

/** Graphviz, only when a panel has a pl-graph; it defines `Viz` before the element's script lays graphs out. */
function vizScript(panels: PreviewPageOptions['panels'], a: PageAssets): string {
  const all = [panels.question, ...panels.submissions, panels.answer ?? ''];
  if (!a.vizJs || !all.some((h) => h.includes('pl-graph'))) return '';
  return `<script nonce="${a.nonce}" id="pl-viz" src="${escapeHtml(a.vizJs)}"></script>\n`;
}

/**
 * Quill and its helpers, only when a panel has a rich-text editor; a submission's needs them too (it shows
 * the editor read-only). They define their globals before the element's script builds the editors.
 */
function quillScripts(panels: PreviewPageOptions['panels'], a: PageAssets): string {
  const all = [panels.question, ...panels.submissions, panels.answer ?? ''];
  if (!a.quillBase || !all.some((h) => h.includes('pl-rich-text-editor'))) return '';
  const base = escapeHtml(a.quillBase);
  const styles = ['quill.snow.css', 'quill.bubble.css', 'quilljs-markdown-common-style.css'].map((f) => `<link rel="stylesheet" href="${base}${f}">`);
  const scripts = ['quill.js', 'quilljs-markdown.js', 'purify.min.js', 'he.js', 'marked.umd.js'].map((f) => `<script nonce="${a.nonce}" src="${base}${f}"></script>`);
  return `${[...styles, ...scripts].join('\n')}\n`;
}

/**
 * fabric.js and lodash, only when the head has a pl-drawing extension's script (the runtime marks them):
 * before the element's scripts, as PrairieLearn's page has them, since an extension may use them as it loads.
 */
function fabricScripts(head: string, a: PageAssets): string {
  if (!a.fabricBase || !head.includes('data-element-extension="pl-drawing"')) return '';
  const base = escapeHtml(a.fabricBase);
  return ['fabric.min.js', 'lodash.min.js'].map((f) => `<script nonce="${a.nonce}" src="${base}${f}"></script>\n`).join('');
}

/** Excalidraw with React, only when a panel has a pl-excalidraw; its fonts load from the same folder. */
function excalidrawScript(panels: PreviewPageOptions['panels'], a: PageAssets): string {
  const all = [panels.question, ...panels.submissions, panels.answer ?? ''];
  if (!a.excalidrawBase || !all.some((h) => h.includes('pl-excalidraw'))) return '';
  const base = escapeHtml(a.excalidrawBase);
  // The library fixes its fonts' addresses when it loads, so their folder is set first (its default is a CDN).
  const assetPath = JSON.stringify(a.excalidrawBase).replace(/</g, '\\u003c');
  return `<link rel="stylesheet" href="${base}excalidraw.css">\n<script nonce="${a.nonce}">window.EXCALIDRAW_ASSET_PATH = ${assetPath};</script>\n<script nonce="${a.nonce}" id="pl-excalidraw-lib" src="${base}excalidraw-global.js"></script>\n`;
}

/** A page saying what went wrong (no Python, not a question), with the way out when there is one. */
export function messagePage(title: string, message: string, a: PageAssets, offerPython: boolean): string {
  const button = offerPython ? `<p><button id="create-python">Create Python Environment</button></p>` : '';
  return `${head(title, a)}<body><main id="panels"><section class="card" id="problem"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(message)}</p>${button}</section></main>
<script nonce="${a.nonce}">${WEBVIEW_SCRIPT}</script></body></html>`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 16px 16px; }
header { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 8px 0; border-bottom: 1px solid var(--vscode-panel-border); position: sticky; top: 0; background: var(--vscode-editor-background); z-index: 1; }
header form { display: inline-flex; gap: 6px; align-items: center; margin: 0; }
.qid { font-weight: 600; }
.muted { color: var(--vscode-descriptionForeground); }
.card { border: 1px solid var(--vscode-panel-border); border-radius: 4px; margin: 12px 0; padding: 4px 14px 12px; background: var(--vscode-editorWidget-background); }
.card h2 { font-size: 1em; margin: 8px 0; color: var(--vscode-descriptionForeground); text-transform: uppercase; letter-spacing: .04em; }
input, select, textarea { font: inherit; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, var(--vscode-panel-border)); padding: 2px 4px; }
button { font: inherit; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 12px; cursor: pointer; border-radius: 2px; }
button:hover { background: var(--vscode-button-hoverBackground); }
button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
/* Dark and high-contrast themes give buttons a border colour; elsewhere the panel border keeps a secondary
   button visible against a background of the same shade. */
button { border: 1px solid var(--vscode-button-border, transparent); }
button.secondary { border-color: var(--vscode-button-border, var(--vscode-contrastBorder, var(--vscode-panel-border))); }
.buttons { margin-top: 12px; }
#score { font-weight: 600; }
#score.correct { color: var(--vscode-testing-iconPassed, var(--vscode-foreground)); }
#issues li.fatal { color: var(--vscode-errorForeground); }
#issues pre, pre { white-space: pre-wrap; background: var(--vscode-textCodeBlock-background); color: var(--vscode-foreground); padding: 6px; }
a { color: var(--vscode-textLink-foreground); }
.pl-unsupported-element { border: 1px dashed var(--vscode-panel-border); padding: 4px; color: var(--vscode-descriptionForeground); }
.badge, .pl-badge { display: inline-block; padding: 1px 6px; border-radius: 4px; font-size: .85em; font-weight: 600; line-height: 1.4; white-space: nowrap; }
/* PrairieLearn's Bootstrap badges (score, invalid, missing input) in colours that keep their contrast
   in light and dark themes: white on a saturated fill. */
.text-bg-success { color: #fff; background: #198754; }
.text-bg-warning { color: #000; background: #ffc107; }
.text-bg-danger { color: #fff; background: #dc3545; }
.text-bg-dark, .text-bg-secondary { color: #fff; background: #495057; }
.text-bg-info { color: #000; background: #0dcaf0; }
/* PrairieLearn's Bootstrap icons as text glyphs: no icon font ships with the preview. */
.bi { font-style: normal; }
.bi-check-circle-fill::before, .bi-check2::before, .bi-check-lg::before { content: "\\2714"; }
.bi-x-circle-fill::before, .bi-x-lg::before { content: "\\2716"; }
.bi-circle-half::before { content: "\\25D0"; }
.bi-exclamation-triangle-fill::before { content: "\\26A0"; }
.bi-question-circle::before { content: "?"; display: inline-block; width: 1.2em; height: 1.2em; line-height: 1.2em; text-align: center; border: 1px solid currentColor; border-radius: 50%; font-size: .8em; font-weight: 600; }
.bi-info-circle::before { content: "i"; display: inline-block; width: 1.2em; height: 1.2em; line-height: 1.2em; text-align: center; border: 1px solid currentColor; border-radius: 50%; font-size: .8em; font-style: italic; }
/* The help disclosure shows its icon only, not the browser's triangle. */
details.pl-help-text > summary { list-style: none; cursor: pointer; display: inline; color: var(--vscode-textLink-foreground); }
details.pl-help-text > summary::-webkit-details-marker { display: none; }
details.pl-help-text[open] { display: block; margin: 4px 0; padding: 4px 8px; border-left: 2px solid var(--vscode-textLink-foreground); color: var(--vscode-foreground); }
.text-muted, .small.text-muted { color: var(--vscode-descriptionForeground); }
/* File names above editors and uploads: the foreground colour, not a faint one. */
.pl-file-editor .card-header, .pl-file-editor code, .pl-file-upload code, .pl-file-preview code { color: var(--vscode-foreground); }
.text-danger { color: var(--vscode-errorForeground); }
.text-success { color: var(--vscode-testing-iconPassed, inherit); }
.input-group { display: inline-flex; align-items: center; gap: 4px; }
`;
