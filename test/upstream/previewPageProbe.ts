// What sweep_preview_pages.ts looks for in an opened preview page, once its scripts have settled: the
// elements a page script should have drawn and did not, and the page's own error marks. The checks run
// in the page as a string (tsx's compiled functions name helpers the browser does not have).

/** One finding in the page: what kind, and a short text naming the element. */
export interface PageMark {
  kind: string;
  detail: string;
}

/**
 * Resolves once the page has not changed for `quietMs` (or after `maxMs`): Ace, Graphviz's WebAssembly
 * and KaTeX finish at different times after `load`.
 */
export const SETTLE_SCRIPT = (quietMs: number, maxMs: number) => `new Promise((resolve) => {
  let last = Date.now();
  const start = last;
  const seen = new MutationObserver(() => { last = Date.now(); });
  seen.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  const tick = () => {
    const now = Date.now();
    if (now - last >= ${quietMs} || now - start >= ${maxMs}) { seen.disconnect(); resolve(now - start); }
    else setTimeout(tick, 50);
  };
  setTimeout(tick, 50);
})`;

/** Listens for the policy's refusals from the first script on (init script). */
export const CSP_LISTENER = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' refused ' + (e.blockedURI || 'inline') + (e.sourceFile ? ' (' + e.sourceFile.split('/').pop() + ':' + e.lineNumber + ')' : ''));
});`;

/** The marks of a settled page, as `PageMark[]`. */
export const PROBE_SCRIPT = `(() => {
  const marks = [];
  const add = (kind, el, extra) => {
    const panel = el.closest('section.card');
    const where = panel ? panel.id || panel.querySelector('h2')?.textContent || '' : '';
    marks.push({ kind, detail: (where ? '[' + where + '] ' : '') + (extra || '').slice(0, 200) });
  };
  for (const v of window.__cspViolations || []) marks.push({ kind: 'csp', detail: v });
  for (const el of document.querySelectorAll('.pl-unsupported-element')) add('unsupported', el, el.textContent.trim());
  for (const el of document.querySelectorAll('.katex-error')) add('katex-error', el, el.getAttribute('title') || el.textContent);
  for (const el of document.querySelectorAll('.pl-graph[data-dot]')) {
    if (el.querySelector('.pl-graph-error')) add('graph-error', el, el.textContent);
    else if (!el.querySelector('svg')) add('graph-not-drawn', el, '');
  }
  for (const el of document.querySelectorAll('#question-panel .pl-file-editor')) {
    if (el.querySelector('textarea[data-target]') && !el.querySelector('.ace_editor')) add('ace-not-created', el, '');
  }
  for (const el of document.querySelectorAll('.pl-rich-text-editor[data-options]')) {
    if (!el.querySelector('.ql-editor')) add('quill-not-created', el, '');
  }
  for (const el of document.querySelectorAll('.pl-excalidraw[data-metadata]')) {
    if (!el.querySelector('.excalidraw, .pl-excalidraw-message')) add('excalidraw-not-drawn', el, '');
    for (const m of el.querySelectorAll('.pl-excalidraw-message')) add('excalidraw-message', el, m.textContent);
  }
  for (const el of document.querySelectorAll('.pl-drawing-container[data-options]')) {
    if (!el.querySelector('canvas, svg')) add('drawing-not-drawn', el, '');
    for (const m of el.querySelectorAll('.pl-drawing-error')) add('drawing-error', el, m.textContent);
  }
  for (const el of document.querySelectorAll('.pl-sketch[data-config]')) {
    // Read-only panels draw the canvas without the toolbar.
    if (!el.querySelector('svg.pl-sketch-canvas')) add('sketch-not-drawn', el, '');
  }
  for (const el of document.querySelectorAll('.pl-xss-safe[data-code]')) {
    if (!el.shadowRoot) add('xss-safe-not-shown', el, '');
  }
  for (const el of document.querySelectorAll('.pl-order-blocks[data-answers-name]')) {
    if (!el.querySelector('.pl-order-block-tools') && el.closest('#question-panel')) add('order-blocks-no-tools', el, '');
  }
  for (const img of document.querySelectorAll('img')) {
    if (img.complete && img.naturalWidth === 0) add('broken-image', img, img.getAttribute('src') || '(no src)');
  }
  // TeX left as text: KaTeX's auto-render found nothing it could typeset between the delimiters.
  // Code and preformatted text keep their delimiters (KaTeX skips them, as MathJax does).
  const panels = document.getElementById('panels')?.cloneNode(true);
  for (const el of panels ? panels.querySelectorAll('code, pre, textarea, script, style') : []) el.remove();
  const text = panels ? panels.textContent : '';
  const tex = text.match(/\\\\\\(|\\\\\\[|\\$\\$/);
  if (tex) marks.push({ kind: 'tex-left-as-text', detail: text.slice(Math.max(0, tex.index - 40), tex.index + 60).replace(/\\s+/g, ' ') });
  return marks;
})()`;
