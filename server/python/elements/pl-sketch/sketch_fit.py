"""Fitting cubic Bezier pieces to a run of points: Schneider's algorithm (Graphics Gems, 1990), which
PrairieLearn's canvas and grader use for free-draw strokes (error 5) and for splines and polylines
(error 0: one piece per pair of points, joined smoothly). Written here in plain Python; the steps and
their constants are the algorithm's, so the same points give the same pieces."""

import math

NEWTON_ROUNDS = 20


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _mul(a, k):
    return (a[0] * k, a[1] * k)


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def _unit(a):
    length = math.hypot(*a)
    return (a[0] / length, a[1] / length) if length else (math.nan, math.nan)


def _at(c, t):
    u = 1 - t
    return _add(_add(_mul(c[0], u ** 3), _mul(c[1], 3 * u * u * t)), _add(_mul(c[2], 3 * u * t * t), _mul(c[3], t ** 3)))


def _d1(c, t):
    u = 1 - t
    return _add(_add(_mul(_sub(c[1], c[0]), 3 * u * u), _mul(_sub(c[2], c[1]), 6 * u * t)), _mul(_sub(c[3], c[2]), 3 * t * t))


def _d2(c, t):
    return _add(_mul(_add(_sub(c[2], _mul(c[1], 2)), c[0]), 6 * (1 - t)), _mul(_add(_sub(c[3], _mul(c[2], 2)), c[1]), 6 * t))


def fit_curve(points: list, max_error: float) -> list[list[float]]:
    """The spline ([x, y] start, then two controls and an end per piece) fitted to the points."""
    pts = [tuple(map(float, p)) for p in points]
    pieces = _fit(pts, _unit(_sub(pts[1], pts[0])), _unit(_sub(pts[-2], pts[-1])), max_error)
    return [list(pieces[0][0])] + [list(p) for piece in pieces for p in piece[1:]]


def _fit(pts, left, right, error):
    if len(pts) == 2:
        third = math.hypot(*_sub(pts[0], pts[1])) / 3
        return [[pts[0], _add(pts[0], _mul(left, third)), _add(pts[1], _mul(right, third)), pts[1]]]
    u = _chord_params(pts)
    curve = _least_squares(pts, u, left, right)
    worst, split = _worst(pts, curve, u)
    # The algorithm compares squared distances with the error as given (and with its square below).
    if worst < error:
        return [curve]
    if worst < error ** 2:
        for _ in range(NEWTON_ROUNDS):
            u = [_closer(curve, p, t) for p, t in zip(pts, u)]
            curve = _least_squares(pts, u, left, right)
            worst, split = _worst(pts, curve, u)
            if worst < error:
                return [curve]
    center = _unit(_sub(pts[split - 1], pts[split + 1]))
    return _fit(pts[:split + 1], left, center, error) + _fit(pts[split:], _mul(center, -1), right, error)


def _chord_params(pts):
    acc = [0.0]
    for a, b in zip(pts, pts[1:]):
        acc.append(acc[-1] + math.hypot(*_sub(b, a)))
    return [v / acc[-1] for v in acc]


def _least_squares(pts, params, left, right):
    """The two inner controls on the end tangents, at the distances that fit the points best."""
    first, last = pts[0], pts[-1]
    c00 = c01 = c11 = x0 = x1 = 0.0
    for p, t in zip(pts, params):
        a0 = _mul(left, 3 * (1 - t) ** 2 * t)
        a1 = _mul(right, 3 * (1 - t) * t * t)
        c00 += _dot(a0, a0)
        c01 += _dot(a0, a1)
        c11 += _dot(a1, a1)
        rest = _sub(p, _at((first, first, last, last), t))
        x0 += _dot(a0, rest)
        x1 += _dot(a1, rest)
    det = c00 * c11 - c01 * c01
    alpha_l = 0.0 if det == 0 else (x0 * c11 - x1 * c01) / det
    alpha_r = 0.0 if det == 0 else (c00 * x1 - c01 * x0) / det
    span = math.hypot(*_sub(first, last))
    if alpha_l < 1e-6 * span or alpha_r < 1e-6 * span:
        alpha_l = alpha_r = span / 3
    return [first, _add(first, _mul(left, alpha_l)), _add(last, _mul(right, alpha_r)), last]


def _closer(curve, p, t):
    """One Newton step towards the parameter of the curve's point nearest p."""
    d = _sub(_at(curve, t), p)
    d1, d2 = _d1(curve, t), _d2(curve, t)
    den = _dot(d1, d1) + _dot(d, d2)
    return t if den == 0 else t - _dot(d, d1) / den


def _worst(pts, curve, params):
    worst, split = 0.0, len(pts) // 2
    for i, (p, t) in enumerate(zip(pts, params)):
        d = _sub(_at(curve, t), p)
        dist = _dot(d, d)
        if dist > worst:
            worst, split = dist, i
    return worst, split
