// The objects of pl-drawing's element extensions, made as PrairieLearn's page makes them: the extension's
// `generate` runs with a real fabric.js canvas (off the page) and the answer state of
// pl-drawing-extensions.js; each fabric object is drawn into the drawing's SVG from its own `toSVG()`, and
// what the student does to it in our editor is done to the fabric object (`set`, `setCoords`, `rotate`,
// `canvas.remove`) with the events fabric's canvas fires for it (`moving`, `rotating`, `modified`,
// `removed`), so that the extension's handlers and the submitted object follow as they do in PrairieLearn.
(function () {
  if (typeof window === 'undefined') return;
  const NS = 'http://www.w3.org/2000/svg';

  /** An SVG group holding the markup fabric exports for `obj`; nothing in it can run (no script, no on*). */
  function svgOf(obj) {
    const doc = new DOMParser().parseFromString(`<svg xmlns="${NS}" xmlns:xlink="http://www.w3.org/1999/xlink">${obj.toSVG()}</svg>`, 'image/svg+xml');
    if (doc.getElementsByTagName('parsererror').length) return null;
    for (const bad of [...doc.querySelectorAll('script, foreignObject')]) bad.remove();
    for (const node of doc.querySelectorAll('*')) for (const a of [...node.attributes]) if (/^on/i.test(a.name)) node.removeAttribute(a.name);
    const g = document.createElementNS(NS, 'g');
    for (const n of [...doc.documentElement.childNodes]) g.appendChild(document.importNode(n, true));
    // A box over the object, so that it is grabbed anywhere within its bounds (an image's transparent parts too).
    const box = obj.getBoundingRect(true, true);
    const hit = document.createElementNS(NS, 'rect');
    for (const [k, v] of Object.entries({ x: box.left, y: box.top, width: box.width, height: box.height, fill: 'transparent', class: 'pl-drawing-extension-box' })) hit.setAttribute(k, String(v));
    g.appendChild(hit);
    return g;
  }

  /**
   * The extensions' part of one drawing, or null when none of its objects or buttons is an extension's.
   * `ctx`: { options, width, height, types (the object and button types), updated(obj), deleted(id),
   * changed(), error(text) }.
   */
  function attach(ctx) {
    const api = window.PLDrawingApi;
    const used = [...new Set(ctx.types)].filter((t) => api.extensionElement(t));
    if (!used.length) return null;
    if (!window.fabric) {
      ctx.error(`${used.join(', ')}: the extension's objects need fabric.js, which this page did not load`);
      return null;
    }
    const { options, width, height } = ctx;
    const el = document.createElement('canvas');
    const settings = { width, height, selection: false, renderOnAddRemove: false };
    const canvas = options.editable ? new window.fabric.Canvas(el, settings) : new window.fabric.StaticCanvas(el, settings);
    // Which submitted object each fabric object stands for (registerAnswerObject says).
    const links = new Map();
    const state = new api.AnswerState({
      linked: (obj, id) => links.set(obj, id),
      updated: (obj) => ctx.updated(obj),
      deleted: (id) => ctx.deleted(id),
    });
    canvas.on('object:added', () => ctx.changed());
    canvas.on('object:removed', () => ctx.changed());
    // An extension that changes its objects later asks fabric to render: the SVG is drawn again then.
    canvas.on('after:render', () => ctx.changed());
    // As PrairieLearn's canvas: a moved object stays inside the canvas and snaps to the grid when asked.
    canvas.on('object:moving', (e) => {
      const obj = e.target;
      const r = obj.getBoundingRect(true, true);
      if (r.width <= width && r.height <= height) {
        if (r.top < 0 || r.left < 0) obj.set({ top: Math.max(obj.top, obj.top - r.top), left: Math.max(obj.left, obj.left - r.left) });
        if (r.top + r.height > height || r.left + r.width > width) obj.set({ top: Math.min(obj.top, height - r.height + obj.top - r.top), left: Math.min(obj.left, width - r.width + obj.left - r.left) });
      }
      if (options.snap_to_grid && options.grid_size > 0) obj.set({ top: Math.round(obj.top / options.grid_size) * options.grid_size, left: Math.round(obj.left / options.grid_size) * options.grid_size });
      obj.setCoords();
    });

    const run = (type, what, fn) => {
      try {
        fn();
      } catch (err) {
        ctx.error(`${type} (extension ${api.elementModule[type]}) ${what}: ${String((err && err.message) || err)}`);
      }
    };
    const fabricOf = (id) => canvas.getObjects().filter((o) => String(links.get(o)) === String(id));
    /** fabric's order for a canvas event: the canvas hears `object:<name>`, then the object `<name>`. */
    const fire = (obj, name, e, action) => {
      const event = { e, target: obj, transform: { action, target: obj }, action };
      canvas.fire(`object:${name}`, event);
      obj.fire(name, event);
    };

    return {
      isExtension: (type) => !!api.extensionElement(type),
      /** The fabric objects of the rendered (or kept) objects; an extension's error spares the others. */
      generate(objects) {
        for (const o of objects) if (api.extensionElement(o.type)) run(o.type, 'generate()', () => api.extensionElement(o.type).generate(canvas, structuredClone(o), state));
      },
      /** A button of an extension's type pressed: its `button_press` (by default `generate`). */
      press(opts) {
        run(opts.type, 'button_press()', () => api.extensionElement(opts.type).button_press(canvas, { ...opts }, state));
      },
      /** The SVG of the fabric objects standing for `id`, in the canvas's order. */
      nodesFor: (id) => fabricOf(id).map(svgOf).filter(Boolean),
      /** Fabric objects no submitted object stands for (an extension's decoration), drawn on top. */
      unlinkedNodes: () => canvas.getObjects().filter((o) => !links.has(o)).map(svgOf).filter(Boolean),
      /** Where the rotation handle of `id` goes (above its centre, turned with it), or null when it has none. */
      turnHandle(id) {
        const obj = fabricOf(id)[0];
        if (!obj || obj.lockRotation || obj.hasControls === false || (obj.isControlVisible && !obj.isControlVisible('mtr'))) return null;
        const c = obj.getCenterPoint();
        const reach = obj.getScaledHeight() / 2 + 20;
        const a = ((obj.angle || 0) * Math.PI) / 180;
        return { x: c.x + reach * Math.sin(a), y: c.y - reach * Math.cos(a) };
      },
      /** The position of `id`'s fabric object when a drag starts, or null before it exists (an image loading). */
      grab(id) {
        const obj = fabricOf(id)[0];
        return obj ? { left: obj.left, top: obj.top, angle: obj.angle || 0 } : null;
      },
      moveTo(id, left, top, e) {
        const obj = fabricOf(id)[0];
        if (!obj || obj.lockMovementX || obj.lockMovementY) return;
        obj.set({ left, top });
        obj.setCoords();
        fire(obj, 'moving', e, 'drag');
      },
      /** Turned so that its top points at (x, y), in whole degrees within [0, 360) as fabric keeps them. */
      turnToward(id, x, y, e) {
        const obj = fabricOf(id)[0];
        if (!obj) return;
        const c = obj.getCenterPoint();
        const angle = (Math.round((Math.atan2(y - c.y, x - c.x) * 180) / Math.PI + 90) + 360) % 360;
        obj.rotate(angle);
        obj.setCoords();
        fire(obj, 'rotating', e, 'rotate');
      },
      turnBy(id, degrees, e) {
        const obj = fabricOf(id)[0];
        if (!obj) return;
        obj.rotate((((obj.angle || 0) + degrees) % 360 + 360) % 360);
        obj.setCoords();
        fire(obj, 'rotating', e, 'rotate');
      },
      /** The end of a drag or key press: fabric's `modified`, which writes the submitted object back. */
      finish(id, e, action) {
        for (const obj of fabricOf(id)) fire(obj, 'modified', e, action);
      },
      /** A double click, which PrairieLearn's canvas passes on to the object under it. */
      dblclick(id, e) {
        for (const obj of fabricOf(id)) obj.fire('dblclick', { e });
        ctx.changed();
      },
      /** Removed from the canvas (fabric fires `removed`, the answer state drops it); false when it had no fabric object. */
      remove(id) {
        const objs = fabricOf(id);
        for (const obj of objs) canvas.remove(obj);
        return objs.length > 0;
      },
      canvas,
    };
  }

  window.PLDrawingFabric = { attach };
})();
