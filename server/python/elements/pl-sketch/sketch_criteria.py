"""pl-sketch's grading criteria (pl-sketch-grade types), each giving (score 0/1, weight, feedback lines) for
one submission, with PrairieLearn's default feedback texts and its pixel tolerances."""

import math

from sketch_compare import compare
from sketch_functions import parse_function
from sketch_geometry import Canvas, Curve, collapse, sample_function, straight_spline
from sketch_shapes import POINT_WIDTH_PX, Drawings, comparer_chain, polygon_contains, polygon_vertices
from sketch_tools import flip, is_polygon, lines_at, ordered_segments, result, segments, tools_to_check

CURVE_TOOLS = ("freeform", "spline", "polyline")


def match(grader, gradeable, canvas, tools):
    x, y, tol = grader["x"], grader["y"], grader["tolerance"]
    where = f"x = {x}" if x is not None else f"y = {y}"
    correct = False
    for tool in tools_to_check(grader, gradeable):
        items = gradeable[tool["id"]]
        name = tool["name"]
        if is_polygon(tool):
            correct = polygon_contains(polygon_vertices(items, canvas), x, y, tol, canvas)
        elif name == "point":
            correct = _point_at(Drawings(items, canvas), x, y, tol)
        elif name in CURVE_TOOLS:
            correct = _value_at(Drawings(items, canvas), x, y, tol)
        elif name == "vertical-line":
            correct = any(abs(v - x) * canvas.xscale < tol for v in lines_at(items, canvas, "x"))
        elif name == "horizontal-line":
            correct = any(abs(v - y) * canvas.yscale < tol for v in lines_at(items, canvas, "y"))
        elif name == "line-segment":
            if grader["endpoint"]:
                correct = _endpoint(segments(items, canvas), x, y, grader["endpoint"], tol, canvas)
            else:
                correct = _value_at(Drawings(items, canvas), x, y, tol)
        if correct:
            break
    return result(grader, correct, grader["feedback"] or f"Missing expected drawing at {where}.")


def _point_at(d: Drawings, x, y, tol) -> bool:
    if y is None:
        return any(abs(p[0] - x) * d.xscale < tol for p in d.points if d.in_y(p[1]))
    if x is None:
        return any(abs(p[1] - y) * d.yscale < tol for p in d.points if d.in_x(p[0]))
    return any(math.hypot((p[0] - x) * d.xscale, (p[1] - y) * d.yscale) < tol
               for p in d.points if d.in_x(p[0]) and d.in_y(p[1]))


def _value_at(d: Drawings, x, y, tol) -> bool:
    if y is None:
        xs = d.nearest_xs(x)
        return len(xs) == 1 or min(abs(xs[0] - x), abs(xs[1] - x)) * d.xscale <= tol
    if x is None:
        return any(c.x_crossings(yy) for c in d.curves
                   for yy in (y - tol / d.yscale, y, y + tol / d.yscale)) or any(
            abs(p[1] - y) * d.yscale <= tol for c in d.curves for p in c.points)
    # As PrairieLearn: the curve's highest and lowest values within tol pixels of x must straddle y
    # (widened by tol pixels), so a curve passing both above and below there counts.
    lo, hi = x - tol / d.xscale, x + tol / d.xscale
    values = [p[1] for c in d.curves for p in c.points if lo <= p[0] <= hi]
    values += [v for v in (d.value_at(lo), d.value_at(hi)) if v is not None]
    if not values:
        return False
    return max(values) > y - tol / d.yscale and min(values) < y + tol / d.yscale


def _endpoint(segments, x, y, mode, tol, canvas) -> bool:
    def near(p):
        return math.hypot((p[0] - x) * canvas.xscale, (p[1] - y) * canvas.yscale) <= tol
    for start, end in segments:
        if (mode in ("start", "either") and near(start)) or (mode in ("end", "either") and near(end)):
            return True
    return False


def count(grader, gradeable, canvas, tools):
    tol, wanted, mode = grader["tolerance"], grader["count"], grader["mode"] or "exact"
    checked = tools_to_check(grader, gradeable)
    x1, x2 = grader["xrange"]
    g = canvas.span_units(tol)

    def total(lo, hi):
        return sum(_count_in(tool, gradeable[tool["id"]], canvas, min(lo, hi), max(lo, hi)) for tool in checked)

    if not checked:
        correct = mode == "at-most" or wanted == 0
    elif mode == "exact":
        correct = wanted in (total(x1 - g, x2 + g), total(x1 + g, x2 - g), total(x1, x2))
    elif mode == "at-least":
        correct = total(x1 - g, x2 + g) >= wanted
    else:
        correct = total(x1 + g, x2 - g) <= wanted
    return result(grader, correct, grader["feedback"] or "Incorrect number of drawings used.")


def _count_in(tool, items, canvas: Canvas, lo, hi) -> int:
    """Distinct drawings with a point (a spline's knots) inside the x range and the canvas's height."""
    seen = []
    for item in items:
        key = item.get("point") or item.get("spline")
        if key in seen:
            continue
        knots = [item["point"]] if "point" in item else item["spline"][::3]
        for px, py in knots:
            x, y = canvas.graph(px, py)
            in_y = canvas.y0 <= y <= canvas.y1
            if (tool["name"] == "horizontal-line" and in_y) or (tool["name"] == "vertical-line" and lo <= x <= hi) or (
                    tool["name"] not in ("horizontal-line", "vertical-line") and in_y and lo <= x <= hi):
                seen.append(key)
                break
    return len(seen)


def match_function(grader, gradeable, canvas, tools):
    tol = grader["tolerance"]
    feedback = grader["feedback"] or "Drawing does not match expected function."
    checked = tools_to_check(grader, gradeable, ("vertical-line", "polygon"))
    if grader["xyflip"]:
        x1, x2 = grader["yrange"]
        gradeable, canvas = flip(gradeable, canvas)
    else:
        x1, x2 = grader["xrange"]
    fun = parse_function(grader["fun"])
    correct = bool(checked)
    for tool in checked:
        d = Drawings(gradeable[tool["id"]], canvas)
        correct = _matches(d, fun, x1, x2, tol)
        if not correct:
            break
        if not grader["allowundefined"] and tool["name"] != "point":
            correct = _covers(d, fun, x1, x2, 0.9)
            if not correct:
                if grader["feedback"] is None:
                    feedback += "Your function does not cover the entire domain of the specified curve."
                break
    return result(grader, correct, feedback)


def _matches(d: Drawings, fun, x1, x2, tol) -> bool:
    if d.curves:
        if d.absent_between(x1, x2, 2):
            return False
        xs, ys, _ = d.samples(20, x1, x2)
        points, allowed = list(zip(xs, ys)), 0
    else:
        points = d.points_in(x1, x2)
        allowed = 0 if len(points) < 5 else 1
    if not points:
        return False
    wrong, pieces = 0, None
    for x, y in points:
        if wrong > allowed:
            return False
        if not d.points and d.is_steep_or_gap(x):
            if pieces is None:
                pieces = [Curve(straight_spline(p), d.canvas) for p in sample_function(
                    fun, x1 - tol / d.xscale, x2 + tol / d.xscale, d.canvas)]
            ok = y is not None and d.on_function_sideways(x, y, pieces, tol)
        else:
            ok = d.on_function(x, y, fun, tol)
        wrong += 0 if ok else 1
    return wrong <= allowed


def _covers(d: Drawings, fun, x1, x2, needed: float) -> bool:
    ranges = [r for piece in sample_function(fun, x1, x2, d.canvas) for r in Curve(straight_spline(piece), d.canvas).domain]
    total = sum((hi - lo) * d.xscale for lo, hi in ranges)
    covered = sum(max(0.0, min(hi, b) - max(lo, a)) * d.xscale for a, b in d.domain for lo, hi in ranges)
    return total > 0 and covered / total >= needed


def monotonic(grader, gradeable, canvas, tools, increasing: bool):
    x1, x2 = grader["xrange"]
    word = "increasing" if increasing else "decreasing"
    correct, in_range = True, 0
    for tool in tools_to_check(grader, gradeable, ("point", "polygon", "vertical-line", "horizontal-line")):
        if not correct:
            break
        items = gradeable[tool["id"]]
        if tool["name"] == "line-segment":
            correct = all((e[1] >= s[1]) if increasing else (e[1] <= s[1])
                          for s, e in ordered_segments(segments(items, canvas), x1, x2))
        else:
            correct = _monotonic(Drawings(items, canvas), x1, x2, grader["tolerance"], increasing)
        in_range += 1
    return result(grader, correct and in_range > 0,
                  grader["feedback"] or f"Function is not monotonically {word} in the correct domain(s).")


def _samples_in_range(d: Drawings, x1, x2, gap, count):
    """The drawing's heights sampled over [x1, x2] and inside the canvas, with the step; None when the drawing
    leaves a gap of `gap` there or does not reach the range (the criterion is then not defined)."""
    if d.absent_between(x1, x2, gap):
        return None
    lo, hi = d.inner_range(x1, x2)
    if lo > hi:
        return None
    _, ys, delta = d.samples(count, lo, hi)
    return [y for y in ys if d.in_y(y)], delta


def _monotonic(d: Drawings, x1, x2, allowed, increasing):
    sampled = _samples_in_range(d, x1, x2, 5, 100)
    if sampled is None:
        return "ndef"
    ys, delta = sampled
    if len(ys) < 2:
        return False
    return comparer_chain(increasing, ys, delta, allowed, d.xscale / d.yscale)


def concavity(grader, gradeable, canvas, tools, up: bool):
    x1, x2 = grader["xrange"]
    correct, in_range = True, 0
    for tool in tools_to_check(grader, gradeable, ("point", "polygon", "vertical-line", "horizontal-line")):
        items = gradeable[tool["id"]]
        if tool["name"] == "line-segment":
            if ordered_segments(segments(items, canvas), x1, x2):
                correct = False
                break
            continue
        d = Drawings(items, canvas)
        if tool["name"] == "polyline":
            if not d.absent_between(x1, x2, 5):
                correct = False
                break
            continue
        shape = _curvature(d, x1, x2, grader["tolerance"], up)
        if not shape:
            correct = False
            break
        if shape != "ndef":
            in_range += 1
    return result(grader, correct and in_range > 0,
                  grader["feedback"] or "Function does not have the correct shape in the correct domain(s).")


def _curvature(d: Drawings, x1, x2, allowed, up):
    sampled = _samples_in_range(d, x1, x2, 10, 101)
    if sampled is None:
        return "ndef"
    ys, delta = sampled
    diffs = [b - a for a, b in zip(ys, ys[1:])]
    if len(diffs) < 2:
        return False
    return comparer_chain(up, diffs, delta, allowed, d.xscale / d.yscale)


def ranges_of(tool, items, canvas: Canvas) -> list[list[float]]:
    """The x intervals a tool's drawings occupy, for defined-in / undefined-in."""
    name = tool["name"]
    if name == "horizontal-line":
        return [[canvas.x0, canvas.x1]] if items else []
    if name == "vertical-line":
        m = POINT_WIDTH_PX / canvas.xscale
        return [[x - m, x + m] for x in lines_at(items, canvas, "x")]
    if name == "line-segment":
        return collapse([sorted([a[0], b[0]]) for a, b in segments(items, canvas)])
    return Drawings(items, canvas).range_defined()


def gap_px(ranges, x1, x2, canvas: Canvas) -> float:
    """Pixels of [x1, x2] not covered by the (sorted, disjoint) ranges, counted as PrairieLearn does."""
    if not ranges:
        return ((x2 - x1) - canvas.x0) * canvas.xscale  # a position, not a length: PrairieLearn's formula
    rd = [[-math.inf, canvas.x0], *ranges, [canvas.x1, math.inf]]
    gap = 0.0
    for r, nxt in zip(rd, rd[1:]):
        if r[1] <= x1 < nxt[0]:
            gap += nxt[0] - x1
        if r[1] < x2 <= nxt[0]:
            gap += x2 - r[1]
        if r[1] > x1 and nxt[0] < x2:
            gap += nxt[0] - r[1]
    return canvas.span_px(gap)


def defined_in(grader, gradeable, canvas, tools):
    feedback = grader["feedback"] or "Function is not defined over the expected range(s)."
    checked = [t for t in tools_to_check(grader, gradeable, ("horizontal-line", "vertical-line", "point"))]
    if not checked:
        return 0, grader["weight"], [feedback]
    ranges = collapse([r for t in checked for r in ranges_of(t, gradeable[t["id"]], canvas)])
    x1, x2 = grader["xrange"]
    return result(grader, gap_px(ranges, x1, x2, canvas) <= grader["tolerance"], feedback)


def undefined_in(grader, gradeable, canvas, tools):
    feedback = grader["feedback"] or "Drawings found in range(s) where they were supposed to be undefined."
    checked = tools_to_check(grader, gradeable, ("horizontal-line",))
    x1, x2 = grader["xrange"]
    coverage = 0.0
    if checked:
        ranges = collapse([r for t in checked for r in ranges_of(t, gradeable[t["id"]], canvas)])
        coverage = canvas.span_px(x2 - x1) - gap_px(ranges, x1, x2, canvas)
    return result(grader, coverage <= grader["tolerance"], feedback)


def grade_criterion(grader: dict, gradeable: dict, config: dict) -> tuple:
    canvas = Canvas(config)
    kind = grader["type"]
    if kind in ("monot-increasing", "monot-decreasing"):
        return monotonic(grader, gradeable, canvas, None, kind == "monot-increasing")
    if kind in ("concave-up", "concave-down"):
        return concavity(grader, gradeable, canvas, None, kind == "concave-up")
    if kind in ("greater-than", "less-than"):
        return compare(grader, gradeable, canvas, None, kind == "greater-than")
    by_kind = {"match": match, "count": count, "match-function": match_function,
               "defined-in": defined_in, "undefined-in": undefined_in}
    if kind not in by_kind:
        raise ValueError(f"Unknown grader type: {kind}")
    return by_kind[kind](grader, gradeable, canvas, None)
