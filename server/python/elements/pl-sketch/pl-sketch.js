// pl-sketch in the page: each .pl-sketch[data-config] becomes an SVG canvas with the author's tools
// (point, horizontal/vertical line, line, free-draw, spline, polyline, polygon). After every change the
// hidden input holds base64 of UTF-8 JSON in the shape PrairieLearn's canvas submits: its state
// ({apiVersion, meta: {config, dataVersions}, data: drawings per tool}) plus "gradeable" (per tool, each
// curve as a cubic spline [[x, y], ...] in pixels, each point as {"point": [x, y]}), which the controller
// grades. Plain DOM, no network: it runs under the preview's script policy.
(function () {
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
  const round2 = (v) => Math.round(v * 100) / 100;

  const { fitCurve } = window.plSketchFit;
  const { el, drawGrid, drawTool } = window.plSketchDraw;
  const { lineEnd, move, nearest, offCanvas } = window.plSketchMove;

  /** Straight pieces between the points, controls at the thirds. */
  function straight(points) {
    const out = [[points[0].x, points[0].y]];
    for (let i = 0; i < points.length - 1; i++) {
      const a = points[i], b = points[i + 1];
      out.push([(2 * a.x + b.x) / 3, (2 * a.y + b.y) / 3], [(a.x + 2 * b.x) / 3, (a.y + 2 * b.y) / 3], [b.x, b.y]);
    }
    return out;
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
    // PrairieLearn's canvas opens with its Select tool: drawings are selected and dragged.
    let selecting = !config.readonly;
    let active = null; // the drawing tool, when not selecting
    let pending = null; // a spline/polyline being clicked in
    let stroke = null; // a free-draw stroke being drawn
    let placing = null; // a point, line or line end just put down, following the pointer while pressed
    let grab = null; // a drawing (or one of its points) pressed in Select mode, dragged once moved 5 px
    let erasing = false; // clicks delete the drawing nearest to them
    let overlayHidden = false; // the solution overlay toggled off
    const selected = new Map(); // "tool id, index" => {tool, index}
    const keyOf = (tool, index) => JSON.stringify([tool.id, index]);
    const markerId = (t) => `${id}-arrowhead-${t.id}`.replace(/[^\w-]/g, '_');

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
      for (const t of tools) {
        drawTool(layer, t, state[t.id], config, {
          pending: active === t ? pending : null, selected: (i) => selected.has(keyOf(t, i)), markerId: markerId(t),
          editable: selecting && !config.readonly && !t.readonly && !t.overlay,
        });
      }
      for (const b of bar.querySelectorAll('[data-tool]')) b.classList.toggle('active', active && b.dataset.tool === active.id);
      bar.querySelector('[data-action="select"]')?.classList.toggle('active', selecting);
      svg.classList.toggle('pl-sketch-selecting', selecting);
      // Hidden until toggled back, also after the drawings are drawn again.
      for (const g of layer.querySelectorAll('.overlay')) g.style.display = overlayHidden ? 'none' : '';
    }
    function change(fn) {
      history.push(JSON.stringify(state));
      selected.clear();
      fn();
      redraw();
      save();
    }
    function count(t) {
      if (t.name === 'line-segment') return Math.floor(state[t.id].length / 2);
      return state[t.id].length;
    }
    function finish() {
      // A line's first end left alone goes, as PrairieLearn's canvas drops it when the line is not finished.
      if (active?.name === 'line-segment' && state[active.id].length % 2) { const t = active; change(() => state[t.id].pop()); }
      // A double-click's two clicks land on the last point: keep it once.
      if (pending) pending = pending.filter((q, i) => i === 0 || q.x !== pending[i - 1].x || q.y !== pending[i - 1].y);
      const done = pending;
      pending = null;
      if (done && done.length > (active.closed ? 2 : 1)) change(() => state[active.id].push(done));
      else redraw();
    }
    function choose(t) {
      if (active && active !== t) finish();
      erasing = false;
      bar.querySelector('[data-action="erase"]')?.classList.remove('active');
      active = t;
      selecting = !t;
      selected.clear();
      redraw();
    }
    function deleteSelected() {
      const gone = [...selected.values()].sort((a, b) => b.index - a.index);
      if (gone.length) change(() => { for (const { tool, index } of gone) state[tool.id].splice(index, tool.name === 'line-segment' ? 2 : 1); });
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
    button('Select', () => choose(null)).dataset.action = 'select';
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
    button('Delete', deleteSelected).dataset.action = 'delete';
    button('Undo', () => { if (pending) { pending = null; redraw(); return; } if (history.length) { Object.assign(state, JSON.parse(history.pop())); selected.clear(); redraw(); save(); } }).dataset.action = 'undo';
    const eraser = button('Erase', () => { if (pending) finish(); erasing = !erasing; eraser.classList.toggle('active', erasing); });
    eraser.dataset.action = 'erase';
    button('Clear tool', () => { if (active) change(() => { state[active.id] = []; pending = null; }); }).dataset.action = 'clear';
    if (root.dataset.overlaySolution === 'true') {
      button('Toggle solution', () => { overlayHidden = !overlayHidden; redraw(); }).dataset.action = 'overlay';
      if (config.readonly) container.prepend(bar);
    }

    /** The pointer in canvas px; the screen matrix takes the canvas's border and any scaling into account. */
    function canvasPoint(ev) {
      const m = svg.getScreenCTM().inverse();
      return { x: m.a * ev.clientX + m.c * ev.clientY + m.e, y: m.b * ev.clientX + m.d * ev.clientY + m.f };
    }
    function at(ev, clamp) {
      let { x, y } = canvasPoint(ev);
      if (config.enforceBounds || clamp) { x = Math.min(Math.max(x, 0), config.width); y = Math.min(Math.max(y, 0), config.height); }
      return { x: round2(x), y: round2(y) };
    }
    const full = (t) => t.limit && count(t) >= t.limit;
    /** A press in Select mode: on a drawing's grab shape it may start a drag; elsewhere it deselects. */
    function press(ev) {
      const hit = ev.target.closest?.('.pl-sketch-hit');
      if (!hit) { if (selected.size) { selected.clear(); redraw(); } return; }
      if (ev.button !== 0 || grab) return;
      const vertex = hit.dataset.vertex === undefined ? undefined : Number(hit.dataset.vertex);
      const tool = tools.find((t) => t.id === hit.parentNode.dataset.tool);
      grab = { tool, index: Number(hit.dataset.index), vertex, pointerId: ev.pointerId, clientX: ev.clientX, clientY: ev.clientY, moved: false, toggle: ev.shiftKey || ev.pointerType === 'touch' };
      svg.setPointerCapture?.(ev.pointerId);
      container.focus({ preventScroll: true }); // Escape reaches the canvas
    }
    function drag(ev) {
      const cx = ev.clientX - grab.clientX, cy = ev.clientY - grab.clientY;
      const p = canvasPoint(ev);
      if (!grab.moved) {
        // As PrairieLearn's canvas: under 5 px it is a click. A drawing not selected is selected alone;
        // pressing a selected one moves every selected drawing; a drawing's point moves alone.
        if (Math.hypot(cx, cy) < 5) return;
        grab.moved = true;
        const key = keyOf(grab.tool, grab.index);
        if (grab.vertex !== undefined || !selected.has(key)) selected.clear();
        if (grab.vertex === undefined) selected.set(key, { tool: grab.tool, index: grab.index });
        grab.before = JSON.parse(JSON.stringify(state));
        grab.from = canvasPoint(grab);
        history.push(JSON.stringify(state));
      }
      const others = grab.vertex === undefined ? [...selected.values()].filter((o) => o.tool !== grab.tool || o.index !== grab.index) : [];
      move(state, grab.before, grab, others, p.x - grab.from.x, p.y - grab.from.y, config);
      redraw();
    }
    /** Ends a press in Select mode: a click (de)selects, a drag is kept (commit) or undone (Escape). */
    function endGrab(commit) {
      const g = grab;
      if (!g) return;
      grab = null;
      if (svg.hasPointerCapture?.(g.pointerId)) svg.releasePointerCapture(g.pointerId);
      if (!g.moved) {
        if (!commit) return;
        const key = keyOf(g.tool, g.index);
        if (!g.toggle) selected.clear();
        if (g.toggle && selected.has(key)) selected.delete(key);
        else selected.set(key, { tool: g.tool, index: g.index });
      } else if (!commit) {
        Object.assign(state, JSON.parse(history.pop()));
      } else if (!config.enforceBounds) {
        // PrairieLearn's canvas deletes a point dragged wholly off the canvas; other drawings stay put.
        const off = [...selected.values()].filter(({ tool, index }) => tool.name === 'point' && offCanvas(state[tool.id][index], (tool.size || 15) / 2, config));
        for (const { tool, index } of off.sort((a, b) => b.index - a.index)) state[tool.id].splice(index, 1);
        if (off.length) selected.clear();
      }
      redraw();
      if (g.moved && commit) save();
    }
    /** While pressed after putting down a point, line or line end, it follows the pointer (within the canvas). */
    function place(ev) {
      if (!placing.moved && Math.hypot(ev.clientX - placing.x, ev.clientY - placing.y) < 5) return;
      placing.moved = true;
      const t = placing.tool, s = state[t.id], last = s.length - 1, p = at(ev, true);
      if (t.name === 'point') s[last] = { ...s[last], x: p.x, y: p.y };
      else if (t.name === 'horizontal-line') s[last] = { y: p.y };
      else if (t.name === 'vertical-line') s[last] = { x: p.x };
      else if (s.length % 2) s.push(lineEnd(t, s[last], p)); // the line's first end: the drag draws the line
      else s[last] = lineEnd(t, s[last - 1], p);
      redraw();
    }
    function endPlace() {
      if (!placing) return;
      const { pointerId, moved } = placing;
      placing = null;
      if (svg.hasPointerCapture?.(pointerId)) svg.releasePointerCapture(pointerId);
      if (moved) save();
    }
    svg.addEventListener('pointerdown', (ev) => {
      if (config.readonly) return;
      if (erasing) {
        const hit = nearest(tools, state, at(ev));
        if (hit) change(() => state[hit.t.id].splice(hit.index, hit.size));
        return;
      }
      if (selecting) { press(ev); return; }
      if (!active || active.readonly || placing) return;
      const p = at(ev);
      const t = active, s = state[t.id];
      if (t.name === 'freeform') {
        if (full(t)) return;
        stroke = [p];
        svg.setPointerCapture?.(ev.pointerId);
      } else if (t.name === 'spline' || t.name === 'polyline') {
        if (!pending && full(t)) return;
        pending = pending || [];
        pending.push(p);
        redraw();
        save();
      } else {
        if ((t.name !== 'line-segment' || s.length % 2 === 0) && full(t)) return;
        if (t.name === 'point') change(() => s.push(p));
        else if (t.name === 'horizontal-line') change(() => s.push({ y: p.y }));
        else if (t.name === 'vertical-line') change(() => s.push({ x: p.x }));
        else if (t.name === 'line-segment') change(() => s.push(s.length % 2 ? lineEnd(t, s[s.length - 1], p) : p));
        else return;
        placing = { tool: t, pointerId: ev.pointerId, x: ev.clientX, y: ev.clientY, moved: false };
        svg.setPointerCapture?.(ev.pointerId);
      }
    });
    svg.addEventListener('pointermove', (ev) => {
      if (grab) { if (ev.pointerId === grab.pointerId) drag(ev); return; }
      if (placing) { if (ev.pointerId === placing.pointerId) place(ev); return; }
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
    svg.addEventListener('pointerup', (ev) => {
      if (grab && ev.pointerId === grab.pointerId) endGrab(true);
      else if (placing) endPlace();
      else endStroke();
    });
    svg.addEventListener('pointercancel', () => { endGrab(false); endPlace(); endStroke(); });
    svg.addEventListener('lostpointercapture', () => endGrab(false));
    svg.addEventListener('dblclick', () => finish());
    root.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape' && grab) endGrab(false);
      else if (ev.key === 'Enter' || ev.key === 'Escape') {
        finish();
        if (ev.key === 'Escape' && selected.size) { selected.clear(); redraw(); }
      } else if ((ev.key === 'Delete' || ev.key === 'Backspace') && selected.size) deleteSelected();
      else return;
      ev.preventDefault();
    });
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
