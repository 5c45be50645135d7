// PrairieDraw for the preview, part 3: text and labels, with the placement of PrairieLearn's
// public/javascripts/PrairieDraw.js (commit 88fb855). A label "TEX:..." is an image PrairieLearn's
// generate_text.py made in the question's text/ folder, named by the SHA-1 of the TeX; it is loaded from
// the figure's `_textBase` (the question folder's text/ as the preview serves it) and the figure redraws
// when it arrives, as there. A missing image draws nothing, as there, and is listed in `_missingTexts`.
(function () {
  'use strict';

  var $V = window.Sylvester.Vector.create;
  var Geom = window.PrairieGeom;
  var P = window.PrairieDraw.prototype;
  var ORIGIN = $V([0, 0]);

  /**
   * The image of a TeX label, or undefined the first time (the figure redraws when it has loaded). Later calls
   * get the image in whatever state it is, as PrairieLearn's do: drawing one still loading draws nothing, and
   * drawing a broken one (no such file) throws, which stops a redraw there in PrairieLearn too.
   */
  P._texImage = function (tex) {
    var hash = window.Sha1.hash(tex);
    if (this._texts[hash]) return this._texts[hash];
    var img = new Image();
    var self = this;
    img.onload = function () {
      self.redraw();
      self.trigger('imgLoad');
    };
    // PrairieLearn does nothing more on a missing image; the preview says which file is missing.
    img.onerror = function () {
      self._missingTexts.push({ tex: tex, file: 'text/' + hash + '.png' });
      self.trigger('textMissing');
    };
    var base = this._textBase === undefined ? 'text/' : this._textBase.replace(/\/?$/, '/');
    img.src = base + hash + '.png';
    this._texts[hash] = img;
    return undefined;
  };

  /** `anchor` (components in -1..1) says which side of the text sits at `pos`: (-1, -1) its bottom left. */
  P.text = function (pos, anchor, text, boxed, angle) {
    if (text === undefined) return;
    angle = angle === undefined ? 0 : angle;
    var p = this.pos2Px(this.pos3To2(pos)), ctx = this._ctx, offset, border = 5;
    if (text.length >= 4 && text.slice(0, 4) === 'TEX:') {
      var img = this._texImage(text.slice(4));
      if (!img) return;
      var x = (-(anchor.e(1) + 1) / 2) * img.width, y = ((anchor.e(2) - 1) / 2) * img.height;
      offset = anchor.x(this._props.textOffsetPx);
      ctx.save();
      ctx.translate(p.e(1), p.e(2));
      ctx.rotate(angle);
      if (boxed) {
        ctx.save();
        ctx.fillStyle = 'white';
        ctx.fillRect(x - offset.e(1) - border, y + offset.e(2) - border, img.width + 2 * border, img.height + 2 * border);
        ctx.restore();
      }
      ctx.drawImage(img, x - offset.e(1), y + offset.e(2));
      ctx.restore();
      return;
    }
    var h = Geom.sign(anchor.e(1)), v = Geom.sign(anchor.e(2));
    var relative = (h + 1) / 2;
    this.save();
    ctx.textAlign = h < 0 ? 'left' : h > 0 ? 'right' : 'center';
    ctx.textBaseline = v < 0 ? 'bottom' : v > 0 ? 'top' : 'middle';
    ctx.translate(p.e(1), p.e(2));
    offset = anchor.toUnitVector().x(Math.abs(anchor.max()) * this._props.textOffsetPx);
    var draw = $V([-offset.e(1), offset.e(2)]);
    // Measured before the font is set, as PrairieLearn does: the white box follows the canvas's current font.
    var width = ctx.measureText(text).width, d = this._props.textOffsetPx;
    if (boxed) {
      ctx.save();
      ctx.fillStyle = 'white';
      var x0 = draw.e(1) - relative * width - d, y0 = draw.e(2) - d;
      ctx.fillRect(x0, y0, draw.e(1) + (1 - relative) * width + d - x0, draw.e(2) + this._props.textFontSize + d - y0);
      ctx.restore();
    }
    ctx.font = this._props.textFontSize.toString() + 'px serif';
    ctx.fillText(text, draw.e(1), draw.e(2));
    this.restore();
  };
  /** `pos` is along (x, -1..1 from start to end) and beside (y) the line; the text sits away from it. */
  P.labelLine = function (start, end, pos, text, anchor) {
    if (text === undefined) return;
    start = this.pos3To2(start);
    end = this.pos3To2(end);
    var half = end.subtract(start).x(0.5);
    var at = start.add(end).x(0.5).add(half.x(pos.e(1)));
    var u1 = half.toUnitVector(), u2 = u1.rotate(Math.PI / 2, ORIGIN);
    var a = u1.x(pos.e(1)).add(u2.x(pos.e(2))).x(-1).toUnitVector().x(Math.abs(pos.max()));
    this.text(at, anchor === undefined ? a : anchor, text);
  };
  P.labelCircleLine = function (pos, rad, startAngle, endAngle, where, text, fixedRad) {
    var posPx = this.pos2Px(pos), startOffset = this.vec2Px(Geom.vector2DAtAngle(startAngle).x(rad));
    var radius = startOffset.modulus(), start = Geom.angleOf(startOffset);
    var end = start + (this._transIsReflection() ? -(endAngle - startAngle) : endAngle - startAngle);
    var textAngle = ((1 - where.e(1)) / 2) * start + ((1 + where.e(1)) / 2) * end;
    var u1 = Geom.vector2DAtAngle(textAngle), u2 = u1.rotate(-Math.PI / 2, ORIGIN);
    var o = this.vec2Dw(u1).toUnitVector().x(where.e(2)).add(this.vec2Dw(u2).toUnitVector().x(where.e(1)));
    var aDw = o.x(-1).toUnitVector();
    var a = aDw.x(1 / Math.abs(aDw.max())).x(Math.abs(where.max()));
    var r = this._circleArrowRadius(radius, textAngle, start, end, fixedRad);
    this.text(this.pos2Dw(u1.x(r).add(posPx)), a, text);
  };
  P.labelAngle = function (pos, p1, p2, label) {
    pos = this.pos3To2(pos);
    var mid = this.pos3To2(p1).subtract(pos).add(this.pos3To2(p2).subtract(pos)).x(0.5);
    this.text(pos, mid.x(-1.8 / Geom.supNorm(mid)), label);
  };
  /** The anchor that puts a label at `point` in the widest gap between the lines to `points`. */
  P.findAnchorForIntersection = function (point, points) {
    var at = this.pos2Px(this.pos3To2(point)), angles = [], i;
    for (i = 0; i < points.length; i++) {
      var v = this.pos2Px(this.pos3To2(points[i])).subtract(at);
      v = $V([v.e(1), -v.e(2)]);
      if (v.modulus() > 1e-6) angles.push(Geom.angleOf(v));
    }
    if (angles.length === 0) return $V([1, 0]);
    var tieBreak = angles[0];
    angles.sort(function (a, b) { return a - b; });
    var maxDiff = angles[0] - angles[angles.length - 1] + 2 * Math.PI, best = [0];
    for (i = 1; i < angles.length; i++) {
      var diff = angles[i] - angles[i - 1];
      if (diff > maxDiff + 1e-6) {
        maxDiff = diff;
        best = [i];
      } else if (diff > maxDiff - 1e-6) best.push(i);
    }
    var minCCW = 2 * Math.PI, bestAngle;
    best.forEach(function (k) {
      var angle = angles[k] - maxDiff / 2, ccw = angle - tieBreak;
      if (ccw < 0) ccw += 2 * Math.PI;
      if (ccw < minCCW) {
        minCCW = ccw;
        bestAngle = angle;
      }
    });
    var dir = Geom.vector2DAtAngle(bestAngle);
    return dir.x(1 / Geom.supNorm(dir)).x(-1);
  };
  P.labelIntersection = function (point, points, label, scaleOffset) {
    this.text(point, this.findAnchorForIntersection(point, points).x(scaleOffset === undefined ? 1 : scaleOffset), label);
  };
  P.measurement = function (start, end, text) {
    var s = this.pos2Px(start), e = this.pos2Px(end), off = e.subtract(s), d = off.modulus(), ctx = this._ctx;
    var h = this._props.measurementEndLengthPx, o = this._props.measurementOffsetPx;
    ctx.save();
    ctx.lineWidth = this._props.measurementStrokeWidthPx;
    ctx.setLineDash(this._dashPattern(this._props.measurementStrokePattern));
    ctx.strokeStyle = this._props.measurementColor;
    ctx.translate(s.e(1), s.e(2));
    ctx.rotate(Geom.angleOf(off));
    [[0, o, 0, o + h], [d, o, d, o + h], [0, o + h / 2, d, o + h / 2]].forEach(function (l) {
      ctx.beginPath();
      ctx.moveTo(l[0], l[1]);
      ctx.lineTo(l[2], l[3]);
      ctx.stroke();
    });
    ctx.restore();
    var orth = off.rotate(-Math.PI / 2, ORIGIN).toUnitVector().x(-o - h / 2);
    this.labelLine(this.pos2Dw(s.add(orth)), this.pos2Dw(e.add(orth)), $V([0, -1]), text);
  };
})();
