// pl-graph in the page: each .pl-graph[data-dot] is laid out by Graphviz compiled to WebAssembly
// (@viz-js/viz, the Graphviz build PrairieLearn depends on), which the preview ships and loads as the
// global `Viz` when a panel has a graph. PrairieLearn sends the SVG from the server; the result is the
// same picture, made here because no Graphviz install is assumed.
(function () {
  /** The SVG text of a layout, or a message when Graphviz refused the DOT text. */
  function layOut(viz, dot, engine) {
    const result = viz.render(dot, { format: 'svg', engine: engine || 'dot' });
    const messages = (result.errors || []).map((e) => `${e.level ? e.level + ': ' : ''}${e.message}`);
    if (result.status !== 'success') return { error: messages.join('\n') || 'Graphviz could not lay out this graph.' };
    return { svg: result.output, warnings: messages };
  }

  function showError(div, text) {
    const pre = document.createElement('pre');
    pre.className = 'pl-graph-error';
    pre.textContent = `pl-graph: ${text}`;
    div.replaceChildren(pre);
  }

  function renderAll(viz) {
    for (const div of document.querySelectorAll('.pl-graph[data-dot]')) {
      let out;
      try {
        out = layOut(viz, div.getAttribute('data-dot') || '', div.getAttribute('data-engine'));
      } catch (err) {
        out = { error: String((err && err.message) || err) };
      }
      if (out.error !== undefined) {
        showError(div, out.error);
        continue;
      }
      // Parsed as SVG (not HTML) and imported, so nothing in the graph's labels becomes markup.
      const doc = new DOMParser().parseFromString(out.svg, 'image/svg+xml');
      div.replaceChildren(document.importNode(doc.documentElement, true));
      div.removeAttribute('data-dot');
      if (out.warnings.length && div.getAttribute('data-log-warnings') !== 'false') console.warn('pl-graph:', out.warnings.join('\n'));
    }
  }

  function start() {
    if (!document.querySelector('.pl-graph[data-dot]')) return;
    if (typeof Viz === 'undefined' || typeof Viz.instance !== 'function') {
      for (const div of document.querySelectorAll('.pl-graph[data-dot]')) showError(div, 'Graphviz (viz.js) is not loaded in this page.');
      return;
    }
    Viz.instance().then(renderAll, (err) => {
      for (const div of document.querySelectorAll('.pl-graph[data-dot]')) showError(div, `Graphviz could not start: ${String((err && err.message) || err)}`);
    });
  }

  if (typeof document !== 'undefined') {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }
  if (typeof module !== 'undefined') module.exports = { layOut };
})();
