// pl-prairiedraw-figure in the page. The controller writes, in the figure's place, a canvas and an inline
// script `PLPrairieDrawFigure.add(canvasId, params, function () { <the course's script> })`, as PrairieLearn
// writes the script into its page; once the page is parsed the script runs as PrairieLearn runs it: `this.pd`
// a PrairieDraw on the canvas, `this.params.get(name)`. What PrairieLearn's page would do but the preview
// cannot is said under the figure, never a broken page: a PrairieDraw (or PrairieGeom) method the preview
// does not have is skipped and named, an error stops the script and is shown, a script that did not run at
// all (a syntax error, params PrairieLearn writes as Python text that is not JavaScript) is said.
(function () {
  'use strict';

  var figures = [];
  var parsed = false;
  /** The names of missing methods called during the current render (the figure being drawn). */
  var calling = null;

  /** An object whose unknown methods are skipped and recorded instead of failing the script (its own `_` state reads as is). */
  function lenient(target, owner) {
    return new Proxy(target, {
      get: function (t, name, receiver) {
        if (typeof name !== 'string' || name in t || name[0] === '_' || name === 'then' || name === 'toJSON') return Reflect.get(t, name, receiver);
        return function () {
          if (calling && calling.indexOf(owner + name) < 0) calling.push(owner + name);
          return undefined;
        };
      },
    });
  }
  window.PrairieGeom = lenient(window.PrairieGeom, 'PrairieGeom.');

  /** Backbone.Model's reading side, which PrairieLearn gives the script as `this.params`. */
  function paramsModel(values) {
    var attributes = Object.assign({}, values);
    return {
      attributes: attributes,
      get: function (name) { return attributes[name]; },
      has: function (name) { return attributes[name] !== undefined && attributes[name] !== null; },
      set: function (name, value) { attributes[name] = value; return this; },
      toJSON: function () { return Object.assign({}, attributes); },
    };
  }

  function showNotes(fig, lines) {
    var old = fig.box.querySelector('.pl-prairiedraw-figure-notes');
    if (old) old.remove();
    if (!lines.length) return;
    var notes = document.createElement('div');
    notes.className = 'pl-prairiedraw-figure-notes';
    notes.setAttribute('role', 'note');
    lines.forEach(function (text) {
      var p = document.createElement('p');
      p.textContent = text;
      notes.appendChild(p);
    });
    fig.box.appendChild(notes);
  }

  /** The figure's notes: what its last run said, then the TeX images found missing so far. */
  function texNotes(fig) {
    return fig.pd._missingTexts.map(function (t) {
      return 'The TeX label "' + t.tex + '" has no image ' + t.file + ' in the question folder: PrairieLearn draws no label either, and stops ' +
        'redrawing there once another label\'s image has loaded (its generate_text.py makes the images).';
    });
  }

  function render(fig) {
    var lines = [];
    var missing = [];
    calling = missing;
    try {
      fig.view.render();
    } catch (err) {
      lines.push('The figure script ' + fig.script + ' stopped: ' + String((err && err.message) || err) + '. PrairieLearn would stop there too unless the error comes from what the preview lacks.');
    } finally {
      calling = null;
    }
    if (missing.length) {
      lines.unshift('The preview\'s PrairieDraw does not have ' + missing.map(function (m) { return m + '()'; }).join(', ') +
        ', which ' + fig.script + ' calls: the figure is drawn without ' + (missing.length > 1 ? 'them' : 'it') + '.');
    }
    fig.lines = lines;
    showNotes(fig, lines.concat(texNotes(fig)));
  }

  function start(fig) {
    var pd = new window.PrairieDraw(fig.canvas);
    var base = fig.box.getAttribute('data-text-base');
    if (base) pd._textBase = base;
    fig.pd = pd;
    fig.view = { pd: lenient(pd, 'this.pd.'), params: paramsModel(fig.params), render: fig.draw };
    pd.on('imgLoad', function () { render(fig); });
    // PrairieLearn does not redraw when an image is missing: only the notes change.
    pd.on('textMissing', function () { showNotes(fig, fig.lines.concat(texNotes(fig))); });
    render(fig);
  }

  function boxOf(canvasId) {
    var canvas = document.getElementById(canvasId);
    return canvas && canvas.closest('.pl-prairiedraw-figure');
  }

  function add(canvasId, params, draw) {
    var box = boxOf(canvasId);
    if (!box) return;
    box.plPrairieDrawAdded = true;
    var fig = { canvas: document.getElementById(canvasId), box: box, params: params, draw: draw, script: box.getAttribute('data-script-name') || 'the script' };
    figures.push(fig);
    if (parsed) start(fig);
  }

  // A figure's inline script that fails to parse or to evaluate its params never calls add(); its error
  // reaches the window while that figure is the last one in the page so far (scripts run as they are parsed).
  window.addEventListener('error', function (event) {
    if (parsed) return;
    var boxes = document.querySelectorAll('.pl-prairiedraw-figure');
    var last = boxes[boxes.length - 1];
    if (last && !last.plPrairieDrawAdded && last.plPrairieDrawError === undefined) last.plPrairieDrawError = event.message || 'error';
  });

  function notRun(box) {
    var script = box.getAttribute('data-script-name') || 'the script';
    var err = box.plPrairieDrawError;
    var lines = ['The figure script ' + script + ' did not run' + (err ? ': ' + err : '') + '.'];
    if (err && /\b(True|False|None|nan|inf)\b is not defined/.test(err)) {
      lines.push('PrairieLearn writes the params of param-names into the page as Python text, where True, False, None, nan and inf are not JavaScript: the figure fails the same way in PrairieLearn. Pass numbers, strings or lists instead.');
    }
    showNotes({ box: box }, lines);
  }

  function whenParsed() {
    parsed = true;
    figures.forEach(start);
    document.querySelectorAll('.pl-prairiedraw-figure').forEach(function (box) {
      if (!box.plPrairieDrawAdded) notRun(box);
    });
  }

  window.PLPrairieDrawFigure = { add: add };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();
