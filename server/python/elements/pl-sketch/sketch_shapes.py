"""What the criteria ask of one tool's drawings, in graph units with pixel tolerances. Curves (free-draw,
spline, polyline, polygon, line) are read as a function of x, as PrairieLearn's grader reads them: the
first curve over an x gives its value, and between curves the value is interpolated across the gap."""

import math

from sketch_geometry import Canvas, Curve, collapse, point_in_polygon, straight_spline

POINT_MERGE_PX = 10  # points drawn closer than this to an earlier one count once
POINT_WIDTH_PX = 6  # how far a point or vertical line "covers" x on each side


def comparer_chain(at_most: bool, values: list, delta: list, allowed: float, scale: float) -> bool:
    """Whether consecutive values keep their order (a <= b, or a >= b), each slip costing 1, or 0.5 when
    it is within 15 degrees of flat, until more than `allowed` has been spent."""
    slack = math.tan(math.pi / 12)
    for i in range(len(values) - 1):
        a, b, d = values[i], values[i + 1], delta[i] * scale * slack
        ok = a <= b if at_most else a >= b
        near = a <= b + d if at_most else a >= b - d
        cost = 0 if ok else (0.5 if near else 1)
        allowed -= cost
        if allowed < 0:
            return False
    return True


class Drawings:
    """A tool's submitted drawings (pixel data from the page) for the grader."""

    def __init__(self, items: list, canvas: Canvas) -> None:
        self.canvas = canvas
        self.xscale, self.yscale = canvas.xscale, canvas.yscale
        self.curves = [Curve(item["spline"], canvas) for item in items if "spline" in item and item["spline"]]
        self.points: list[tuple[float, float]] = []
        for item in items:
            if "point" in item:
                x, y = canvas.graph(*item["point"])
                if all((x - p[0]) ** 2 * self.xscale ** 2 + (y - p[1]) ** 2 * self.yscale ** 2 >= POINT_MERGE_PX ** 2
                       for p in self.points if self.in_x(p[0]) and self.in_y(p[1])):
                    self.points.append((x, y))
        self.domain = collapse([list(r) for c in self.curves for r in c.domain])

    # canvas bounds -------------------------------------------------------------------------------
    def in_y(self, y, shrink_px: float = 0) -> bool:
        c = self.canvas
        return y is not None and c.y0 + shrink_px / self.yscale <= y <= c.y1 - shrink_px / self.yscale

    def in_x(self, x) -> bool:
        return x is not None and self.canvas.x0 <= x <= self.canvas.x1

    # the function view ---------------------------------------------------------------------------
    def range_defined(self) -> list[list[float]]:
        if self.curves:
            return self.domain
        m = POINT_WIDTH_PX / self.xscale
        return collapse([[x - m, x + m] for x, _ in self.points])

    def nearest_xs(self, x: float) -> list[float]:
        """[x] where a curve is defined, else the nearest curve ends left and right of x."""
        if any(lo <= x <= hi for lo, hi in self.domain):
            return [x]
        ends = [e for c in self.curves for r in c.domain for e in r]
        return [max([e for e in ends if e <= x] + [-math.inf]), min([e for e in ends if e >= x] + [math.inf])]

    def value_at(self, x: float):
        for c in self.curves:
            if c.extent[0] <= x <= c.extent[1]:
                return c.value_at(x)
        return None

    def value_across_gap(self, x: float):
        xs = self.nearest_xs(x)
        if len(xs) == 1:
            return self.value_at(x)
        left, right = self.value_at(xs[0]), self.value_at(xs[1])
        if left is None or right is None:
            return right if left is None else left
        return left + (x - xs[0]) * (right - left) / (xs[1] - xs[0])

    def is_steep_or_gap(self, x: float) -> bool:
        """Where PrairieLearn compares horizontally: the curve is steeper than about 75 degrees there."""
        xs = self.nearest_xs(x)
        if len(xs) == 1:
            h = 0.5 / self.xscale
            a, b = self.value_across_gap(x - h), self.value_across_gap(x + h)
            if a is None or b is None:
                return False
            return abs(math.atan2(self.yscale * (b - a), self.xscale * 2 * h)) > 1.3
        if math.isinf(xs[0]) or math.isinf(xs[1]):
            return False
        a, b = self.value_at(xs[0]) or 0, self.value_at(xs[1]) or 0
        return abs(math.atan2(self.yscale * (b - a), self.xscale * (xs[1] - xs[0]))) > 1.3

    def samples(self, n: int, xmin: float, xmax: float):
        """n evenly spaced x from the drawing's start within [xmin, xmax] to its end, their values, steps."""
        lo = self.nearest_xs(xmin)[-1]
        hi = self.nearest_xs(xmax)[0]
        step = (hi - lo) / (n - 1)
        xs = [lo + i * step for i in range(n)]
        return xs, [self.value_across_gap(x) for x in xs], [step] * (n - 1) + [0]

    def absent_between(self, xmin: float, xmax: float, tolerance_px: float = 0) -> bool:
        g = tolerance_px / self.xscale
        for lo, hi in self.range_defined():
            if lo <= xmin < hi - g or lo + g < xmax <= hi or (xmin < lo and xmax > hi):
                return False
        return True

    def inner_range(self, xmin: float, xmax: float):
        return self.nearest_xs(xmin)[-1], self.nearest_xs(xmax)[0]

    def points_in(self, xmin: float, xmax: float) -> list[tuple[float, float]]:
        return [p for p in self.points if xmin <= p[0] <= xmax]

    # comparisons with a reference function ---------------------------------------------------------
    def on_function(self, x: float, y, fun, tol: int) -> bool:
        """Whether fun comes within tol pixels of y at some x within tol pixels (one step per pixel)."""
        if y is None:
            return False
        for i in range(2 * tol + 1):
            try:
                fy = fun(x - tol / self.xscale + i / self.xscale)
                if not self.in_y(fy, shrink_px=10):
                    continue
                if abs(y - fy) * self.yscale <= tol:
                    return True
            except Exception:  # noqa: BLE001 - the function is undefined there
                continue
        return False

    def beside_function(self, x: float, y: float, fun, greater: bool, tol: int) -> bool:
        for i in range(2 * tol + 1):
            try:
                fy = fun(x - tol / self.xscale + i / self.xscale)
                if (y >= fy - tol / self.yscale) if greater else (y <= fy + tol / self.yscale):
                    return True
            except Exception:  # noqa: BLE001
                continue
        return False

    def on_function_sideways(self, x: float, y: float, pieces: list[Curve], tol: int) -> bool:
        """For steep places: whether the reference crosses a height within tol pixels of y at an x within
        tol pixels of x; if it never reaches that height, whether its nearest end is within tol in x."""
        reached = False
        for i in range(2 * tol + 1):
            yy = y - tol / self.yscale + i / self.yscale
            for piece in pieces:
                for cx in piece.x_crossings(yy):
                    reached = True
                    if self.in_x(cx) and abs(cx - x) * self.xscale <= tol:
                        return True
        if reached or not pieces:
            return False
        ends = [p for piece in pieces for p in (piece.points[0], piece.points[-1])]
        nearest = min(ends, key=lambda p: abs(p[1] - y))
        return abs(nearest[0] - x) * self.xscale <= tol


def polygon_vertices(items: list, canvas: Canvas) -> list[list[tuple[float, float]]]:
    return [[canvas.graph(px, py) for px, py in item["spline"][::3]] for item in items if item.get("spline")]


def boundary_points_in(polygons, xmin: float, xmax: float) -> list[tuple[float, float]]:
    """The ends of each polygon side, cut to [xmin, xmax] (sides outside it left out)."""
    out = []
    for vs in polygons:
        for (ax, ay), (bx, by) in zip(vs, vs[1:] + vs[:1]):
            lo, hi = max(min(ax, bx), xmin), min(max(ax, bx), xmax)
            if lo > hi:
                continue
            for x in (lo, hi):
                out.append((x, ay if bx == ax else ay + (x - ax) * (by - ay) / (bx - ax)))
    return out


def polygon_contains(polygons, x, y, tol: float, canvas: Canvas) -> bool:
    for vs in polygons:
        if x is not None and y is not None:
            if point_in_polygon(x, y, vs):
                return True
            closed = Curve(straight_spline([list(canvas.pixel(*v)) for v in vs + vs[:1]]), canvas)
            if closed.distance_px(x, y, canvas) <= tol:
                return True
        elif x is not None:
            if min(v[0] for v in vs) - tol / canvas.xscale <= x <= max(v[0] for v in vs) + tol / canvas.xscale:
                return True
        elif min(v[1] for v in vs) - tol / canvas.yscale <= y <= max(v[1] for v in vs) + tol / canvas.yscale:
            return True
    return False
