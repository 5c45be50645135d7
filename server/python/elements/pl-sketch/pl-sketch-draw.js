// pl-sketch's drawing in the page (window.plSketchDraw, used by pl-sketch.js): the grid and axes, and
// each tool's drawings as SVG. An editable drawing also gets invisible shapes the pointer grabs, as
// PrairieLearn's canvas has them (class pl-sketch-hit, data-index, and data-vertex on a clicked point):
// its body 10 px wide (a polygon's inside too), then, above every body, its points 8 px round (a line's
// ends, a spline's or polyline's clicked points). A selected drawing is drawn half transparent.
(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const DASHES = { solid: '', dashed: '8,6', longdashed: '16,6', dotted: '2,5', dashdotted: '10,5,2,5' };
  const { fitCurve } = window.plSketchFit;

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (parent) parent.appendChild(e);
    return e;
  }
  function pathOf(spline) {
    if (spline.length < 2) return '';
    let d = `M${spline[0][0]},${spline[0][1]}`;
    for (let i = 1; i + 2 < spline.length; i += 3) d += ` C${spline[i]} ${spline[i + 1]} ${spline[i + 2]}`;
    return d;
  }

  function drawGrid(svg, config) {
    const [x0, x1] = config.xrange, [y0, y1] = config.yrange, w = config.width, h = config.height;
    const px = (x) => ((x - x0) * w) / (x1 - x0), py = (y) => ((y1 - y) * h) / (y1 - y0);
    const grid = el('g', { class: 'pl-sketch-grid' }, svg);
    const step = (span) => { const raw = span / 10, p = 10 ** Math.floor(Math.log10(raw)); return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw); };
    const sx = step(x1 - x0), sy = step(y1 - y0);
    for (let x = Math.ceil(x0 / sx) * sx; x <= x1; x += sx) el('line', { x1: px(x), x2: px(x), y1: 0, y2: h, stroke: '#ddd' }, grid);
    for (let y = Math.ceil(y0 / sy) * sy; y <= y1; y += sy) el('line', { x1: 0, x2: w, y1: py(y), y2: py(y), stroke: '#ddd' }, grid);
    if (y0 <= 0 && y1 >= 0) el('line', { x1: 0, x2: w, y1: py(0), y2: py(0), stroke: '#333' }, grid);
    if (x0 <= 0 && x1 >= 0) el('line', { x1: px(0), x2: px(0), y1: 0, y2: h, stroke: '#333' }, grid);
    const axes = config.plugins.find((p) => p.name === 'axes');
    if (axes) {
      const xl = el('text', { x: w - 14, y: Math.min(Math.max(py(0) - 6, 14), h - 4), fill: axes.colors.xaxisLabel, 'font-size': axes.fontSize.xaxisLabel }, grid);
      xl.textContent = axes.xaxisLabel.value;
      const yl = el('text', { x: Math.min(Math.max(px(0) + 6, 4), w - 14), y: 16, fill: axes.colors.yaxisLabel, 'font-size': axes.fontSize.yaxisLabel }, grid);
      yl.textContent = axes.yaxisLabel.value;
    }
  }

  /**
   * The line tool's arrowhead: a triangle `size` px long and wide, its tip on the line's end.
   * Canvas px (userSpaceOnUse), not multiples of the stroke: PrairieLearn documents the size in pixels.
   */
  function arrowMarker(g, id, tool) {
    const n = tool.arrowHead;
    const marker = el('marker', { id, markerUnits: 'userSpaceOnUse', markerWidth: n, markerHeight: n, refX: n, refY: n / 2, orient: 'auto', class: 'pl-sketch-arrowhead' }, el('defs', {}, g));
    el('polygon', { points: `0 0, ${n} ${n / 2}, 0 ${n}`, fill: tool.color }, marker);
  }

  /**
   * One tool's drawings into `layer`. o: {pending (a curve being clicked in), selected (index => true),
   * editable (grab shapes wanted), markerId (unique id for this tool's arrowhead)}.
   */
  function drawTool(layer, tool, state, config, o) {
    const g = el('g', { class: `pl-sketch-tool${tool.overlay ? ' overlay' : ''}`, 'data-tool': tool.id, opacity: tool.overlay ? 0.5 : 1 }, layer);
    const stroke = { stroke: tool.color, 'stroke-width': tool.overlay ? 5 : 2, fill: 'none', 'stroke-dasharray': DASHES[tool.dashStyle] || '' };
    const w = config.width, h = config.height;
    const look = (i) => (o.selected(i) ? { opacity: 0.5 } : {});
    const bodies = [], ends = [];
    const body = (name, attrs, index) => bodies.push([name, { ...attrs, 'data-index': index, 'pointer-events': name === 'polygon' || name === 'circle' ? 'all' : 'stroke' }]);
    const end = (p, index, vertex) => ends.push(['circle', { cx: p.x, cy: p.y, r: 8, 'data-index': index, 'data-vertex': vertex, 'pointer-events': 'all' }]);
    switch (tool.name) {
      case 'point':
        state.forEach((p, i) => {
          el('circle', { cx: p.x, cy: p.y, r: (tool.size || 15) / 2, fill: tool.hollow ? 'white' : tool.color, stroke: tool.color, 'stroke-width': 2, ...look(i) }, g);
          body('circle', { cx: p.x, cy: p.y, r: (tool.size || 15) / 2 }, i);
        });
        break;
      case 'horizontal-line':
        state.forEach((p, i) => { el('line', { x1: 0, x2: w, y1: p.y, y2: p.y, ...stroke, ...look(i) }, g); body('line', { x1: 0, x2: w, y1: p.y, y2: p.y }, i); });
        break;
      case 'vertical-line':
        state.forEach((p, i) => { el('line', { x1: p.x, x2: p.x, y1: 0, y2: h, ...stroke, ...look(i) }, g); body('line', { x1: p.x, x2: p.x, y1: 0, y2: h }, i); });
        break;
      case 'line-segment': {
        const arrow = tool.arrowHead > 0 ? { 'marker-end': `url(#${o.markerId})` } : {};
        if (tool.arrowHead > 0) arrowMarker(g, o.markerId, tool);
        for (let i = 0; i + 1 < state.length; i += 2) {
          const [a, b] = [state[i], state[i + 1]];
          el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, ...stroke, ...arrow, ...look(i) }, g);
          body('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y }, i);
          end(a, i, i);
          end(b, i, i + 1);
        }
        if (state.length % 2) el('circle', { cx: state[state.length - 1].x, cy: state[state.length - 1].y, r: 3, fill: tool.color }, g);
        break;
      }
      case 'freeform':
        state.forEach((s, i) => {
          const d = pathOf(s.map((p) => [p.x, p.y]));
          el('path', { d, ...stroke, ...look(i) }, g);
          body('path', { d }, i);
        });
        break;
      case 'spline':
      case 'polyline':
        [...state, ...(o.pending ? [o.pending] : [])].forEach((s, i) => {
          const drawn = s !== o.pending;
          if (tool.name === 'spline') {
            const d = pathOf(fitCurve(s, 0));
            el('path', { d, ...stroke, ...(drawn ? look(i) : {}) }, g);
            if (drawn) body('path', { d }, i);
          } else {
            const kind = tool.closed ? 'polygon' : 'polyline', points = s.map((p) => `${p.x},${p.y}`).join(' ');
            el(kind, { points, ...stroke, fill: tool.closed ? tool.fillColor : 'none', 'fill-opacity': tool.closed ? tool.opacity : 0, ...(drawn ? look(i) : {}) }, g);
            if (drawn) body(kind, { points }, i);
          }
          // Clicked points show while clicking in, and on a spline of a tool the student may edit.
          if (!drawn || (tool.name === 'spline' && !tool.readonly && !config.readonly)) for (const p of s) el('circle', { cx: p.x, cy: p.y, r: 3, fill: tool.color }, g);
          if (drawn) s.forEach((p, k) => end(p, i, k));
        });
        break;
      default:
    }
    if (!o.editable) return;
    for (const [name, attrs] of [...bodies, ...ends]) el(name, { ...attrs, class: 'pl-sketch-hit', stroke: 'transparent', 'stroke-width': 10, fill: 'none' }, g);
  }

  window.plSketchDraw = { el, drawGrid, drawTool };
})();
