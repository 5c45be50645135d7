// PrairieDraw for the preview, part 2: circle arrows, mechanical shapes (rods, pivots, grounds, loads) and
// labels, with the geometry of PrairieLearn's public/javascripts/PrairieDraw.js (commit 88fb855): the same
// rounded-corner paths in pixels, arrowhead sizes, ground depth and text anchoring, written afresh.
(function () {
  'use strict';

  var $V = window.Sylvester.Vector.create;
  var Geom = window.PrairieGeom;
  var P = window.PrairieDraw.prototype;
  var ORIGIN = $V([0, 0]);

  /** The radius of a circle arrow at `angle`: it spirals out past the middle and in before it, unless fixed. */
  P._circleArrowRadius = function (midRad, angle, start, end, fixedRad) {
    if (fixedRad === true || Math.abs(end - start) < 1e-4) return midRad;
    var spacing = this._props.arrowheadLengthRatio * this._props.arrowLineWidthPx * this._props.arrowheadWidthRatio * this._props.circleArrowWrapOffsetRatio;
    var density = (midRad * Math.PI * 2) / spacing;
    var offset = (angle - (start + end) / 2) * Geom.sign(end - start);
    return offset > 0 ? midRad * (1 + offset / density) : midRad * Math.exp(offset / density);
  };
  P.circleArrow = function (pos, rad, startAngle, endAngle, type, fixedRad, segment) {
    this.save();
    var ctx = this._ctx;
    ctx.lineWidth = this._props.arrowLineWidthPx;
    ctx.setLineDash(this._dashPattern(this._props.arrowLinePattern));
    this._setLineStyles(type);
    var posPx = this.pos2Px(pos), startOffset = this.vec2Px(Geom.vector2DAtAngle(startAngle).x(rad));
    var radius = startOffset.modulus(), start = Geom.angleOf(startOffset);
    var end = start + (this._transIsReflection() ? -(endAngle - startAngle) : endAngle - startAngle);
    var self = this;
    var radiusAt = function (a) { return self._circleArrowRadius(radius, a, start, end, fixedRad); };
    var endRadius = radiusAt(end);
    var headLength = this._arrowheadLength(radius * Math.abs(end - start));
    var dir = Geom.sign(end - start);
    var preEnd = end - (dir * ((1 - this._props.arrowheadOffsetRatio) * headLength)) / endRadius;
    var base = end - (dir * ((1 - this._props.arrowheadOffsetRatio / 3) * headLength)) / endRadius;
    ctx.save();
    ctx.translate(posPx.e(1), posPx.e(2));
    segment = segment === undefined ? 0.2 : segment;
    var n = Math.ceil(Math.abs(preEnd - start) / segment);
    var p = Geom.vector2DAtAngle(start).x(radiusAt(start));
    ctx.beginPath();
    ctx.moveTo(p.e(1), p.e(2));
    for (var i = 1; i <= n; i++) {
      var a = Geom.linearInterp(start, preEnd, i / n);
      p = Geom.vector2DAtAngle(a).x(radiusAt(a));
      ctx.lineTo(p.e(1), p.e(2));
    }
    ctx.stroke();
    ctx.restore();
    var tip = posPx.add(Geom.vector2DAtAngle(end).x(endRadius));
    var basePos = posPx.add(Geom.vector2DAtAngle(base).x(radiusAt(base)));
    this._arrowhead(this.pos2Dw(tip), this.vec2Dw(tip.subtract(basePos)), headLength);
    this.restore();
  };
  P.circleArrowCentered = function (pos, rad, centerAngle, extentAngle, type, fixedRad) {
    this.circleArrow(pos, rad, centerAngle - extentAngle / 2, centerAngle + extentAngle / 2, type, fixedRad);
  };

  P.arrowOutOfPage = function (pos, type) {
    var p = this.pos2Px(pos), r = this._props.arrowOutOfPageRadiusPx, ctx = this._ctx;
    ctx.save();
    ctx.translate(p.e(1), p.e(2));
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, 2 * Math.PI);
    ctx.fillStyle = 'rgb(255, 255, 255)';
    ctx.fill();
    ctx.lineWidth = this._props.arrowLineWidthPx;
    this._setLineStyles(type);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, 0, this._props.arrowLineWidthPx * 0.7, 0, 2 * Math.PI);
    ctx.fill();
    ctx.restore();
  };
  P.arrowIntoPage = function (pos, type) {
    var p = this.pos2Px(pos), r = this._props.arrowOutOfPageRadiusPx, rs = r / Math.sqrt(2), ctx = this._ctx;
    ctx.save();
    ctx.lineWidth = this._props.arrowLineWidthPx;
    this._setLineStyles(type);
    ctx.translate(p.e(1), p.e(2));
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, 2 * Math.PI);
    ctx.fillStyle = 'rgb(255, 255, 255)';
    ctx.fill();
    ctx.stroke();
    [[-rs, -rs, rs, rs], [rs, -rs, -rs, rs]].forEach(function (l) {
      ctx.beginPath();
      ctx.moveTo(l[0], l[1]);
      ctx.lineTo(l[2], l[3]);
      ctx.stroke();
    });
    ctx.restore();
  };

  P.rectangleGeneric = function (p1, p2, height) {
    var d = Geom.perp(p2.subtract(p1)).toUnitVector().x(height);
    this.polyLine([p1, p2, p2.add(d), p1.add(d)], true);
  };
  P.square = function (base, center) {
    var b = this.pos2Px(base), off = this.pos2Px(center).subtract(b), r = off.modulus(), ctx = this._ctx;
    ctx.save();
    ctx.translate(b.e(1), b.e(2));
    ctx.rotate(Geom.angleOf(off));
    ctx.beginPath();
    ctx.rect(0, -r, 2 * r, 2 * r);
    this._shapeStroke();
    ctx.fillStyle = this._props.shapeInsideColor;
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  };

  /** Fills (unless the inside colour is 'none') and strokes the path just built, as every rod does. */
  P._finishRod = function () {
    var ctx = this._ctx;
    if (this._props.shapeInsideColor !== 'none') {
      ctx.fillStyle = this._props.shapeInsideColor;
      ctx.fill();
    }
    this._shapeStroke();
    ctx.stroke();
    ctx.restore();
  };
  /** Starts a path at `start` (px) along `along` (px): the rod's frame, x along it, y its width. */
  P._rodFrame = function (start, along) {
    var s = this.pos2Px(start), ctx = this._ctx;
    ctx.save();
    ctx.translate(s.e(1), s.e(2));
    ctx.rotate(Geom.angleOf(along));
    ctx.beginPath();
  };
  P._halfWidthPx = function (offset, width) {
    return this.vec2Px(offset.rotate(Math.PI / 2, ORIGIN).toUnitVector().x(width)).modulus() / 2;
  };
  P.rod = function (start, end, width) {
    var offset = end.subtract(start), len = this.vec2Px(offset).modulus(), r = this._halfWidthPx(offset, width), ctx = this._ctx;
    this._rodFrame(start, this.vec2Px(offset));
    ctx.moveTo(0, r);
    ctx.arcTo(len + r, r, len + r, -r, r);
    ctx.arcTo(len + r, -r, 0, -r, r);
    ctx.arcTo(-r, -r, -r, r, r);
    ctx.arcTo(-r, r, 0, r, r);
    this._finishRod();
  };
  /** The outer corner of an arm turning by `beta` at distance `l1`, then `l2` long: the arcTo points PrairieDraw uses. */
  function bend(l1, l2, beta, r) {
    var c = Math.cos(beta), s = Math.sin(beta);
    var x2 = l1 + l2 * c, y2 = -l2 * s, x3 = x2 + r * s, y3 = y2 + r * c, x5 = x2 + r * c, y5 = y2 - r * s;
    return { x1: l1 + r / s - r / Math.tan(beta), y1: r, x3: x3, y3: y3, x4: x3 + r * c, y4: y3 - r * s, x5: x5, y5: y5, x6: x5 - r * s, y6: y5 - r * c };
  }
  P.LshapeRod = function (start, center, end, width) {
    var o1 = this.vec2Px(center.subtract(start)), o2 = this.vec2Px(end.subtract(center));
    var r = this._halfWidthPx(center.subtract(start), width), l1 = o1.modulus(), ctx = this._ctx;
    this._rodFrame(start, o1);
    ctx.moveTo(0, r);
    var beta = -Geom.angleFrom(o1, o2), k = bend(l1, o2.modulus(), beta, r);
    var x7 = l1 - r / Math.sin(beta) + r / Math.tan(beta);
    ctx.arcTo(k.x1, k.y1, k.x3, k.y3, r);
    ctx.arcTo(k.x4, k.y4, k.x5, k.y5, r);
    ctx.arcTo(k.x6, k.y6, x7, -r, r);
    ctx.arcTo(x7, -r, 0, -r, r);
    ctx.arcTo(-r, -r, -r, r, r);
    ctx.arcTo(-r, r, 0, r, r);
    this._finishRod();
  };
  P.TshapeRod = function (start, center, end, centerEnd, width) {
    var oS = this.vec2Px(center.subtract(start)), oE = this.vec2Px(end.subtract(center)), oC = this.vec2Px(centerEnd.subtract(center));
    var r = this._halfWidthPx(center.subtract(start), width), ctx = this._ctx;
    this._rodFrame(start, oS);
    ctx.moveTo(0, r);
    var endToCenter = Geom.angleFrom(oE, oC), l1 = oS.modulus(), l2, l3, beta, alpha;
    if (Math.abs(endToCenter) < Math.PI) {
      l2 = oE.modulus(); l3 = oC.modulus(); beta = -Geom.angleFrom(oS, oE); alpha = -endToCenter;
    } else {
      l2 = oC.modulus(); l3 = oE.modulus(); beta = -Geom.angleFrom(oS, oC); alpha = endToCenter;
    }
    var k = bend(l1, l2, beta, r), ab = beta + alpha;
    var q = 1 / Math.sin(alpha) + 1 / Math.tan(alpha) - Math.tan(beta);
    var x7 = l1 + r * Math.cos(beta) * q, y7 = -r / Math.cos(beta) - r * Math.sin(beta) * q;
    var m = bend(l1, l3, ab, r);
    var x13 = l1 - r / Math.sin(ab) + r / Math.tan(ab);
    ctx.arcTo(k.x1, k.y1, k.x3, k.y3, r);
    ctx.arcTo(k.x4, k.y4, k.x5, k.y5, r);
    ctx.arcTo(k.x6, k.y6, x7, y7, r);
    ctx.arcTo(x7, y7, m.x3, m.y3, r);
    ctx.arcTo(m.x4, m.y4, m.x5, m.y5, r);
    ctx.arcTo(m.x6, m.y6, x13, -r, r);
    ctx.arcTo(x13, -r, 0, -r, r);
    ctx.arcTo(-r, -r, -r, r, r);
    ctx.arcTo(-r, r, 0, r, r);
    this._finishRod();
  };
  P.pivot = function (base, hinge, width) {
    var offset = hinge.subtract(base), len = this.vec2Px(offset).modulus(), r = this._halfWidthPx(offset, width), ctx = this._ctx;
    this._rodFrame(base, this.vec2Px(offset));
    ctx.moveTo(0, r);
    ctx.arcTo(len + r, r, len + r, -r, r);
    ctx.arcTo(len + r, -r, 0, -r, r);
    ctx.lineTo(0, -r);
    ctx.closePath();
    this._shapeStroke();
    ctx.fillStyle = this._props.shapeInsideColor;
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  };
  P.ground = function (pos, norm, length) {
    var p = this.pos2Px(pos), n = this.vec2Px(norm), ctx = this._ctx;
    var len = this.vec2Px(norm.rotate(Math.PI / 2, ORIGIN).toUnitVector().x(length)).modulus();
    var depth = Math.min(len, this._props.groundDepthPx);
    ctx.save();
    ctx.translate(p.e(1), p.e(2));
    ctx.rotate(Geom.angleOf(n) - Math.PI / 2);
    ctx.beginPath();
    ctx.rect(-len / 2, -depth, len, depth);
    ctx.fillStyle = this._props.groundInsideColor;
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(-len / 2, 0);
    ctx.lineTo(len / 2, 0);
    this._shapeStroke();
    ctx.strokeStyle = this._props.groundOutlineColor;
    ctx.stroke();
    ctx.restore();
  };
  P.groundHashed = function (pos, norm, length, offset) {
    offset = offset === undefined ? 0 : offset;
    var tangent = norm.rotate(Math.PI / 2, ORIGIN).toUnitVector().x(length);
    var p = this.pos2Px(pos), len = this.vec2Px(tangent).modulus(), ctx = this._ctx, props = this._props;
    var offsetPx = this.vec2Px(tangent.toUnitVector().x(offset)).modulus() * Geom.sign(offset);
    ctx.save();
    ctx.translate(p.e(1), p.e(2));
    ctx.rotate(Geom.angleOf(this.vec2Px(norm)) + Math.PI / 2);
    this._shapeStroke();
    ctx.strokeStyle = props.groundOutlineColor;
    var stroke = function (x0, y0, x1, y1) {
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
    };
    stroke(-len / 2, 0, len / 2, 0);
    var startX = offsetPx % props.groundSpacingPx, x;
    for (x = startX; x < len / 2; x += props.groundSpacingPx) stroke(x, 0, x - props.groundWidthPx, props.groundDepthPx);
    for (x = startX - props.groundSpacingPx; x > -len / 2; x -= props.groundSpacingPx) stroke(x, 0, x - props.groundWidthPx, props.groundDepthPx);
    ctx.restore();
  };
  P.arcGround = function (center, radius, startAngle, endAngle, outside) {
    startAngle = startAngle === undefined ? 0 : startAngle;
    endAngle = endAngle === undefined ? 2 * Math.PI : endAngle;
    outside = outside === undefined ? true : outside;
    var c = this.pos2Px(center), r = this.vec2Px($V([radius, 0])).modulus(), ctx = this._ctx;
    var depth = Math.min(r, this._props.groundDepthPx);
    ctx.save();
    ctx.beginPath();
    ctx.arc(c.e(1), c.e(2), r, -endAngle, -startAngle, false);
    ctx.arc(c.e(1), c.e(2), r + (outside ? depth : -depth), -startAngle, -endAngle, true);
    ctx.fillStyle = this._props.groundInsideColor;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(c.e(1), c.e(2), r, -endAngle, -startAngle);
    this._shapeStroke();
    ctx.strokeStyle = this._props.groundOutlineColor;
    ctx.stroke();
    ctx.restore();
  };
  /** Arrows from a sloped line to the beam (or from the beam), red and thin, labelled at both ends. */
  P.triangularDistributedLoad = function (start, end, sizeStart, sizeEnd, labelStart, labelEnd, arrowToLine, arrowDown) {
    var L = end.subtract(start).modulus();
    var s0 = arrowDown ? sizeStart : -sizeStart, s1 = arrowDown ? sizeEnd : -sizeEnd;
    var nSpaces = Math.ceil((2 * L) / (Number(sizeStart) !== 0 ? sizeStart : sizeEnd));
    var spacing = L / nSpaces, inc = 0, i;
    this.save();
    this.setProp('shapeOutlineColor', 'rgb(255,0,0)');
    this.setProp('arrowLineWidthPx', 1);
    this.setProp('arrowheadLengthRatio', 11);
    var last = function () { return inc - spacing; };
    if (arrowToLine) {
      var top = start.add($V([0, s0]));
      this.line(top, end.add($V([0, s1])));
      for (i = 0; i <= nSpaces; i++, inc += spacing) this.arrow(top.add($V([inc, (inc * (s1 - s0)) / L])), start.add($V([inc, 0])));
      this.text(top, $V([2, 0]), labelStart);
      this.text(top.add($V([last(), (last() * (s1 - s0)) / L])), $V([-2, 0]), labelEnd);
    } else {
      var below = start.subtract($V([0, s0]));
      this.line(start, end);
      for (i = 0; i <= nSpaces; i++, inc += spacing) this.arrow(start.add($V([inc, 0])), below.add($V([inc, (-inc * (s1 - s0)) / L])));
      this.text(below, $V([2, 0]), labelStart);
      this.text(below.add($V([last(), (-last() * (s1 - s0)) / L])), $V([-2, 0]), labelEnd);
    }
    this.restore();
  };
  P.centerOfMass = function (pos) {
    var p = this.pos2Px(pos), r = this._props.centerOfMassRadiusPx, ctx = this._ctx;
    ctx.save();
    ctx.lineWidth = this._props.centerOfMassStrokeWidthPx;
    ctx.strokeStyle = this._props.centerOfMassColor;
    ctx.translate(p.e(1), p.e(2));
    [[-r, 0, r, 0], [0, -r, 0, r]].forEach(function (l) {
      ctx.beginPath();
      ctx.moveTo(l[0], l[1]);
      ctx.lineTo(l[2], l[3]);
      ctx.stroke();
    });
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
  };
  P.rightAngle = function (pos, dir, norm) {
    if (dir.modulus() < 1e-20) return;
    if (pos.elements.length === 3) throw new Error('PrairieDraw rightAngle() in 3D is not drawn in the preview');
    var p = this.pos2Px(this.pos3To2(pos)), size = this._props.rightAngleSizePx, ctx = this._ctx;
    var d = this.vec2Px(dir).toUnitVector().x(size);
    var n = norm !== undefined ? this.vec2Px(norm).toUnitVector().x(size) : d.rotate(-Math.PI / 2, ORIGIN);
    ctx.save();
    ctx.translate(p.e(1), p.e(2));
    ctx.lineWidth = this._props.rightAngleStrokeWidthPx;
    ctx.strokeStyle = this._props.rightAngleColor;
    ctx.beginPath();
    ctx.moveTo(d.e(1), d.e(2));
    ctx.lineTo(d.e(1) + n.e(1), d.e(2) + n.e(2));
    ctx.lineTo(n.e(1), n.e(2));
    ctx.stroke();
    ctx.restore();
  };
  /** A polyline ending in an arrowhead: the line is cut back along its last segments to the arrowhead's notch. */
  P.polyLineArrow = function (points, type) {
    if (points.length < 2) return;
    var px = points.map(function (p) { return this.pos2Px(this.pos3To2(p)); }, this), total = 0, i;
    for (i = 1; i < px.length; i++) total += px[i].subtract(px[i - 1]).modulus();
    var headLength, tip, headOffset;
    if (total >= 1) {
      headLength = this._arrowheadLength(total);
      var cut = (1 - this._props.arrowheadOffsetRatio) * headLength;
      i = px.length - 1;
      tip = px[i];
      while (i > 0) {
        var seg = px[i].subtract(px[i - 1]).modulus();
        if (cut > seg) {
          cut -= seg;
          px.pop();
          i--;
        } else {
          px[i] = Geom.linearInterpVector(px[i], px[i - 1], cut / seg);
          break;
        }
      }
      headOffset = tip.subtract(px[i]);
    }
    var ctx = this._ctx;
    ctx.save();
    ctx.lineWidth = this._props.arrowLineWidthPx;
    ctx.setLineDash(this._dashPattern(this._props.arrowLinePattern));
    this._setLineStyles(type);
    ctx.beginPath();
    ctx.moveTo(px[0].e(1), px[0].e(2));
    for (i = 1; i < px.length; i++) ctx.lineTo(px[i].e(1), px[i].e(2));
    ctx.stroke();
    if (headLength !== undefined) this._arrowheadPx(tip, headOffset, headLength);
    ctx.restore();
  };
  /** The right-angle mark at p0 between the directions to p1 and p2, at most half the shorter side. */
  P.rightAngleImproved = function (p0, p1, p2) {
    var a = this.pos2Px(this.pos3To2(p0)), d1 = this.pos2Px(this.pos3To2(p1)).subtract(a), d2 = this.pos2Px(this.pos3To2(p2)).subtract(a);
    var shorter = Math.min(d1.modulus(), d2.modulus());
    if (shorter < 1e-10) return;
    var size = Math.min(shorter / 2, this._props.rightAngleSizePx), ctx = this._ctx;
    d1 = d1.toUnitVector().x(size);
    d2 = d2.toUnitVector().x(size);
    var q1 = a.add(d1), q2 = a.add(d2), corner = q1.add(d2);
    ctx.save();
    ctx.lineWidth = this._props.rightAngleStrokeWidthPx;
    ctx.strokeStyle = this._props.rightAngleColor;
    ctx.beginPath();
    ctx.moveTo(q1.e(1), q1.e(2));
    ctx.lineTo(corner.e(1), corner.e(2));
    ctx.lineTo(q2.e(1), q2.e(2));
    ctx.stroke();
    ctx.restore();
  };
})();
