// PrairieDraw for the preview, part 1: the drawing state and the basic primitives. Written afresh after the
// behaviour of PrairieLearn's public/javascripts/PrairieDraw.js (commit 88fb855) so that a figure script
// draws the same picture: the same coordinate transform (post-multiplied, y up after setUnits), the same
// properties and defaults, the same canvas state changes (point() leaves its fill colour set, as there).
// 3D views, animation and mouse input are not here; pl-prairiedraw-figure.js names any missing method.
(function () {
  'use strict';

  var $V = window.Sylvester.Vector.create;
  var Geom = window.PrairieGeom;

  // A transform is [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f (the canvas's order).
  var IDENTITY = [1, 0, 0, 1, 0, 0];
  function compose(m, n) {
    return [
      m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
      m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
      m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
    ];
  }
  function invert(m) {
    var det = m[0] * m[3] - m[1] * m[2];
    var a = m[3] / det, b = -m[1] / det, c = -m[2] / det, d = m[0] / det;
    return [a, b, c, d, -(a * m[4] + c * m[5]), -(b * m[4] + d * m[5])];
  }

  /** 4 x 4 rows: a x b. */
  function mul4(a, b) {
    return a.map(function (row) { return [0, 1, 2, 3].map(function (j) { return row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j] + row[3] * b[3][j]; }); });
  }
  function rot4(axis, t) {
    var c = Math.cos(t), s = Math.sin(t);
    var m = axis === 'x' ? [[1, 0, 0], [0, c, -s], [0, s, c]] : axis === 'y' ? [[c, 0, s], [0, 1, 0], [-s, 0, c]] : [[c, -s, 0], [s, c, 0], [0, 0, 1]];
    return m.map(function (r) { return r.concat([0]); }).concat([[0, 0, 0, 1]]);
  }
  // PrairieDraw's initial 3D view: about x by -3pi/8, then about z by -5pi/8.
  var VIEW_3D = mul4(mul4(mul4([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], rot4('x', (-Math.PI / 2) * 0.75)), rot4('y', 0)), rot4('z', (-Math.PI / 2) * 1.25));

  var DEFAULT_PROPS = {
    arrowLineWidthPx: 2, arrowLinePattern: 'solid', arrowheadLengthRatio: 7, arrowheadWidthRatio: 0.3,
    arrowheadOffsetRatio: 0.3, circleArrowWrapOffsetRatio: 1.5, arrowOutOfPageRadiusPx: 5,
    textOffsetPx: 4, textFontSize: 14, pointRadiusPx: 2,
    shapeStrokeWidthPx: 2, shapeStrokePattern: 'solid', shapeOutlineColor: 'rgb(0, 0, 0)', shapeInsideColor: 'rgb(255, 255, 255)',
    hiddenLineDraw: true, hiddenLineWidthPx: 2, hiddenLinePattern: 'dashed', hiddenLineColor: 'rgb(0, 0, 0)',
    centerOfMassStrokeWidthPx: 2, centerOfMassColor: 'rgb(180, 49, 4)', centerOfMassRadiusPx: 5,
    rightAngleSizePx: 10, rightAngleStrokeWidthPx: 1, rightAngleColor: 'rgb(0, 0, 0)',
    measurementStrokeWidthPx: 1, measurementStrokePattern: 'solid', measurementEndLengthPx: 10, measurementOffsetPx: 3,
    measurementColor: 'rgb(0, 0, 0)',
    groundDepthPx: 10, groundWidthPx: 10, groundSpacingPx: 10, groundOutlineColor: 'rgb(0, 0, 0)', groundInsideColor: 'rgb(220, 220, 220)',
    gridColor: 'rgb(200, 200, 200)', positionColor: 'rgb(0, 0, 255)', angleColor: 'rgb(0, 100, 180)',
    velocityColor: 'rgb(0, 200, 0)', angVelColor: 'rgb(100, 180, 0)', accelerationColor: 'rgb(255, 0, 255)',
    rotationColor: 'rgb(150, 0, 150)', angAccColor: 'rgb(100, 0, 180)', angMomColor: 'rgb(255, 0, 0)',
    forceColor: 'rgb(210, 105, 30)', momentColor: 'rgb(255, 102, 80)',
  };
  var NAMED_COLORS = {
    black: 'rgb(0, 0, 0)', white: 'rgb(255, 255, 255)', red: 'rgb(255, 0, 0)', green: 'rgb(0, 255, 0)',
    blue: 'rgb(0, 0, 255)', cyan: 'rgb(0, 255, 255)', magenta: 'rgb(255, 0, 255)', yellow: 'rgb(255, 255, 0)',
  };
  var DASHES = { solid: [], dashed: [6, 6], dotted: [2, 2] };

  function PrairieDraw(canvas) {
    this._canvas = typeof canvas === 'string' ? document.getElementById(canvas) : canvas;
    this._canvas.prairieDraw = this;
    this._ctx = this._canvas.getContext('2d');
    this._width = this._canvas.width;
    this._height = this._canvas.height;
    this._trans = IDENTITY;
    this._transStack = [];
    this._trans3D = VIEW_3D;
    this._trans3DStack = [];
    this._props = Object.assign({}, DEFAULT_PROPS);
    this._propStack = [];
    this._options = {};
    this._texts = {};
    this._missingTexts = [];
    this._images = {};
    this._redrawCallbacks = [];
    this._events = {};
    this.save();
    this.draw();
    this.restoreAll();
  }
  var P = PrairieDraw.prototype;

  P.goldenRatio = (1 + Math.sqrt(5)) / 2;
  P.milesPerKilometer = 0.621371;
  P.draw = function () {};
  P.redraw = function () {
    this.save();
    this.draw();
    this.restoreAll();
    for (var i = 0; i < this._redrawCallbacks.length; i++) this._redrawCallbacks[i]();
  };
  P.registerRedrawCallback = function (callback) {
    this._redrawCallbacks.push(callback.bind(this));
  };
  // The page wires mouse line drawing to every figure; the preview draws still figures only.
  P.registerMouseLineDrawCallback = function () {};
  // Backbone.Events, which PrairieLearn's page mixes into the figure (the script may listen or trigger).
  P.on = function (name, callback, context) {
    (this._events[name] = this._events[name] || []).push([callback, context]);
    return this;
  };
  P.off = function (name) {
    if (name === undefined) this._events = {};
    else delete this._events[name];
    return this;
  };
  P.trigger = function (name) {
    var args = Array.prototype.slice.call(arguments, 1);
    (this._events[name] || []).slice().forEach(function (h) { h[0].apply(h[1], args); });
    return this;
  };
  P.widthPx = function () { return this._width; };
  P.heightPx = function () { return this._height; };

  P.scale = function (f) { this._trans = compose(this._trans, [f.e(1), 0, 0, f.e(2), 0, 0]); };
  P.translate = function (o) { this._trans = compose(this._trans, [1, 0, 0, 1, o.e(1), o.e(2)]); };
  P.rotate = function (a) { this._trans = compose(this._trans, [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0]); };
  P.transformByPoints = function (old1, old2, new1, new2) {
    var oldDelta = old2.subtract(old1), newDelta = new2.subtract(new1);
    var factor = newDelta.modulus() / oldDelta.modulus();
    this.translate(new1.add(new2).x(0.5));
    this.rotate(Geom.angleFrom(oldDelta, newDelta));
    this.scale($V([factor, factor]));
    this.translate(old1.add(old2).x(-0.5));
  };
  var apply = function (m, x, y, w) { return $V([m[0] * x + m[2] * y + w * m[4], m[1] * x + m[3] * y + w * m[5]]); };
  P.vec2Px = function (v) { return apply(this._trans, v.e(1), v.e(2), 0); };
  P.pos2Px = function (p) { return apply(this._trans, p.e(1), p.e(2), 1); };
  P.vec2Dw = function (v) { return apply(invert(this._trans), v.e(1), v.e(2), 0); };
  P.pos2Dw = function (p) { return apply(invert(this._trans), p.e(1), p.e(2), 1); };
  P._transIsReflection = function () { return this._trans[0] * this._trans[3] - this._trans[2] * this._trans[1] < 0; };
  P.posNm2Px = function (p) { return $V([p.e(1) * this._width, (1 - p.e(2)) * this._height]); };
  P.posNm2Dw = function (p) { return this.pos2Dw(this.posNm2Px(p)); };
  // A 3D position is seen through the 3D view (PrairieDraw's initial one: rotations about x, y, z) and
  // projected on its first two axes; the view itself cannot be turned here (no mouse), as in a still figure.
  P.posDwToVw = function (p) {
    var m = this._trans3D, q = [p.e(1), p.e(2), p.e(3), 1];
    return $V([0, 1, 2].map(function (r) { return m[r][0] * q[0] + m[r][1] * q[1] + m[r][2] * q[2] + m[r][3]; }));
  };
  P.pos3To2 = function (p) {
    if (p.elements.length !== 3) return p;
    var v = this.posDwToVw(p);
    return $V([v.e(1), v.e(2)]);
  };
  P.vec3To2 = function (v, base) {
    return v.elements.length === 3 ? this.pos3To2(base.add(v)).subtract(this.pos3To2(base)) : v;
  };
  P.pos2To3 = function (p) { return p.elements.length === 2 ? $V([p.e(1), p.e(2), 0]) : p; };
  P.vec2To3 = P.pos2To3;

  P.setProp = function (name, value) {
    if (!(name in this._props)) throw new Error('PrairieDraw: unknown property name: ' + name);
    this._props[name] = value;
  };
  P.getProp = function (name) {
    if (!(name in this._props)) throw new Error('PrairieDraw: unknown property name: ' + name);
    return this._props[name];
  };
  P._getColorProp = function (type) {
    if (type === undefined) return this._props.shapeOutlineColor;
    var key = type + 'Color';
    if (key in this._props) return NAMED_COLORS[this._props[key]] || this._props[key];
    return NAMED_COLORS[type] || type;
  };
  P.setShapeDrawHidden = function () {
    this._props.shapeStrokeWidthPx = this._props.hiddenLineWidthPx;
    this._props.shapeStrokePattern = this._props.hiddenLinePattern;
    this._props.shapeOutlineColor = this._props.hiddenLineColor;
  };
  P.addOption = function (name, value) {
    if (!(name in this._options)) this._options[name] = { value: value, resetValue: value };
  };
  P.setOption = function (name, value) {
    if (!(name in this._options)) throw new Error('PrairieDraw: unknown option: ' + name);
    this._options[name].value = value;
  };
  P.getOption = function (name) {
    if (!(name in this._options)) throw new Error('PrairieDraw: unknown option: ' + name);
    return this._options[name].value;
  };

  P.save = function () {
    this._ctx.save();
    this._propStack.push(Object.assign({}, this._props));
    this._transStack.push(this._trans);
    this._trans3DStack.push(this._trans3D);
  };
  P.restore = function () {
    this._ctx.restore();
    if (this._propStack.length === 0) throw new Error('PrairieDraw: tried to restore() without corresponding save()');
    this._props = this._propStack.pop();
    this._trans = this._transStack.pop();
    this._trans3D = this._trans3DStack.pop();
  };
  P.restoreAll = function () {
    while (this._propStack.length > 0) this.restore();
    if (this._saveTrans !== undefined) this._trans = this._saveTrans;
  };
  P.clearDrawing = function () { this._ctx.clearRect(0, 0, this._width, this._height); };

  /** The drawing units: the origin at the centre, y up, the smaller scale kept (the canvas shrinks to fit unless told not to). */
  P.setUnits = function (xSize, ySize, canvasWidth, preserveCanvasSize) {
    this.clearDrawing();
    this._trans = IDENTITY;
    if (canvasWidth !== undefined) {
      var canvasHeight = Math.floor((ySize / xSize) * canvasWidth);
      if (this._width !== canvasWidth || this._height !== canvasHeight) {
        this._canvas.width = this._width = canvasWidth;
        this._canvas.height = this._height = canvasHeight;
      }
      preserveCanvasSize = true;
    }
    var xScale = this._width / xSize, yScale = this._height / ySize;
    var s = Math.min(xScale, yScale);
    this._scale = s;
    if (!preserveCanvasSize && xScale !== yScale) {
      if (xScale < yScale) this._canvas.height = this._height = xScale * ySize;
      else this._canvas.width = this._width = yScale * xSize;
    }
    this.translate($V([this._width / 2, this._height / 2]));
    this.scale($V([1, -1]));
    this.scale($V([s, s]));
    this._saveTrans = this._trans;
  };

  P._dashPattern = function (name) {
    if (!(name in DASHES)) throw new Error('PrairieDraw: unknown dash pattern: ' + name);
    return DASHES[name];
  };
  P._setLineStyles = function (type) {
    var c = this._getColorProp(type);
    this._ctx.strokeStyle = c;
    this._ctx.fillStyle = c;
  };
  /** The shape stroke: width, dash and outline colour from the properties. */
  P._shapeStroke = function () {
    this._ctx.lineWidth = this._props.shapeStrokeWidthPx;
    this._ctx.setLineDash(this._dashPattern(this._props.shapeStrokePattern));
    this._ctx.strokeStyle = this._props.shapeOutlineColor;
  };

  P.point = function (pos) {
    var p = this.pos2Px(this.pos3To2(pos));
    this._ctx.beginPath();
    this._ctx.arc(p.e(1), p.e(2), this._props.pointRadiusPx, 0, 2 * Math.PI);
    this._ctx.fillStyle = this._props.shapeOutlineColor;
    this._ctx.fill();
  };
  /** Strokes the path `trace(ctx)` builds from the points (in pixels), in the line style of `type`. */
  P._strokeThrough = function (points, type, trace) {
    var q = points.map(function (p) { return this.pos2Px(this.pos3To2(p)); }, this);
    var ctx = this._ctx;
    ctx.save();
    this._setLineStyles(type);
    ctx.lineWidth = this._props.shapeStrokeWidthPx;
    ctx.setLineDash(this._dashPattern(this._props.shapeStrokePattern));
    ctx.beginPath();
    ctx.moveTo(q[0].e(1), q[0].e(2));
    trace(ctx, q);
    ctx.stroke();
    ctx.restore();
  };
  P.line = function (start, end, type) {
    this._strokeThrough([start, end], type, function (ctx, q) { ctx.lineTo(q[1].e(1), q[1].e(2)); });
  };
  P.cubicBezier = function (p0, p1, p2, p3, type) {
    this._strokeThrough([p0, p1, p2, p3], type, function (ctx, q) {
      ctx.bezierCurveTo(q[1].e(1), q[1].e(2), q[2].e(1), q[2].e(2), q[3].e(1), q[3].e(2));
    });
  };

  /** The arrowhead: a notched triangle with its tip at `pos`, `len` px long, pointing along `dir` (px). */
  P._arrowheadPx = function (pos, dir, len) {
    var ctx = this._ctx;
    var notch = -(1 - this._props.arrowheadOffsetRatio) * len, half = this._props.arrowheadWidthRatio * len;
    ctx.save();
    ctx.translate(pos.e(1), pos.e(2));
    ctx.rotate(Geom.angleOf(dir));
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(-len, half);
    ctx.lineTo(notch, 0);
    ctx.lineTo(-len, -half);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  };
  P._arrowhead = function (pos, dir, len) { this._arrowheadPx(this.pos2Px(pos), this.vec2Px(dir), len); };
  P._arrowheadLength = function (lengthPx) {
    return Math.min(this._props.arrowheadLengthRatio * this._props.arrowLineWidthPx, lengthPx / 2);
  };
  P.arrow = function (start, end, type) {
    start = this.pos3To2(start);
    end = this.pos3To2(end);
    var offset = end.subtract(start), lengthPx = this.vec2Px(offset).modulus();
    var lineEnd = end, headLength;
    if (lengthPx >= 1) {
      headLength = this._arrowheadLength(lengthPx);
      lineEnd = start.add(offset.x((lengthPx - (1 - this._props.arrowheadOffsetRatio) * headLength) / lengthPx));
    }
    var a = this.pos2Px(start), b = this.pos2Px(lineEnd);
    this.save();
    this._ctx.lineWidth = this._props.arrowLineWidthPx;
    this._ctx.setLineDash(this._dashPattern(this._props.arrowLinePattern));
    this._setLineStyles(type);
    this._ctx.beginPath();
    this._ctx.moveTo(a.e(1), a.e(2));
    this._ctx.lineTo(b.e(1), b.e(2));
    this._ctx.stroke();
    if (headLength !== undefined) this._arrowhead(end, offset, headLength);
    this.restore();
  };
  P.arrowFrom = function (start, offset, type) { this.arrow(start, start.add(offset), type); };
  P.arrowTo = function (end, offset, type) { this.arrow(end.subtract(offset), end, type); };
  P.arc = function (center, radius, startAngle, endAngle, filled, aspect) {
    startAngle = startAngle === undefined ? 0 : startAngle;
    endAngle = endAngle === undefined ? 2 * Math.PI : endAngle;
    aspect = aspect === undefined ? 1 : aspect;
    var c = this.pos2Px(center), offset = this.vec2Px($V([radius, 0])), ctx = this._ctx;
    ctx.save();
    this._shapeStroke();
    ctx.fillStyle = this._props.shapeInsideColor;
    ctx.save();
    ctx.translate(c.e(1), c.e(2));
    ctx.rotate(Geom.angleOf(offset));
    ctx.scale(1, 1 / aspect);
    ctx.beginPath();
    ctx.arc(0, 0, offset.modulus(), -endAngle, -startAngle);
    ctx.restore();
    if (filled) ctx.fill();
    ctx.stroke();
    ctx.restore();
  };
  P.circle = function (center, radius, filled) {
    var c = this.pos2Px(center), r = this.vec2Px($V([radius, 0])).modulus(), ctx = this._ctx;
    ctx.save();
    this._shapeStroke();
    ctx.fillStyle = this._props.shapeInsideColor;
    ctx.beginPath();
    ctx.arc(c.e(1), c.e(2), r, 0, 2 * Math.PI);
    if (filled === undefined || filled) ctx.fill();
    ctx.stroke();
    ctx.restore();
  };
  P.filledCircle = function (center, radius) {
    var c = this.pos2Px(center), r = this.vec2Px($V([radius, 0])).modulus(), ctx = this._ctx;
    ctx.save();
    ctx.fillStyle = this._props.shapeOutlineColor;
    ctx.beginPath();
    ctx.arc(c.e(1), c.e(2), r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.restore();
  };
  /** Filled only when closed (and `filled` is not false), as PrairieLearn's. */
  P.polyLine = function (points, closed, filled) {
    if (points.length < 2) return;
    var ctx = this._ctx;
    ctx.save();
    this._shapeStroke();
    ctx.fillStyle = this._props.shapeInsideColor;
    ctx.beginPath();
    points.forEach(function (p, i) {
      var q = this.pos2Px(this.pos3To2(p));
      if (i === 0) ctx.moveTo(q.e(1), q.e(2));
      else ctx.lineTo(q.e(1), q.e(2));
    }, this);
    if (closed === true) {
      ctx.closePath();
      if (filled === undefined || filled === true) ctx.fill();
    }
    ctx.stroke();
    ctx.restore();
  };
  P.rectangle = function (width, height, center, angle, filled) {
    var w = width / 2, h = height / 2;
    this.save();
    this.translate(center === undefined ? $V([0, 0]) : center);
    this.rotate(angle === undefined ? 0 : angle);
    this.polyLine([$V([-w, -h]), $V([w, -h]), $V([w, h]), $V([-w, h])], true, filled === undefined ? true : filled);
    this.restore();
  };
  window.PrairieDraw = PrairieDraw;
})();
