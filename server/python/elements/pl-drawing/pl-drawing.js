// pl-drawing in the page: draws the objects the controller put in data-objects (pl-drawing-shapes.js)
// and, when the question is editable, lets the student place objects with the buttons, drag them,
// turn vectors by their head, move a line's end handles, and delete the selected one. The placed
// objects are written to the hidden input as PrairieLearn's page writes them: a JSON list of the
// button's object (selectable, graded, placed_by_user) with its position and angle changed.
(function () {
  const PLACED_FIELDS = ['left', 'top', 'x1', 'y1', 'x2', 'y2', 'x3', 'y3', 'x4', 'y4', 'left1', 'top1', 'left2', 'top2'];

  /** The object moved by (dx, dy): every position field it has (pure; the page and tests use it). */
  function moved(obj, dx, dy) {
    const out = { ...obj };
    for (const k of PLACED_FIELDS) {
      if (typeof out[k] !== 'number') continue;
      out[k] += k.startsWith('x') || k.startsWith('left') ? dx : dy;
    }
    if (out.p1) for (const p of ['p1', 'p2', 'p3']) out[p] = { x: out[p].x + dx, y: out[p].y + dy };
    return out;
  }

  /** A vector-like object turned so that its head points at (x, y), in whole degrees. */
  function turnedToward(obj, x, y) {
    const angle = Math.round((Math.atan2(y - obj.top, x - obj.left) * 180) / Math.PI);
    return { ...obj, angle };
  }

  const snap = (v, grid, on) => (on && grid > 0 ? Math.round(v / grid) * grid : v);
  const TURNABLE = new Set(['pl-vector', 'pl-double-headed-vector', 'pl-distributed-load']);

  /** What a new object from a button looks like: the button's object with the next free id. */
  function placedFrom(options, id) {
    if (options.type === 'help-line') {
      return { left: 40, top: 40, x1: 40, x2: 140, y1: 40, y2: 40, stroke: '#0057a0', strokeWidth: 1, strokeDashArray: [4, 4], ...options, type: 'pl-line', graded: false, id };
    }
    return { ...options, id };
  }

  function setup(root) {
    const options = JSON.parse(root.getAttribute('data-options') || '{}');
    let objects = JSON.parse(root.getAttribute('data-objects') || '[]');
    const input = root.querySelector('.pl-drawing-sidebar input[type=hidden]');
    // A value put back by the preview (typed before a re-render) wins over the rendered submission.
    if (input && input.value) {
      try {
        const kept = JSON.parse(input.value);
        objects = objects.filter((o) => !o.selectable).concat(kept);
      } catch { /* not ours: keep the rendered objects */ }
    }
    const holder = root.querySelector('.pl-drawing-canvas');
    const shapes = window.PLDrawingShapes;
    const width = Number(options.width) || 580;
    const height = Number(options.height) || 320;
    const svg = shapes.el('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'pl-drawing-svg', tabindex: options.editable ? 0 : undefined });
    holder.replaceChildren(svg);
    // Ids come from the page's one counter (extensions take theirs from it too), past every id shown.
    const api = window.PLDrawingApi;
    const shownIds = objects.reduce((m, o) => Math.max(m, Number(o.id) + 1 || 0), 0);
    if (api) api._idCounter = Math.max(api._idCounter, shownIds);
    let nextId = shownIds;
    const newId = () => (api ? api.generateID() : nextId++);
    let selected = null;

    const write = () => {
      if (!input) return;
      const placed = objects.filter((o) => o.selectable);
      input.value = placed.length ? JSON.stringify(placed) : '';
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };

    function grid() {
      const g = options.grid_size;
      if (!(g > 0)) return null;
      const lines = [];
      for (let x = g; x < width; x += g) lines.push(`M ${x} 0 V ${height}`);
      for (let y = g; y < height; y += g) lines.push(`M 0 ${y} H ${width}`);
      return shapes.el('path', { d: lines.join(' '), class: 'pl-drawing-grid', stroke: '#e6e6e6', 'stroke-width': 1, fill: 'none' });
    }

    function redraw() {
      const nodes = [grid()];
      for (const o of objects) {
        const node = isExtension(o.type) ? shapes.el('g', {}, ext.nodesFor(o.id)) : shapes.draw(o);
        if (!node) continue;
        node.setAttribute('data-id', String(o.id));
        node.setAttribute('data-type', String(o.type));
        if (o.selectable && options.editable) node.classList.add('pl-drawing-movable');
        if (selected === o.id) node.classList.add('pl-drawing-selected');
        nodes.push(node);
        if (o.drawErrorBox && o.widthErrorBox !== undefined && o.XcenterErrorBox !== undefined) {
          nodes.push(shapes.el('rect', { x: o.XcenterErrorBox - o.widthErrorBox / 2, y: o.YcenterErrorBox - o.heightErrorBox / 2, width: o.widthErrorBox, height: o.heightErrorBox, fill: 'none', stroke: 'blue', transform: `rotate(${o.angle || 0} ${o.XcenterErrorBox} ${o.YcenterErrorBox})`, class: 'pl-drawing-error-box' }));
        }
        const handle = o.selectable && options.editable && isExtension(o.type) && ext.turnHandle(o.id);
        if (handle) nodes.push(shapes.el('circle', { cx: handle.x, cy: handle.y, r: 6, class: 'pl-drawing-turn', 'data-turn': o.id }));
        if (o.selectable && options.editable && TURNABLE.has(o.type)) {
          const len = o.type === 'pl-distributed-load' ? o.range : o.width;
          const a = ((o.angle || 0) * Math.PI) / 180;
          nodes.push(shapes.el('circle', { cx: o.left + len * Math.cos(a), cy: o.top + len * Math.sin(a), r: 6, class: 'pl-drawing-turn', 'data-turn': o.id }));
        }
      }
      if (ext) nodes.push(...ext.unlinkedNodes());
      svg.replaceChildren(...nodes.filter(Boolean));
    }

    // The extensions' objects (pl-drawing-fabric.js): their answer state changes the list and the field.
    const buttonOptions = [...root.querySelectorAll('.pl-drawing-button')].map((b) => JSON.parse(b.getAttribute('data-options') || '{}'));
    let redrawQueued = false;
    const changed = () => {
      if (redrawQueued) return;
      redrawQueued = true;
      queueMicrotask(() => {
        redrawQueued = false;
        redraw();
      });
    };
    const ext = api && window.PLDrawingFabric ? window.PLDrawingFabric.attach({
      options, width, height, types: [...objects, ...buttonOptions].map((o) => o.type),
      updated(obj) {
        const old = objects.find((o) => String(o.id) === String(obj.id));
        const copy = JSON.parse(JSON.stringify(obj));
        if (old && JSON.stringify(old) === JSON.stringify(copy)) return;
        objects = old ? objects.map((o) => (o === old ? copy : o)) : objects.concat([copy]);
        changed();
        write();
      },
      deleted(id) {
        objects = objects.filter((o) => String(o.id) !== String(id));
        if (String(selected) === String(id)) selected = null;
        changed();
        write();
      },
      changed,
      error: (text) => api.showError(root, text),
    }) : null;
    const isExtension = (type) => Boolean(ext && ext.isExtension(type));

    const point = (e) => {
      const box = svg.getBoundingClientRect();
      return { x: ((e.clientX - box.left) * width) / box.width, y: ((e.clientY - box.top) * height) / box.height };
    };
    const byId = (id) => objects.find((o) => String(o.id) === String(id));
    const replace = (obj) => {
      objects = objects.map((o) => (o.id === obj.id ? obj : o));
    };

    if (options.editable) {
      let drag = null;
      let lastPress = null;
      svg.addEventListener('pointerdown', (e) => {
        const turn = e.target.closest('[data-turn]');
        const handle = e.target.closest('[data-handle]');
        const node = e.target.closest('[data-id]');
        const obj = turn ? byId(turn.getAttribute('data-turn')) : node && byId(node.getAttribute('data-id'));
        if (!obj || !obj.selectable) {
          selected = null;
          redraw();
          return;
        }
        // A second press on an extension's object within 500 ms is fabric's double click (the browser
        // sends no dblclick: pointerdown's default is prevented).
        const double = lastPress && lastPress.id === obj.id && e.timeStamp - lastPress.at < 500;
        lastPress = double ? null : { id: obj.id, at: e.timeStamp };
        if (double && isExtension(obj.type)) ext.dblclick(obj.id, e);
        selected = obj.id;
        const fabricAt = isExtension(obj.type) ? ext.grab(obj.id) : null;
        drag = { id: obj.id, start: point(e), origin: obj, fabricAt, mode: turn ? 'turn' : handle ? `handle${handle.getAttribute('data-handle')}` : 'move' };
        svg.setPointerCapture?.(e.pointerId);
        e.preventDefault();
        redraw();
      });
      svg.addEventListener('pointermove', (e) => {
        if (!drag) return;
        const p = point(e);
        const o = drag.origin;
        drag.moved = true;
        if (drag.fabricAt) {
          if (drag.mode === 'turn') ext.turnToward(o.id, p.x, p.y, e);
          else ext.moveTo(o.id, drag.fabricAt.left + p.x - drag.start.x, drag.fabricAt.top + p.y - drag.start.y, e);
        } else if (drag.mode === 'turn') replace(turnedToward(o, p.x, p.y));
        else if (drag.mode.startsWith('handle')) {
          const i = drag.mode.slice(6);
          replace({ ...o, [`x${i}`]: snap(p.x, options.grid_size, options.snap_to_grid), [`y${i}`]: snap(p.y, options.grid_size, options.snap_to_grid) });
        } else {
          let dx = p.x - drag.start.x;
          let dy = p.y - drag.start.y;
          if (options.snap_to_grid && typeof o.left === 'number') {
            dx = snap(o.left + dx, options.grid_size, true) - o.left;
            dy = snap(o.top + dy, options.grid_size, true) - o.top;
          }
          replace(moved(o, dx, dy));
        }
        redraw();
      });
      const end = (e) => {
        if (!drag) return;
        const done = drag;
        drag = null;
        // fabric's `modified` writes an extension's object back (and the field with it).
        if (done.fabricAt) {
          if (done.moved) ext.finish(done.id, e, done.mode === 'turn' ? 'rotate' : 'drag');
          return;
        }
        write();
      };
      svg.addEventListener('pointerup', end);
      svg.addEventListener('pointercancel', end);
      // Keyboard: arrows move the selected object one pixel (a grid square with Shift), [ and ] turn it.
      svg.addEventListener('keydown', (e) => {
        const obj = selected !== null && byId(selected);
        if (!obj) return;
        const step = e.shiftKey && options.grid_size > 0 ? options.grid_size : 1;
        const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
        const at = isExtension(obj.type) ? ext.grab(obj.id) : null;
        if (at) {
          if (moves[e.key]) ext.moveTo(obj.id, at.left + moves[e.key][0], at.top + moves[e.key][1], e);
          else if (e.key === '[' || e.key === ']') ext.turnBy(obj.id, e.key === ']' ? 5 : -5, e);
          else if (e.key === 'Delete' || e.key === 'Backspace') ext.remove(obj.id);
          else return;
          if (moves[e.key] || e.key === '[' || e.key === ']') ext.finish(obj.id, e, moves[e.key] ? 'drag' : 'rotate');
          e.preventDefault();
          return;
        }
        if (moves[e.key]) replace(moved(obj, ...moves[e.key]));
        else if ((e.key === '[' || e.key === ']') && 'angle' in obj) replace({ ...obj, angle: (obj.angle || 0) + (e.key === ']' ? 5 : -5) });
        else if (e.key === 'Delete' || e.key === 'Backspace') {
          objects = objects.filter((o) => o.id !== obj.id);
          selected = null;
        } else return;
        e.preventDefault();
        redraw();
        write();
      });
      for (const button of root.querySelectorAll('.pl-drawing-button')) {
        const opts = JSON.parse(button.getAttribute('data-options') || '{}');
        const kind = button.getAttribute('name');
        const icon = button.querySelector('.pl-drawing-icon');
        const look = api && isExtension(opts.type) ? lookOf(api, opts, options.element_client_files, root) : null;
        if (icon && look && look.icon) icon.replaceChildren(Object.assign(document.createElement('img'), { src: look.icon, alt: '', className: 'pl-drawing-icon-image' }));
        else if (icon) icon.textContent = kind === 'delete' ? '✕' : kind === 'help-line' ? '┄' : (kind || '').replace(/^pl-/, '').replace(/-/g, ' ');
        if (look && look.tooltip) {
          button.title = look.tooltip;
          button.setAttribute('aria-label', look.tooltip);
        }
        button.addEventListener('click', () => {
          const gone = kind === 'delete' ? objects.find((o) => o.selectable && o.id === selected) : null;
          if (gone && isExtension(gone.type) && ext.remove(gone.id)) {
            selected = null;
            svg.focus();
            return;
          }
          if (kind !== 'delete' && isExtension(opts.type)) {
            ext.press(opts);
            svg.focus();
            return;
          }
          if (kind === 'delete') {
            objects = objects.filter((o) => !(o.selectable && o.id === selected));
            selected = null;
          } else {
            const obj = placedFrom(kind === 'help-line' ? { type: 'help-line' } : opts, newId());
            objects.push(obj);
            selected = obj.id;
          }
          redraw();
          write();
          svg.focus();
        });
      }
    } else {
      for (const button of root.querySelectorAll('.pl-drawing-button')) button.disabled = true;
    }
    redraw();
    for (const text of (api && api.scriptErrors) || []) api.showError(root, text);
    if (ext) ext.generate(objects);
  }

  /** An extension button's icon and tooltip; its own error is shown and the button keeps its text. */
  function lookOf(api, opts, clientFiles, root) {
    try {
      return api.buttonLook(opts, clientFiles);
    } catch (err) {
      api.showError(root, `${opts.type} (extension ${api.elementModule[opts.type]}) button: ${String((err && err.message) || err)}`);
      return null;
    }
  }

  function start() {
    for (const root of document.querySelectorAll('.pl-drawing-container[data-options]')) {
      if (root.getAttribute('data-ready')) continue;
      root.setAttribute('data-ready', 'true');
      try {
        setup(root);
      } catch (err) {
        const p = document.createElement('pre');
        p.className = 'pl-drawing-error';
        p.textContent = `pl-drawing: ${String((err && err.message) || err)}`;
        root.prepend(p);
      }
    }
  }

  if (typeof document !== 'undefined') {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }
  if (typeof module !== 'undefined') module.exports = { moved, turnedToward, placedFrom };
})();
