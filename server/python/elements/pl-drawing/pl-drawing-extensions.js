// pl-drawing's page API for the course's element extensions (elementExtensions/pl-drawing/<name>/), the
// one PrairieLearn's page gives them: `PLDrawingBaseElement` to extend, `PLDrawingApi.registerElements`
// and `generateID`, and an answer state whose `registerAnswerObject` keeps a submitted object in step with
// its fabric object. It loads before the extensions' scripts (they register as they load) and needs no
// fabric itself; pl-drawing-fabric.js draws the objects the extensions make, and the preview loads
// fabric.js only when the page has an extension script.
(function () {
  if (typeof window === 'undefined') return;

  class PLDrawingBaseElement {
    static generate(_canvas, _options, _submittedAnswer) {
      return null;
    }

    static button_press(canvas, options, submittedAnswer) {
      return this.generate(canvas, options, submittedAnswer);
    }

    /** The button's image, a file in the extension's clientFilesExtension (".svg" is added when missing). */
    static get_button_icon(options) {
      return options.type;
    }

    static get_button_tooltip(options) {
      return `Add ${options.type}`;
    }
  }

  // Fabric's own bookkeeping, not the object's: never copied into the submitted object (as PrairieLearn).
  const NOT_SUBMITTED = new Set(['aCoords', 'borderColor', 'cacheHeight', 'cacheTranslationX', 'cacheTranslationY', 'cacheWidth', 'canvas', 'cornerSize', 'dirty', 'isMoving', 'matrixCache', 'oCoords', 'ownCaching', 'ownMatrixCache', 'id']);

  /**
   * The objects a drawing submits, by id, as PrairieLearn's page keeps them. `listener` hears each change
   * (`updated(object)`, `deleted(id)`), so that the drawing's own list and hidden field follow.
   */
  class PLDrawingAnswerState {
    constructor(listener) {
      this._answerData = {};
      this._listener = listener;
    }

    updateObject(object) {
      this._answerData[object.id] = object;
      this._listener.updated(object);
    }

    getObject(id) {
      return this._answerData[id] || null;
    }

    deleteObject(object) {
      const id = object !== null && typeof object === 'object' ? object.id : object;
      delete this._answerData[id];
      this._listener.deleted(id);
    }

    /**
     * `object` (a fabric object) now stands for a submitted object made from `options`: when fabric says it
     * was modified, its own properties (or what `modifyHandler` copies) are written back; when it is
     * removed from the canvas, the submitted object goes.
     */
    registerAnswerObject(options, object, modifyHandler, removeHandler) {
      const submitted = { ...options };
      if (!('id' in submitted)) submitted.id = 'id' in object ? object.id : window.PLDrawingApi.generateID();
      this._listener.linked(object, submitted.id);
      this.updateObject(submitted);
      object.on('modified', () => {
        if (modifyHandler) modifyHandler(submitted, object);
        else for (const [key, value] of Object.entries(object)) if (key[0] !== '_' && !NOT_SUBMITTED.has(key)) submitted[key] = value;
        this.updateObject(submitted);
      });
      object.on('removed', () => {
        if (removeHandler) removeHandler(submitted, object);
        this.deleteObject(submitted);
      });
    }
  }

  /** Errors of the extensions' scripts (as they load, or later in a callback), shown in every drawing. */
  const scriptErrors = [];
  const EXTENSION_SCRIPT = /\/elementExtensions\/pl-drawing\/([^/]+)\/([^/?#]+)/;
  function showError(container, text) {
    const p = document.createElement('pre');
    p.className = 'pl-drawing-error';
    p.textContent = `pl-drawing: ${text}`;
    container.prepend(p);
  }
  window.addEventListener('error', (e) => {
    const m = EXTENSION_SCRIPT.exec(e.filename || '');
    if (!m) return;
    const text = `extension ${decodeURIComponent(m[1])} (${decodeURIComponent(m[2])}, line ${e.lineno}): ${e.message}`;
    scriptErrors.push(text);
    for (const c of document.querySelectorAll('.pl-drawing-container[data-ready]')) showError(c, text);
  });

  window.PLDrawingBaseElement = PLDrawingBaseElement;
  window.PLDrawingApi = {
    _idCounter: 0,
    elements: {},
    elementModule: {},
    /** A new object id; ids are shared by every drawing on the page. */
    generateID() {
      return this._idCounter++;
    },
    registerElements(extensionName, dictionary) {
      for (const [type, element] of Object.entries(dictionary || {})) {
        this.elements[type] = element;
        this.elementModule[type] = extensionName;
      }
    },
    /** The element class of an extension's object type, or null for a built-in or unknown type. */
    extensionElement(type) {
      const element = this.elements[type];
      return element && this.elementModule[type] !== '_base' && typeof element.generate === 'function' ? element : null;
    },
    getElement(name) {
      return this.extensionElement(name) || PLDrawingBaseElement;
    },
    createElement(canvas, options, submittedAnswer) {
      const element = this.extensionElement(options.type);
      if (element) element.generate(canvas, options, submittedAnswer);
      return null;
    },
    /**
     * An extension button's image and tooltip (its `get_button_icon`, from the extension's client files in
     * `clientFiles`, and `get_button_tooltip`), or null for a built-in button.
     */
    buttonLook(opts, clientFiles) {
      const element = this.extensionElement(opts.type);
      if (!element) return null;
      let icon = element.get_button_icon(opts);
      if (icon !== null && icon !== undefined && !String(icon).endsWith('.svg')) icon = `${icon}.svg`;
      const base = (clientFiles || {})[this.elementModule[opts.type]];
      const tooltip = element.get_button_tooltip(opts);
      return { icon: icon === null || icon === undefined || !base ? null : `${base}/${icon}`, tooltip: tooltip === null || tooltip === undefined ? null : String(tooltip) };
    },
    AnswerState: PLDrawingAnswerState,
    scriptErrors,
    showError,
  };
})();
