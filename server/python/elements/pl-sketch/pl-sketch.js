// pl-sketch in the page: each .pl-sketch[data-config] becomes an SVG canvas with the author's tools
// (point, horizontal/vertical line, line, free-draw, spline, polyline, polygon). After every change the
// hidden input holds base64 of UTF-8 JSON in the shape PrairieLearn's canvas submits: its state
// ({apiVersion, meta: {config, dataVersions}, data: drawings per tool}) plus "gradeable" (per tool, each
// curve as a cubic spline [[x, y], ...] in pixels, each point as {"point": [x, y]}), which the controller
// grades. Plain DOM, no network: it runs under the preview's script policy.
(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const DASHES = { solid: '', dashed: '8,6', longdashed: '16,6', dotted: '2,5', dashdotted: '10,5,2,5' };

  function decode(text) {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  }
  function encode(value) {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    let s = '';
    bytes.forEach((b) => { s += String.fromCharCode(b); });
    return btoa(s);
  }
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (parent) parent.appendChild(e);
    return e;
  }
  const round2 = (v) => Math.round(v * 100) / 100;

  const { fitCurve, bez } = window.plSketchFit;

  /** Straight pieces between the points, controls at the thirds. */
  function straight(points) {
    const out = [[points[0].x, points[0].y]];
    for (let i = 0; i < points.length - 1; i++) {
      const a = points[i], b = points[i + 1];
      out.push([(2 * a.x + b.x) / 3, (2 * a.y + b.y) / 3], [(a.x + 2 * b.x) / 3, (a.y + 2 * b.y) / 3], [b.x, b.y]);
    }
    return out;
  }
  function pathOf(spline) {
    if (spline.length < 2) return '';
    let d = `M${spline[0][0]},${spline[0][1]}`;
    for (let i = 1; i + 2 < spline.length; i += 3) d += ` C${spline[i]} ${spline[i + 1]} ${spline[i + 2]}`;
    return d;
  }

  /** Each tool's gradeable data from its state, as PrairieLearn's plugins give it. */
  function gradeableOf(tool, state, config) {
    const w = config.width, h = config.height;
    switch (tool.name) {
      case 'point': return state.map((p) => ({ point: [p.x, p.y] }));
      case 'horizontal-line': return state.map((p) => ({ spline: [0, Math.round(w / 3), Math.round((2 * w) / 3), w].map((x) => [x, p.y]) }));
      case 'vertical-line': return state.map((p) => ({ spline: [0, Math.round(h / 3), Math.round((2 * h) / 3), h].map((y) => [p.x, y]) }));
      case 'line-segment': {
        const out = [];
        for (let i = 0; i + 1 < state.length; i += 2) out.push({ spline: straight([state[i], state[i + 1]]) });
        return out;
      }
      case 'freeform': return state.map((s) => ({ spline: s.map((p) => [p.x, p.y]) }));
      case 'spline': return state.filter((s) => s.length >= 2).map((s) => ({ spline: fitCurve(s, 0) }));
      case 'polyline': return state.filter((s) => s.length > 1).map((s) => ({ spline: fitCurve(s, 0) }));
      default: return [];
    }
  }

  function toolsOf(config) {
    const out = [];
    for (const p of config.plugins) {
      if (p.name === 'group') out.push(...p.plugins);
      else if (p.name !== 'axes') out.push(p);
    }
    return out;
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

  function drawTool(layer, tool, state, config, pending) {
    const g = el('g', { class: `pl-sketch-tool${tool.overlay ? ' overlay' : ''}`, 'data-tool': tool.id, opacity: tool.overlay ? 0.5 : 1 }, layer);
    const stroke = { stroke: tool.color, 'stroke-width': tool.overlay ? 5 : 2, fill: 'none', 'stroke-dasharray': DASHES[tool.dashStyle] || '' };
    const w = config.width, h = config.height;
    switch (tool.name) {
      case 'point':
        for (const p of state) el('circle', { cx: p.x, cy: p.y, r: (tool.size || 15) / 2, fill: tool.hollow ? 'white' : tool.color, stroke: tool.color, 'stroke-width': 2 }, g);
        break;
      case 'horizontal-line': for (const p of state) el('line', { x1: 0, x2: w, y1: p.y, y2: p.y, ...stroke }, g); break;
      case 'vertical-line': for (const p of state) el('line', { x1: p.x, x2: p.x, y1: 0, y2: h, ...stroke }, g); break;
      case 'line-segment':
        for (let i = 0; i + 1 < state.length; i += 2) el('line', { x1: state[i].x, y1: state[i].y, x2: state[i + 1].x, y2: state[i + 1].y, ...stroke }, g);
        if (state.length % 2) el('circle', { cx: state[state.length - 1].x, cy: state[state.length - 1].y, r: 3, fill: tool.color }, g);
        break;
      case 'freeform': for (const s of state) el('path', { d: pathOf(s.map((p) => [p.x, p.y])), ...stroke }, g); break;
      case 'spline':
      case 'polyline':
        for (const s of [...state, ...(pending ? [pending] : [])]) {
          if (tool.name === 'spline') el('path', { d: pathOf(fitCurve(s, 0)), ...stroke }, g);
          else {
            const pts = s.map((p) => `${p.x},${p.y}`).join(' ');
            el(tool.closed ? 'polygon' : 'polyline', { points: pts, ...stroke, fill: tool.closed ? tool.fillColor : 'none', 'fill-opacity': tool.closed ? tool.opacity : 0 }, g);
          }
          if (s === pending) for (const p of s) el('circle', { cx: p.x, cy: p.y, r: 3, fill: tool.color }, g);
        }
        break;
      default:
    }
  }

  function setUp(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = '1';
    const config = decode(root.dataset.config);
    const id = root.dataset.sketchId;
    const input = document.getElementById(`${id}-sketchresponse-submission`);
    const container = document.getElementById(`${id}-si-container`);
    const tools = toolsOf(config);
    const state = {};
    for (const t of tools) state[t.id] = JSON.parse(JSON.stringify(config.initialstate[t.id] || []));
    // A drawing the preview put back after a re-render (data-restore-hidden) replaces the opening one.
    if (input && input.value && !config.readonly) {
      try {
        const kept = decode(input.value).data || {};
        for (const t of tools) if (Array.isArray(kept[t.id])) state[t.id] = kept[t.id];
      } catch {
        // Not a drawing of this canvas: the opening drawings stay.
      }
    }
    const history = [];
    let active = tools.find((t) => !t.readonly && !config.readonly) || null;
    let pending = null; // a spline/polyline being clicked in
    let stroke = null; // a free-draw stroke being drawn
    let erasing = false; // clicks delete the drawing nearest to them

    container.replaceChildren();
    const bar = document.createElement('div');
    bar.className = 'pl-sketch-toolbar btn-group flex-wrap';
    const svg = el('svg', { width: config.width, height: config.height, viewBox: `0 0 ${config.width} ${config.height}`, class: 'pl-sketch-canvas' });
    el('rect', { x: 0, y: 0, width: config.width, height: config.height, fill: 'white' }, svg);
    drawGrid(svg, config);
    const layer = el('g', {}, svg);
    if (!config.readonly) container.appendChild(bar);
    container.appendChild(svg);

    function save() {
      if (!input || config.readonly) return;
      const data = {}, gradeable = {};
      for (const t of tools) {
        // A curve still being clicked in counts as drawn, as PrairieLearn finishes shapes on submit.
        const open = active === t && pending && pending.length > (t.closed ? 2 : 1) ? [pending] : [];
        data[t.id] = [...state[t.id], ...open];
        gradeable[t.id] = gradeableOf(t, data[t.id], config);
      }
      input.value = encode({ apiVersion: '0.1', meta: { config, dataVersions: {} }, data, gradeable });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
    function redraw() {
      layer.replaceChildren();
      for (const t of tools) drawTool(layer, t, state[t.id], config, active === t ? pending : null);
      for (const b of bar.querySelectorAll('[data-tool]')) b.classList.toggle('active', active && b.dataset.tool === active.id);
    }
    function change(fn) {
      history.push(JSON.stringify(state));
      fn();
      redraw();
      save();
    }
    function count(t) {
      if (t.name === 'line-segment') return Math.floor(state[t.id].length / 2);
      return state[t.id].length;
    }
    function finish() {
      // A double-click's two clicks land on the last point: keep it once.
      if (pending) pending = pending.filter((q, i) => i === 0 || q.x !== pending[i - 1].x || q.y !== pending[i - 1].y);
      const done = pending;
      pending = null;
      if (done && done.length > (active.closed ? 2 : 1)) change(() => state[active.id].push(done));
      else redraw();
    }
    function choose(t) {
      if (pending) finish();
      erasing = false;
      bar.querySelector('[data-action="erase"]')?.classList.remove('active');
      active = t;
      redraw();
    }
    function button(label, onClick, toolId, color) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-sm btn-outline-secondary';
      b.textContent = label;
      if (toolId) b.dataset.tool = toolId;
      if (color) b.style.borderBottom = `4px solid ${color}`;
      b.addEventListener('click', onClick);
      bar.appendChild(b);
      return b;
    }
    for (const p of config.plugins) {
      if (p.name === 'axes' || p.readonly) continue;
      if (p.name === 'group') {
        const members = p.plugins.filter((t) => !t.readonly);
        if (!members.length) continue;
        const select = document.createElement('select');
        select.className = 'form-select form-select-sm pl-sketch-group';
        select.setAttribute('aria-label', p.label);
        select.add(new Option(p.label, ''));
        for (const t of members) select.add(new Option(t.label, t.id));
        select.addEventListener('change', () => { const t = members.find((m) => m.id === select.value); if (t) choose(t); });
        bar.appendChild(select);
        continue;
      }
      button(p.label, () => choose(p), p.id, p.color);
    }
    button('Undo', () => { if (pending) { pending = null; redraw(); return; } if (history.length) { Object.assign(state, JSON.parse(history.pop())); redraw(); save(); } }).dataset.action = 'undo';
    const eraser = button('Erase', () => { if (pending) finish(); erasing = !erasing; eraser.classList.toggle('active', erasing); });
    eraser.dataset.action = 'erase';
    button('Clear tool', () => { if (active) change(() => { state[active.id] = []; pending = null; }); }).dataset.action = 'clear';
    if (root.dataset.overlaySolution === 'true') {
      button('Toggle solution', () => { for (const g of svg.querySelectorAll('.overlay')) g.style.display = g.style.display === 'none' ? '' : 'none'; }).dataset.action = 'overlay';
      if (config.readonly) container.prepend(bar);
    }

    function at(ev) {
      const r = svg.getBoundingClientRect();
      let x = ((ev.clientX - r.left) * config.width) / r.width, y = ((ev.clientY - r.top) * config.height) / r.height;
      if (config.enforceBounds) { x = Math.min(Math.max(x, 0), config.width); y = Math.min(Math.max(y, 0), config.height); }
      return { x: round2(x), y: round2(y) };
    }
    const full = (t) => t.limit && count(t) >= t.limit;
    /** The drawing (tool, index in its state, how many entries) nearest p, if within 10 px. */
    function nearest(p) {
      const seg = (a, b) => {
        const dx = b.x - a.x, dy = b.y - a.y, len = dx * dx + dy * dy;
        const k = len ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
        return Math.hypot(p.x - a.x - k * dx, p.y - a.y - k * dy);
      };
      const along = (pts) => (pts.length === 1 ? Math.hypot(p.x - pts[0].x, p.y - pts[0].y) : Math.min(...pts.slice(1).map((q, i) => seg(pts[i], q))));
      let best = null;
      const consider = (t, index, size, d) => { if (d <= 10 && (!best || d < best.d)) best = { t, index, size, d }; };
      for (const t of tools.filter((u) => !u.readonly && !u.overlay)) {
        const s = state[t.id];
        if (t.name === 'line-segment') for (let i = 0; i + 1 < s.length; i += 2) consider(t, i, 2, seg(s[i], s[i + 1]));
        else s.forEach((o, i) => {
          if (t.name === 'point') consider(t, i, 1, Math.hypot(p.x - o.x, p.y - o.y));
          else if (t.name === 'horizontal-line') consider(t, i, 1, Math.abs(p.y - o.y));
          else if (t.name === 'vertical-line') consider(t, i, 1, Math.abs(p.x - o.x));
          else {
            const spline = t.name === 'freeform' ? o.map((q) => [q.x, q.y]) : fitCurve(o, 0);
            const pts = [];
            for (let k = 0; k + 3 < spline.length; k += 3) for (let j = 0; j <= 8; j++) { const q = bez(spline.slice(k, k + 4), j / 8); pts.push({ x: q[0], y: q[1] }); }
            consider(t, i, 1, along(pts.length ? pts : o));
          }
        });
      }
      return best;
    }
    svg.addEventListener('pointerdown', (ev) => {
      if (config.readonly) return;
      if (erasing) {
        const hit = nearest(at(ev));
        if (hit) change(() => state[hit.t.id].splice(hit.index, hit.size));
        return;
      }
      if (!active || active.readonly) return;
      const p = at(ev);
      const t = active;
      if (t.name === 'freeform') {
        if (full(t)) return;
        stroke = [p];
        svg.setPointerCapture?.(ev.pointerId);
      } else if (t.name === 'point') {
        if (!full(t)) change(() => state[t.id].push(p));
      } else if (t.name === 'horizontal-line') {
        if (!full(t)) change(() => state[t.id].push({ y: p.y }));
      } else if (t.name === 'vertical-line') {
        if (!full(t)) change(() => state[t.id].push({ x: p.x }));
      } else if (t.name === 'line-segment') {
        if (state[t.id].length % 2 === 0 && full(t)) return;
        let q = p;
        const s = state[t.id];
        if (s.length % 2 === 1 && t.directionConstraint === 'horizontal') q = { x: p.x, y: s[s.length - 1].y };
        if (s.length % 2 === 1 && t.directionConstraint === 'vertical') q = { x: s[s.length - 1].x, y: p.y };
        change(() => s.push(q));
      } else if (t.name === 'spline' || t.name === 'polyline') {
        if (!pending && full(t)) return;
        pending = pending || [];
        pending.push(p);
        redraw();
        save();
      }
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!stroke) return;
      stroke.push(at(ev));
      layer.querySelector('.pl-sketch-stroke')?.remove();
      el('polyline', { class: 'pl-sketch-stroke', points: stroke.map((q) => `${q.x},${q.y}`).join(' '), stroke: active.color, fill: 'none', 'stroke-width': 2 }, layer);
    });
    const endStroke = () => {
      if (!stroke) return;
      // Repeated positions would give the fit a zero-length tangent.
      const pts = stroke.filter((q, i) => i === 0 || q.x !== stroke[i - 1].x || q.y !== stroke[i - 1].y);
      stroke = null;
      if (pts.length < 2) { redraw(); return; }
      const t = active;
      change(() => state[t.id].push(fitCurve(pts, 5).map(([x, y]) => ({ x, y }))));
    };
    svg.addEventListener('pointerup', endStroke);
    svg.addEventListener('pointercancel', endStroke);
    svg.addEventListener('dblclick', () => finish());
    root.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === 'Escape') { ev.preventDefault(); finish(); } });
    redraw();
    save();
  }

  function setUpAll() {
    for (const root of document.querySelectorAll('.pl-sketch[data-config]')) {
      try {
        setUp(root);
      } catch (err) {
        const c = root.querySelector('.si-container');
        if (c) c.textContent = `pl-sketch: the canvas could not be drawn (${err.message})`;
      }
    }
  }
  // Only once the page is parsed: the preview has then put back a drawing typed before a re-render.
  function start() {
    setUpAll();
    new MutationObserver(setUpAll).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
