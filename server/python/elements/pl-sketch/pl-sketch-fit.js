// pl-sketch's curve fitting in the page (window.plSketchFit, used by pl-sketch.js): cubic Bezier pieces
// fitted to points with Schneider's algorithm, as PrairieLearn's canvas fits free-draw strokes (error 5)
// and splines and polylines (error 0: a smooth piece per pair of points). The same steps as the
// controller's sketch_fit.py, so the page and the server fit alike.
(function () {
  const round2 = (v) => Math.round(v * 100) / 100;
  const sub = (a, b) => [a[0] - b[0], a[1] - b[1]], add = (a, b) => [a[0] + b[0], a[1] + b[1]];
  const mul = (a, k) => [a[0] * k, a[1] * k], dot = (a, b) => a[0] * b[0] + a[1] * b[1];
  const unit = (a) => mul(a, 1 / Math.hypot(a[0], a[1]));
  const bez = (c, t) => { const u = 1 - t; return add(add(mul(c[0], u ** 3), mul(c[1], 3 * u * u * t)), add(mul(c[2], 3 * u * t * t), mul(c[3], t ** 3))); };
  const bez1 = (c, t) => { const u = 1 - t; return add(add(mul(sub(c[1], c[0]), 3 * u * u), mul(sub(c[2], c[1]), 6 * u * t)), mul(sub(c[3], c[2]), 3 * t * t)); };
  const bez2 = (c, t) => add(mul(add(sub(c[2], mul(c[1], 2)), c[0]), 6 * (1 - t)), mul(add(sub(c[3], mul(c[2], 2)), c[1]), 6 * t));
  function leastSquares(pts, us, l, r) {
    const first = pts[0], last = pts[pts.length - 1];
    let c00 = 0, c01 = 0, c11 = 0, x0 = 0, x1 = 0;
    pts.forEach((p, i) => {
      const t = us[i], a0 = mul(l, 3 * (1 - t) ** 2 * t), a1 = mul(r, 3 * (1 - t) * t * t);
      c00 += dot(a0, a0); c01 += dot(a0, a1); c11 += dot(a1, a1);
      const rest = sub(p, bez([first, first, last, last], t));
      x0 += dot(a0, rest); x1 += dot(a1, rest);
    });
    const det = c00 * c11 - c01 * c01;
    let al = det === 0 ? 0 : (x0 * c11 - x1 * c01) / det, ar = det === 0 ? 0 : (c00 * x1 - c01 * x0) / det;
    const span = Math.hypot(...sub(first, last));
    if (al < 1e-6 * span || ar < 1e-6 * span) al = ar = span / 3;
    return [first, add(first, mul(l, al)), add(last, mul(r, ar)), last];
  }
  function worst(pts, c, us) {
    let w = 0, at = Math.floor(pts.length / 2);
    pts.forEach((p, i) => { const d = sub(bez(c, us[i]), p), e = dot(d, d); if (e > w) { w = e; at = i; } });
    return [w, at];
  }
  function fitPieces(pts, l, r, error) {
    if (pts.length === 2) {
      const third = Math.hypot(...sub(pts[0], pts[1])) / 3;
      return [[pts[0], add(pts[0], mul(l, third)), add(pts[1], mul(r, third)), pts[1]]];
    }
    const acc = [0];
    for (let i = 1; i < pts.length; i++) acc.push(acc[i - 1] + Math.hypot(...sub(pts[i], pts[i - 1])));
    let us = acc.map((v) => v / acc[acc.length - 1]);
    let c = leastSquares(pts, us, l, r);
    let [w, split] = worst(pts, c, us);
    if (w < error) return [c];
    if (w < error ** 2) {
      for (let k = 0; k < 20; k++) {
        us = us.map((t, i) => { const d = sub(bez(c, t), pts[i]), d1 = bez1(c, t), den = dot(d1, d1) + dot(d, bez2(c, t)); return den === 0 ? t : t - dot(d, d1) / den; });
        c = leastSquares(pts, us, l, r);
        [w, split] = worst(pts, c, us);
        if (w < error) return [c];
      }
    }
    const center = unit(sub(pts[split - 1], pts[split + 1]));
    return [...fitPieces(pts.slice(0, split + 1), l, center, error), ...fitPieces(pts.slice(split), mul(center, -1), r, error)];
  }
  /** The fitted spline, as [[x, y], ...] with 3n+1 entries, rounded to 2 decimals as the canvas stores it. */
  function fitCurve(points, error) {
    const p = points.map((q) => [q.x, q.y]);
    if (p.length < 2) return p;
    const pieces = fitPieces(p, unit(sub(p[1], p[0])), unit(sub(p[p.length - 2], p[p.length - 1])), error);
    return [pieces[0][0], ...pieces.flatMap((c) => c.slice(1))].map((q) => q.map(round2));
  }
  window.plSketchFit = { fitCurve, bez };
})();
