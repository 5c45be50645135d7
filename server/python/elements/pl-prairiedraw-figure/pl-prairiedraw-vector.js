// The vector maths a pl-prairiedraw-figure script finds in PrairieLearn's page: `Sylvester` (the subset of
// Sylvester's Vector and Matrix that figure scripts and PrairieDraw use, with its 1-based `e(i)` and its
// `null` for mismatched sizes), `PrairieGeom` (its 2D helpers) and `Sha1.hash` (names a TeX label's
// image). Written for the preview after PrairieLearn's public/javascripts (commit 88fb855); globals,
// because PrairieLearn's page has them as globals.
(function () {
  'use strict';

  var Sylvester = { precision: 1e-6 };

  function Vector() {}
  Vector.create = function (elements) {
    return new Vector().setElements(elements);
  };
  Vector.Zero = function (n) {
    var els = [];
    while (n--) els.push(0);
    return Vector.create(els);
  };
  Vector.Random = function (n) {
    var els = [];
    while (n--) els.push(Math.random());
    return Vector.create(els);
  };
  var $V = Vector.create;
  /** The elements of a vector or of a plain array, as Sylvester accepts both. */
  var els = function (v) {
    return v.elements || v;
  };

  Vector.prototype = {
    e: function (i) {
      return i < 1 || i > this.elements.length ? null : this.elements[i - 1];
    },
    dimensions: function () {
      return this.elements.length;
    },
    modulus: function () {
      return Math.sqrt(this.dot(this));
    },
    eql: function (v) {
      var o = els(v);
      if (o.length !== this.elements.length) return false;
      for (var i = 0; i < o.length; i++) if (Math.abs(this.elements[i] - o[i]) > Sylvester.precision) return false;
      return true;
    },
    dup: function () {
      return $V(this.elements);
    },
    map: function (fn, context) {
      var out = [];
      for (var i = 0; i < this.elements.length; i++) out.push(fn.call(context, this.elements[i], i + 1));
      return $V(out);
    },
    each: function (fn, context) {
      for (var i = 0; i < this.elements.length; i++) fn.call(context, this.elements[i], i + 1);
    },
    toUnitVector: function () {
      var r = this.modulus();
      return r === 0 ? this.dup() : this.map(function (x) { return x / r; });
    },
    angleFrom: function (v) {
      var o = els(v);
      if (o.length !== this.elements.length) return null;
      var dot = 0, m1 = 0, m2 = 0;
      for (var i = 0; i < o.length; i++) {
        dot += this.elements[i] * o[i];
        m1 += this.elements[i] * this.elements[i];
        m2 += o[i] * o[i];
      }
      if (m1 * m2 === 0) return null;
      return Math.acos(Math.max(-1, Math.min(1, dot / (Math.sqrt(m1) * Math.sqrt(m2)))));
    },
    isParallelTo: function (v) {
      var a = this.angleFrom(v);
      return a === null ? null : a <= Sylvester.precision;
    },
    isAntiparallelTo: function (v) {
      var a = this.angleFrom(v);
      return a === null ? null : Math.abs(a - Math.PI) <= Sylvester.precision;
    },
    isPerpendicularTo: function (v) {
      var d = this.dot(v);
      return d === null ? null : Math.abs(d) <= Sylvester.precision;
    },
    add: function (v) {
      var o = els(v);
      return o.length !== this.elements.length ? null : this.map(function (x, i) { return x + o[i - 1]; });
    },
    subtract: function (v) {
      var o = els(v);
      return o.length !== this.elements.length ? null : this.map(function (x, i) { return x - o[i - 1]; });
    },
    multiply: function (k) {
      return this.map(function (x) { return x * k; });
    },
    dot: function (v) {
      var o = els(v);
      if (o.length !== this.elements.length) return null;
      var sum = 0;
      for (var n = o.length - 1; n >= 0; n--) sum += this.elements[n] * o[n];
      return sum;
    },
    cross: function (v) {
      var a = this.elements, b = els(v);
      if (a.length !== 3 || b.length !== 3) return null;
      return $V([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]);
    },
    /** The element of largest magnitude, with its sign (0 for none). */
    max: function () {
      var m = 0;
      for (var i = this.elements.length - 1; i >= 0; i--) if (Math.abs(this.elements[i]) > Math.abs(m)) m = this.elements[i];
      return m;
    },
    indexOf: function (x) {
      var i = this.elements.indexOf(x);
      return i < 0 ? null : i + 1;
    },
    round: function () {
      return this.map(Math.round);
    },
    snapTo: function (x) {
      return this.map(function (y) { return Math.abs(y - x) <= Sylvester.precision ? x : y; });
    },
    distanceFrom: function (v) {
      var o = els(v);
      if (o.length !== this.elements.length) return null;
      var sum = 0;
      for (var i = 0; i < o.length; i++) sum += (this.elements[i] - o[i]) * (this.elements[i] - o[i]);
      return Math.sqrt(sum);
    },
    /** 2D only: counterclockwise by `t` radians about the point `about` (Sylvester's 3D form needs a Line). */
    rotate: function (t, about) {
      if (this.elements.length !== 2) return null;
      var c = els(about);
      if (c.length !== 2) return null;
      var cos = Math.cos(t), sin = Math.sin(t);
      var x = this.elements[0] - c[0], y = this.elements[1] - c[1];
      return $V([c[0] + cos * x - sin * y, c[1] + sin * x + cos * y]);
    },
    reflectionIn: function (v) {
      var q = els(v);
      return q.length !== this.elements.length ? null : this.map(function (x, i) { return q[i - 1] + (q[i - 1] - x); });
    },
    to3D: function () {
      var v = this.dup();
      if (v.elements.length === 2) v.elements.push(0);
      return v.elements.length === 3 ? v : null;
    },
    inspect: function () {
      return '[' + this.elements.join(', ') + ']';
    },
    setElements: function (e) {
      this.elements = els(e).slice();
      return this;
    },
  };
  Vector.prototype.x = Vector.prototype.multiply;
  Vector.prototype.forEach = Vector.prototype.each;
  Vector.i = $V([1, 0, 0]);
  Vector.j = $V([0, 1, 0]);
  Vector.k = $V([0, 0, 1]);

  /** Sylvester's Matrix, as far as scripts build and apply small ones. */
  function Matrix() {}
  Matrix.create = function (rows) {
    var m = new Matrix();
    m.elements = (rows.elements || rows).map(function (r) { return (r.elements || r).slice(); });
    return m;
  };
  Matrix.I = function (n) {
    var rows = [];
    for (var i = 0; i < n; i++) {
      rows.push([]);
      for (var j = 0; j < n; j++) rows[i].push(i === j ? 1 : 0);
    }
    return Matrix.create(rows);
  };
  Matrix.Rotation = function (t) {
    return Matrix.create([[Math.cos(t), -Math.sin(t)], [Math.sin(t), Math.cos(t)]]);
  };
  Matrix.RotationZ = function (t) {
    return Matrix.create([[Math.cos(t), -Math.sin(t), 0], [Math.sin(t), Math.cos(t), 0], [0, 0, 1]]);
  };
  Matrix.prototype = {
    e: function (i, j) {
      var row = this.elements[i - 1];
      return row === undefined || j < 1 || j > row.length ? null : row[j - 1];
    },
    dup: function () {
      return Matrix.create(this.elements);
    },
    /** A number, a Vector (gives a Vector) or a Matrix. */
    multiply: function (m) {
      var a = this.elements;
      if (typeof m === 'number') return Matrix.create(a.map(function (r) { return r.map(function (x) { return x * m; }); }));
      var isVector = !!m.elements && !Array.isArray(m.elements[0]);
      var b = isVector ? m.elements.map(function (x) { return [x]; }) : m.elements;
      if (a[0].length !== b.length) return null;
      var out = a.map(function (r) {
        return b[0].map(function (_, j) {
          var s = 0;
          for (var k = 0; k < b.length; k++) s += r[k] * b[k][j];
          return s;
        });
      });
      return isVector ? $V(out.map(function (r) { return r[0]; })) : Matrix.create(out);
    },
    transpose: function () {
      var a = this.elements;
      return Matrix.create(a[0].map(function (_, j) { return a.map(function (r) { return r[j]; }); }));
    },
  };
  Matrix.prototype.x = Matrix.prototype.multiply;

  Sylvester.Vector = Vector;
  Sylvester.Matrix = Matrix;
  window.Sylvester = Sylvester;

  /** PrairieGeom's 2D helpers that figure scripts call (PrairieLearn's page has `PrairieGeom` as a global). */
  var angleOf = function (v) {
    var a = Math.atan2(v.e(2), v.e(1));
    return a < 0 ? a + 2 * Math.PI : a;
  };
  var sign = function (x) {
    return x > 0 ? 1 : x < 0 ? -1 : 0;
  };
  var supNorm = function (v) {
    return Math.abs(v.max());
  };
  window.PrairieGeom = {
    degToRad: function (d) { return (d * Math.PI) / 180; },
    radToDeg: function (r) { return (r * 180) / Math.PI; },
    fixedMod: function (value, modulus) { return value - modulus * Math.floor(value / modulus); },
    intervalMod: function (x, a, b) { return this.fixedMod(x - a, b - a) + a; },
    clip: function (x, a, b) { return Math.max(a, Math.min(b, x)); },
    sign: sign,
    angleOf: angleOf,
    angleFrom: function (from, to) { return angleOf(to) - angleOf(from); },
    perp: function (v) { return $V([-v.e(2), v.e(1)]); },
    supNorm: supNorm,
    vector2DAtAngle: function (a) { return $V([Math.cos(a), Math.sin(a)]); },
    polarToRect: function (p) { return $V([p.e(1) * Math.cos(p.e(2)), p.e(1) * Math.sin(p.e(2))]); },
    rectToPolar: function (p) { return $V([p.modulus(), angleOf(p)]); },
    orthProj: function (u, v) {
      return v.modulus() < 1e-30 ? Vector.Zero(u.elements.length) : v.x(u.dot(v) / v.dot(v));
    },
    orthComp: function (u, v) { return u.subtract(this.orthProj(u, v)); },
    cross2D: function (k, v) { return $V([-k * v.e(2), k * v.e(1)]); },
    cross2DOut: function (a, b) { return a.e(1) * b.e(2) - a.e(2) * b.e(1); },
    linearInterp: function (x0, x1, alpha) { return (1 - alpha) * x0 + alpha * x1; },
    linearInterpVector: function (x0, x1, alpha) { return x0.x(1 - alpha).add(x1.x(alpha)); },
    linearMap: function (x0, x1, y0, y1, x) { return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0); },
    boundingBox2D: function (points) {
      var xs = points.map(function (p) { return p.e(1); });
      var ys = points.map(function (p) { return p.e(2); });
      var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
      var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
      return {
        bottomLeft: $V([x0, y0]), bottomRight: $V([x1, y0]), topLeft: $V([x0, y1]), topRight: $V([x1, y1]),
        center: $V([(x0 + x1) / 2, (y0 + y1) / 2]), extent: $V([x1 - x0, y1 - y0]),
      };
    },
    rotatePoints: function (points, angle) { return points.map(function (p) { return p.rotate(angle, $V([0, 0])); }); },
    translatePoints: function (points, offset) { return points.map(function (p) { return p.add(offset); }); },
    scalePoints: function (points, k) { return points.map(function (p) { return p.x(k); }); },
  };

  /** SHA-1 of the UTF-8 bytes of `text`, in hex: the name PrairieLearn gives a TeX label's image. */
  function sha1(text) {
    var bytes = Array.from(new TextEncoder().encode(text));
    var bitLength = bytes.length * 8;
    bytes.push(0x80);
    while (bytes.length % 64 !== 56) bytes.push(0);
    for (var s = 56; s >= 0; s -= 8) bytes.push(s >= 32 ? Math.floor(bitLength / 2 ** s) & 0xff : (bitLength >>> s) & 0xff);
    var h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
    var w = new Array(80);
    var rotl = function (x, n) { return (x << n) | (x >>> (32 - n)); };
    for (var off = 0; off < bytes.length; off += 64) {
      for (var t = 0; t < 16; t++) w[t] = (bytes[off + 4 * t] << 24) | (bytes[off + 4 * t + 1] << 16) | (bytes[off + 4 * t + 2] << 8) | bytes[off + 4 * t + 3];
      for (t = 16; t < 80; t++) w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
      for (t = 0; t < 80; t++) {
        var f = t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
        var k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
        var tmp = (rotl(a, 5) + f + e + k + w[t]) | 0;
        e = d;
        d = c;
        c = rotl(b, 30);
        b = a;
        a = tmp;
      }
      h = [(h[0] + a) | 0, (h[1] + b) | 0, (h[2] + c) | 0, (h[3] + d) | 0, (h[4] + e) | 0];
    }
    return h.map(function (x) { return (x >>> 0).toString(16).padStart(8, '0'); }).join('');
  }
  window.Sha1 = { hash: sha1 };
})();
