// pl-drawing's object kinds drawn as SVG: one function per kind, taking an object as the controller
// makes it (the same dictionaries PrairieLearn's page draws with fabric.js) and returning SVG nodes.
// Positions are canvas pixels, y down; angles in degrees unless the kind keeps radians (pl-arc).
(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const rad = (deg) => (deg * Math.PI) / 180;

  function el(tag, attrs, children) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null && v !== '') node.setAttribute(k, String(v));
    for (const c of children || []) if (c) node.appendChild(c);
    return node;
  }
  const group = (children, attrs) => el('g', attrs, children);
  const stroke = (o, fallback) => ({ stroke: o.stroke || fallback || 'black', 'stroke-width': o.strokeWidth ?? 2 });

  /** Text, typeset with KaTeX when the page has it (the preview ships KaTeX); plain otherwise. */
  function label(text, x, y, size, latex) {
    if (text === undefined || text === null || text === '') return null;
    const str = String(text);
    if (latex !== false && typeof window !== 'undefined' && window.katex) {
      const fo = el('foreignObject', { x, y: y - (size || 16) * 0.9, width: 200, height: (size || 16) * 2.2, class: 'pl-drawing-label' });
      const span = document.createElement('span');
      span.style.fontSize = `${size || 16}px`;
      try {
        window.katex.render(str.replace(/^\$+|\$+$/g, ''), span, { throwOnError: false });
      } catch {
        span.textContent = str;
      }
      fo.appendChild(span);
      return fo;
    }
    const t = el('text', { x, y, 'font-size': size || 16, class: 'pl-drawing-text' });
    t.textContent = str.replace(/\$/g, '');
    return t;
  }

  /** An arrow from (x, y) of `length` at `angle` degrees; heads at the end and/or start. */
  function arrow(x, y, length, angle, o, heads) {
    const w = o.strokeWidth ?? 3;
    const headLen = 4 * w * (o.arrowheadOffsetRatio || 1);
    const headWid = 3 * w * (o.arrowheadWidthRatio || 1);
    const body = [];
    const dx = Math.cos(rad(angle));
    const dy = Math.sin(rad(angle));
    const x2 = x + length * dx;
    const y2 = y + length * dy;
    const head = (tx, ty, ux, uy) => el('polygon', {
      points: [[tx, ty], [tx - headLen * ux + (headWid / 2) * uy, ty - headLen * uy - (headWid / 2) * ux], [tx - headLen * ux - (headWid / 2) * uy, ty - headLen * uy + (headWid / 2) * ux]].map((p) => p.join(',')).join(' '),
      fill: o.stroke || 'black',
    });
    const start = heads.start ? headLen : 0;
    const end = heads.end ? headLen : 0;
    body.push(el('line', { x1: x + start * dx, y1: y + start * dy, x2: x2 - end * dx, y2: y2 - end * dy, ...stroke(o), 'stroke-dasharray': (o.strokeDashArray || []).join(' ') }));
    if (heads.end) body.push(head(x2, y2, dx, dy));
    if (heads.start) body.push(head(x, y, -dx, -dy));
    return group(body);
  }

  function arcPath(cx, cy, r, a0, a1) {
    const p = (a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];
    let sweep = a1 - a0;
    while (sweep < 0) sweep += 2 * Math.PI;
    const [sx, sy] = p(a0);
    const [ex, ey] = p(a0 + sweep);
    return `M ${sx} ${sy} A ${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${ex} ${ey}`;
  }

  function arcArrow(o, thin) {
    const a0 = rad(o.startAngle ?? 0);
    const a1 = rad(o.endAngle ?? 210);
    const r = o.radius ?? 30;
    const parts = [el('path', { d: arcPath(o.left, o.top, r, a0, a1), fill: 'none', ...stroke(o) })];
    const tip = (a, dir) => {
      const x = o.left + r * Math.cos(a);
      const y = o.top + r * Math.sin(a);
      const t = a + (dir * Math.PI) / 2; // tangent, along the arc's direction
      return arrow(x - 0.01 * Math.cos(t), y - 0.01 * Math.sin(t), 0.01, (t * 180) / Math.PI, o, { end: true });
    };
    if (o.drawEndArrow) parts.push(tip(a1, 1));
    if (o.drawStartArrow) parts.push(tip(a0, -1));
    if (o.drawCenterPoint) parts.push(el('circle', { cx: o.left, cy: o.top, r: thin ? 2 : 4, fill: o.stroke || 'black' }));
    parts.push(label(o.label, o.left + r * Math.cos(a1) + (o.offsetx || 0), o.top + r * Math.sin(a1) + (o.offsety || 0)));
    return group(parts);
  }

  function zigzag(x1, y1, x2, y2, height, step, o) {
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const n = Math.max(2, Math.round(len / (step || 10)));
    const pts = [[x1, y1]];
    for (let i = 1; i < n; i++) {
      const s = (i / n) * len;
      const side = (i % 2 ? 1 : -1) * (height / 2);
      pts.push([x1 + s * ux - side * uy, y1 + s * uy + side * ux]);
    }
    pts.push([x2, y2]);
    return el('polyline', { points: pts.map((p) => p.join(',')).join(' '), fill: 'none', ...stroke(o) });
  }

  function rod(points, o) {
    const h = o.height ?? 20;
    const d = points.map((p, i) => `${i ? 'L' : 'M'} ${p[0]} ${p[1]}`).join(' ');
    const parts = [
      el('path', { d, fill: 'none', stroke: o.stroke || 'black', 'stroke-width': h + 2 * (o.strokeWidth ?? 2), 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
      el('path', { d, fill: 'none', stroke: o.color || 'white', 'stroke-width': h, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
    ];
    points.forEach((p, i) => {
      if (o.drawPin) parts.push(el('circle', { cx: p[0], cy: p[1], r: h / 5, fill: 'white', stroke: 'black' }));
      parts.push(label(o[`label${i + 1}`], p[0] + (o[`offsetx${i + 1}`] || 0), p[1] + (o[`offsety${i + 1}`] || 0)));
    });
    return group(parts);
  }

  function support(o, wheels) {
    const w = o.width ?? 30;
    const h = o.height ?? 40;
    const parts = [el('polygon', { points: `0,0 ${-w / 2},${h * 0.7} ${w / 2},${h * 0.7}`, fill: o.color || 'brown', stroke: o.stroke || 'black', 'stroke-width': o.strokeWidth ?? 2 })];
    if (wheels) for (const x of [-w / 4, w / 4]) parts.push(el('circle', { cx: x, cy: h * 0.8, r: h * 0.1, fill: 'white', stroke: 'black' }));
    if (o.drawGround !== false) parts.push(el('line', { x1: -w * 0.7, y1: h * (wheels ? 0.9 : 0.7), x2: w * 0.7, y2: h * (wheels ? 0.9 : 0.7), stroke: 'black', 'stroke-width': 2 }));
    if (o.drawPin !== false) parts.push(el('circle', { cx: 0, cy: 0, r: 4, fill: 'white', stroke: 'black' }));
    // The support points down from its pin at angle 0 when drawn at -90 in PrairieLearn's frame.
    return group([group(parts, { transform: `translate(${o.x1} ${o.y1}) rotate(${(o.angle || 0)})` }), label(o.label, o.x1 + (o.offsetx || 0), o.y1 + (o.offsety || 0))]);
  }

  const DEG = 180 / Math.PI;
  const KINDS = {
    'pl-point': (o) => group([el('circle', { cx: o.left, cy: o.top, r: o.radius ?? 4, fill: o.fill || 'black', opacity: o.opacity }), label(o.label, o.left + (o.offsetx || 0), o.top + (o.offsety || 0))]),
    'pl-vector': (o) => group([arrow(o.left, o.top, o.width, o.angle || 0, o, { end: true }), label(o.label, o.left + o.width * Math.cos(rad(o.angle || 0)) + (o.offsetx || 0), o.top + o.width * Math.sin(rad(o.angle || 0)) + (o.offsety || 0))]),
    'pl-double-headed-vector': (o) => arrow(o.left, o.top, o.width, o.angle || 0, o, { end: true, start: true }),
    'pl-paired-vector': (o) => group([arrow(o.left1, o.top1, o.width, o.angle1 || 0, o, { end: true }), arrow(o.left2, o.top2, o.width, o.angle2 || 0, o, { end: true })]),
    'pl-arc-vector': (o) => arcArrow(o, false),
    'pl-arc-dimensions': (o) => arcArrow(o, true),
    'pl-distributed-load': (o) => {
      const along = rad(o.angle || 0);
      const n = Math.max(1, Math.round((o.range ?? 60) / (o.spacing || 20)));
      const parts = [];
      for (let i = 0; i <= n; i++) {
        const s = (i / n) * (o.range ?? 60);
        const len = o.w1 + ((o.w2 - o.w1) * i) / n;
        const bx = o.left + s * Math.cos(along);
        const by = o.top + s * Math.sin(along);
        // arrows point at the base from the side opposite the load's normal
        const nx = Math.sin(along);
        const ny = -Math.cos(along);
        parts.push(arrow(bx + len * nx, by + len * ny, len, (Math.atan2(-ny, -nx) * DEG), o, { end: true }));
      }
      parts.push(label(o.label1, o.left + (o.offsetx1 || 0), o.top + (o.offsety1 || 0)), label(o.label2, o.left + (o.range ?? 60) * Math.cos(along) + (o.offsetx2 || 0), o.top + (o.range ?? 60) * Math.sin(along) + (o.offsety2 || 0)));
      return group(parts);
    },
    'pl-line': (o) => el('line', { x1: o.x1, y1: o.y1, x2: o.x2, y2: o.y2, ...stroke(o), opacity: o.opacity, 'stroke-dasharray': (o.strokeDashArray || []).join(' ') }),
    'pl-controlled-line': (o) => group([el('line', { x1: o.x1, y1: o.y1, x2: o.x2, y2: o.y2, ...stroke(o, 'red') }), ...[1, 2].map((i) => el('circle', { cx: o[`x${i}`], cy: o[`y${i}`], r: o.handleRadius ?? 6, fill: o.stroke || 'red', class: 'pl-drawing-handle', 'data-handle': i }))]),
    'pl-controlled-curved-line': (o) => group([el('path', { d: `M ${o.x1} ${o.y1} Q ${o.x2} ${o.y2} ${o.x3} ${o.y3}`, fill: 'none', ...stroke(o, 'red') }), ...[1, 2, 3].map((i) => el('circle', { cx: o[`x${i}`], cy: o[`y${i}`], r: o.handleRadius ?? 6, fill: i === 2 ? 'white' : o.stroke || 'red', stroke: o.stroke || 'red', class: 'pl-drawing-handle', 'data-handle': i }))]),
    'pl-rectangle': (o) => el('rect', { x: o.left - o.width / 2, y: o.top - o.height / 2, width: o.width, height: o.height, fill: o.fill, stroke: o.stroke, 'stroke-width': o.strokeWidth, opacity: o.opacity, transform: `rotate(${o.angle || 0} ${o.left} ${o.top})` }),
    'pl-circle': (o) => group([el('circle', { cx: o.left, cy: o.top, r: o.radius, fill: o.fill, stroke: o.stroke, 'stroke-width': o.strokeWidth, opacity: o.opacity }), label(o.label, o.left + (o.offsetx || 0), o.top + (o.offsety || 0))]),
    'pl-triangle': (o) => el('polygon', { points: [o.p1, o.p2, o.p3].map((p) => `${p.x},${p.y}`).join(' '), fill: o.fill, stroke: o.stroke, 'stroke-width': o.strokeWidth, opacity: o.opacity }),
    'pl-polygon': (o) => el('polygon', { points: (o.pointlist || []).map((p) => `${p.x},${p.y}`).join(' '), fill: o.fill, stroke: o.stroke, 'stroke-width': o.strokeWidth, opacity: o.opacity }),
    'pl-arc': (o) => el('path', { d: arcPath(o.left, o.top, o.radius, o.startAngle, o.endAngle), fill: 'none', ...stroke(o), 'stroke-dasharray': (o.strokeDashArray || []).join(' ') }),
    'pl-text': (o) => label(o.label, o.left + (o.offsetx || 0), o.top + (o.offsety || 0), o.fontSize, o.latex),
    'pl-coordinates': (o) => {
      const a = o.angle || 0;
      return group([arrow(o.left, o.top, o.width, a, o, { end: true }), arrow(o.left, o.top, o.width, a - 90, o, { end: true }),
        label(o.label, o.left + (o.offsetx || 0), o.top + (o.offsety || 0)),
        label(o.labelx, o.left + o.width * Math.cos(rad(a)) + (o.offsetx_label_x || 0), o.top + o.width * Math.sin(rad(a)) + (o.offsety_label_x || 0)),
        label(o.labely, o.left + o.width * Math.cos(rad(a - 90)) + (o.offsetx_label_y || 0), o.top + o.width * Math.sin(rad(a - 90)) + (o.offsety_label_y || 0))]);
    },
    'pl-axes': (o) => {
      const parts = [arrow(o.left - o.xneg, o.top, o.xneg + o.xpos, 0, o, { end: true }), arrow(o.left, o.top + o.yneg, o.yneg + o.ypos, -90, o, { end: true }),
        label(o.labelx, o.left + o.xpos + (o.offsetx_label_x || 0), o.top + (o.offsety_label_x || 0)), label(o.labely, o.left + (o.offsetx_label_y || 0), o.top - o.ypos + (o.offsety_label_y || 0))];
      for (const s of o.supporting_lines || []) {
        if ('x' in s) parts.push(el('line', { x1: o.left + s.x, y1: o.top + o.yneg, x2: o.left + s.x, y2: o.top - o.ypos, stroke: 'gray', 'stroke-dasharray': '4 4' }));
        if ('y' in s) parts.push(el('line', { x1: o.left - o.xneg, y1: o.top - s.y, x2: o.left + o.xpos, y2: o.top - s.y, stroke: 'gray', 'stroke-dasharray': '4 4' }));
      }
      for (const g of o.label_list || []) {
        const onX = g.axis === 'x';
        parts.push(label(g.lab ?? g.label, o.left + (onX ? g.pos : 0) + (g.offsetx || 0), o.top - (onX ? 0 : g.pos) + (g.offsety ?? (onX ? 15 : 0))));
      }
      return group(parts);
    },
    'pl-dimensions': (o) => {
      const parts = [arrow(o.x1d, o.y1d, Math.hypot(o.x2d - o.x1d, o.y2d - o.y1d), Math.atan2(o.y2d - o.y1d, o.x2d - o.x1d) * DEG, o, { end: o.drawEndArrow, start: o.drawStartArrow })];
      if (o.startSupportLine) parts.push(el('line', { x1: o.x1ref, y1: o.y1ref, x2: o.x1d, y2: o.y1d, stroke: 'gray', 'stroke-dasharray': '3 3' }));
      if (o.endSupportLine) parts.push(el('line', { x1: o.x2ref, y1: o.y2ref, x2: o.x2d, y2: o.y2d, stroke: 'gray', 'stroke-dasharray': '3 3' }));
      parts.push(label(o.label, o.xlabel + (o.offsetx || 0), o.ylabel + (o.offsety || 0)));
      return group(parts);
    },
    'pl-rod': (o) => rod([[o.x1, o.y1], [o.x2, o.y2]], o),
    'pl-collar-rod': (o) => {
      const parts = [rod([[o.x1, o.y1], [o.x2, o.y2]], o)];
      const ang = Math.atan2(o.y2 - o.y1, o.x2 - o.x1) * DEG;
      for (const i of [1, 2]) if (o[`collar${i}`]) parts.push(el('rect', { x: o[`x${i}`] - o[`w${i}`] / 2, y: o[`y${i}`] - o[`h${i}`] / 2, width: o[`w${i}`], height: o[`h${i}`], fill: o.color || 'white', stroke: 'black', transform: `rotate(${ang} ${o[`x${i}`]} ${o[`y${i}`]})` }));
      return group(parts);
    },
    'pl-3pointrod': (o) => rod([[o.x1, o.y1], [o.x2, o.y2], [o.x3, o.y3]], o),
    'pl-4pointrod': (o) => rod([[o.x1, o.y1], [o.x2, o.y2], [o.x3, o.y3], [o.x2, o.y2], [o.x4, o.y4]], o),
    'pl-fixed-pin': (o) => support(o, false),
    'pl-roller': (o) => support(o, true),
    'pl-clamped': (o) => group([el('rect', { x: -(o.width ?? 30) / 2, y: -(o.height ?? 40) / 2, width: (o.width ?? 30) / 2, height: o.height ?? 40, fill: o.color || 'black', stroke: o.stroke })], { transform: `translate(${o.x1} ${o.y1}) rotate(${o.angle || 0})` }),
    'pl-pulley': (o) => group([el('line', { x1: o.x1 + o.radius, y1: o.y1, x2: o.x2, y2: o.y2, ...stroke(o) }), el('line', { x1: o.x1 - o.radius, y1: o.y1, x2: o.x3, y2: o.y3, ...stroke(o) }),
      el('circle', { cx: o.x1, cy: o.y1, r: o.radius, fill: o.fill || 'gray', ...stroke(o) }), el('circle', { cx: o.x1, cy: o.y1, r: 3, fill: 'black' }), label(o.label, o.x1 + (o.offsetx || 0), o.y1 + (o.offsety || 0))]),
    'pl-spring': (o) => zigzag(o.x1, o.y1, o.x2, o.y2, o.height ?? 40, o.dx || 10, o),
    'pl-coil': (o) => zigzag(o.x1, o.y1, o.x2, o.y2, o.height ?? 30, 6, o),
    'pl-resistor': (o) => twoTerminal(o, (len, h) => zigzag(0, 0, len, 0, h * 2, len / 6, o)),
    'pl-inductor': (o) => twoTerminal(o, (len, h) => el('path', { d: [0, 1, 2, 3].map((i) => `${i ? '' : 'M 0 0 '}A ${len / 8} ${h} 0 0 1 ${(len / 4) * (i + 1)} 0`).join(' '), fill: 'none', ...stroke(o) })),
    'pl-capacitor': (o) => twoTerminal(o, (len, h) => group([el('line', { x1: 0, y1: -h, x2: 0, y2: h, ...stroke(o) }), el('line', { x1: len, y1: -h, x2: len, y2: h, ...stroke(o) })])),
    'pl-battery': (o) => twoTerminal(o, (len, h) => group([el('line', { x1: 0, y1: -h, x2: 0, y2: h, ...stroke(o) }), el('line', { x1: len, y1: -h / 2, x2: len, y2: h / 2, ...stroke(o), 'stroke-width': 2 * (o.strokeWidth ?? 2) })])),
    'pl-switch': (o) => twoTerminal(o, (len) => el('line', { x1: 0, y1: 0, x2: len * Math.cos(rad(-(o.switchAngle ?? 30))), y2: len * Math.sin(rad(-(o.switchAngle ?? 30))), ...stroke(o) })),
  };

  /** A circuit symbol of length `interval` in the middle of the wire from (x1, y1) to (x2, y2). */
  function twoTerminal(o, symbol) {
    const len = Math.hypot(o.x2 - o.x1, o.y2 - o.y1);
    const part = Math.min(o.interval ?? 30, len);
    const gap = (len - part) / 2;
    const inner = group([el('line', { x1: 0, y1: 0, x2: gap, y2: 0, ...stroke(o) }), group([symbol(part, (o.height ?? 10) / 2)], { transform: `translate(${gap} 0)` }),
      el('line', { x1: gap + part, y1: 0, x2: len, y2: 0, ...stroke(o) })], { transform: `translate(${o.x1} ${o.y1}) rotate(${Math.atan2(o.y2 - o.y1, o.x2 - o.x1) * DEG})` });
    return group([inner, label(o.label, (o.x1 + o.x2) / 2 + (o.offsetx || 0), (o.y1 + o.y2) / 2 + (o.offsety || 0), o.fontSize)]);
  }

  /** The SVG of one object, or null for a kind the page cannot draw (an extension's without an image). */
  function draw(o) {
    const kind = KINDS[o.type];
    if (kind) return kind(o);
    if (o.image_url) {
      const size = 40;
      return el('image', { href: o.image_url, x: (o.left ?? 0) - size / 2, y: (o.top ?? 0) - size / 2, width: size, height: size, transform: `rotate(${o.angle || 0} ${o.left ?? 0} ${o.top ?? 0})` });
    }
    return null;
  }

  const api = { draw, kinds: Object.keys(KINDS), el };
  if (typeof window !== 'undefined') window.PLDrawingShapes = api;
  if (typeof module !== 'undefined') module.exports = api;
})();
