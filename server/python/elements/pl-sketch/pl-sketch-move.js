// pl-sketch's moves in the page (window.plSketchMove, used by pl-sketch.js): what dragging a drawing does
// to a tool's state, as PrairieLearn's canvas (sketchresponse 0.1.4) does it. A drawing's body moves
// the whole drawing; a line's end, a spline's or polyline's clicked point moves that point alone; a
// horizontal line moves only up and down, a vertical one only sideways. No snapping. With
// enforce-bounds a move stops where a drawing would leave the canvas; without, a point dragged wholly
// off the canvas is deleted and other drawings may be left outside. The line tool's ends keep its
// length-constraint (a maximum length in canvas pixels, the direction kept) and direction-constraint.
// Also the Erase button's search for the drawing clicked.
(function () {
  const round2 = (v) => Math.round(v * 100) / 100;

  /** The end of a line drawn from `from` towards `to`: at most lengthConstraint px long, then level or upright. */
  function lineEnd(tool, from, to) {
    let x = to.x, y = to.y;
    const max = tool.lengthConstraint;
    const d = Math.hypot(x - from.x, y - from.y);
    if (max > 0 && d > max) {
      x = from.x + ((x - from.x) * max) / d;
      y = from.y + ((y - from.y) * max) / d;
    }
    if (tool.directionConstraint === 'horizontal') y = from.y;
    if (tool.directionConstraint === 'vertical') x = from.x;
    return { x: round2(x), y: round2(y) };
  }

  /** The state entries drawing `index` of a tool is made of (a line segment: its two ends). */
  function pointsOf(tool, state, index) {
    if (tool.name === 'line-segment') return [state[index], state[index + 1]];
    if (tool.name === 'point' || tool.name === 'horizontal-line' || tool.name === 'vertical-line') return [state[index]];
    return state[index];
  }

  /** How far the drawing reaches on each axis (a free-draw curve: its Bezier pieces, not their controls). */
  function extent(tool, points) {
    let pts = points;
    if (tool.name === 'freeform') {
      pts = [];
      const { bez } = window.plSketchFit;
      for (let k = 0; k + 3 < points.length; k += 3) {
        const c = points.slice(k, k + 4).map((p) => [p.x, p.y]);
        for (let j = 0; j <= 16; j++) { const q = bez(c, j / 16); pts.push({ x: q[0], y: q[1] }); }
      }
    }
    const xs = pts.filter((p) => p.x !== undefined).map((p) => p.x), ys = pts.filter((p) => p.y !== undefined).map((p) => p.y);
    return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  }

  /** The move (dx, dy) cut back, axis by axis, so that every drawing in `moving` stays on the w x h canvas. */
  function keepInside(moving, dx, dy, w, h) {
    let lo = [-Infinity, -Infinity], hi = [Infinity, Infinity];
    for (const { tool, points } of moving) {
      const e = extent(tool, points);
      lo = [Math.max(lo[0], -e.x0), Math.max(lo[1], -e.y0)];
      hi = [Math.min(hi[0], w - e.x1), Math.min(hi[1], h - e.y1)];
    }
    // A drawing already outside (an author's initial one) freezes that axis, as PrairieLearn's does.
    const cut = (v, a, b) => (a > b ? 0 : Math.min(Math.max(v, a), b));
    return [cut(dx, lo[0], hi[0]), cut(dy, lo[1], hi[1])];
  }

  /** Entries `to` set to `from` shifted by (dx, dy); an absent coordinate stays absent. */
  function shift(from, to, dx, dy) {
    from.forEach((p, i) => {
      if (p.x !== undefined) to[i].x = round2(p.x + dx);
      if (p.y !== undefined) to[i].y = round2(p.y + dy);
    });
  }

  /**
   * Moves drawings by (dx, dy) canvas px from where they were at the press (`before`: the state then).
   * `grab`: {tool, index, vertex?} the part pressed; `others`: more drawings {tool, index} moved with it.
   */
  function move(state, before, grab, others, dx, dy, config) {
    const { tool, index, vertex } = grab;
    const w = config.width, h = config.height;
    if (vertex === undefined) {
      const all = [grab, ...others].map((o) => ({ ...o, points: pointsOf(o.tool, before[o.tool.id], o.index) }));
      if (config.enforceBounds) [dx, dy] = keepInside(all, dx, dy, w, h);
      for (const o of all) shift(o.points, pointsOf(o.tool, state[o.tool.id], o.index), dx, dy);
      return;
    }
    if (tool.name === 'line-segment') {
      // vertex: the end's index in the state; the other end stays and constrains it.
      const start = before[tool.id][vertex], other = before[tool.id][vertex % 2 ? vertex - 1 : vertex + 1];
      if (config.enforceBounds) [dx, dy] = keepInside([{ tool, points: [start] }], dx, dy, w, h);
      const moved = { x: start.x + dx, y: start.y + dy };
      state[tool.id][vertex] = other ? lineEnd(tool, other, moved) : { ...start, x: round2(moved.x), y: round2(moved.y) };
      return;
    }
    const start = before[tool.id][index][vertex];
    if (config.enforceBounds) [dx, dy] = keepInside([{ tool, points: [start] }], dx, dy, w, h);
    shift([start], [state[tool.id][index][vertex]], dx, dy);
  }

  /** Whether a point drawn at p (radius r) lies wholly off the canvas: PrairieLearn then deletes it. */
  function offCanvas(p, r, config) {
    return p.x + r < 0 || p.y + r < 0 || p.x - r > config.width || p.y - r > config.height;
  }

  /** For Erase: the editable drawing (tool t, index in its state, how many entries) nearest p, if within 10 px. */
  function nearest(tools, state, p) {
    const { fitCurve, bez } = window.plSketchFit;
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

  window.plSketchMove = { lineEnd, move, nearest, offCanvas };
})();
