"""The geometry under pl-sketch: the canvas's two coordinate systems (pixels, y downwards, as the page
stores drawings; graph units, y upwards, as authors write criteria), cubic Bezier splines (how the page
stores every curve: a start point, then two control points and an end point per piece), reference
functions sampled the way PrairieLearn samples them, and the "function of x" view of a tool's drawings
that the criteria ask questions of."""

import math

# PrairieLearn samples a reference function at the 101 inner points of 102 equal steps, so that a
# function with an asymptote at an end of its range is never evaluated there.
FUNCTION_STEPS = 102
BEZIER_SAMPLES = 40


class Canvas:
    """Pixel <-> graph conversion for the canvas of a client config (xrange, yrange, width, height)."""

    def __init__(self, config: dict) -> None:
        self.x0, self.x1 = config["xrange"]
        self.y0, self.y1 = config["yrange"]
        self.width = config["width"]
        self.height = config["height"]
        self.xscale = self.width / (self.x1 - self.x0)  # pixels per unit
        self.yscale = self.height / (self.y1 - self.y0)

    def span_px(self, length: float) -> float:
        """An x length in pixels as PrairieLearn's range criteria measure it: at width / (right edge),
        the scale of a canvas starting at x = 0 (so it is the true scale only when the range starts at 0)."""
        return length * self.width / self.x1

    def span_units(self, pixels: float) -> float:
        return pixels * self.x1 / self.width

    def graph(self, px: float, py: float) -> tuple[float, float]:
        return self.x0 + px / self.xscale, self.y1 - py / self.yscale

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.xscale, (self.y1 - y) * self.yscale

    def flipped(self) -> "Canvas":
        """The canvas with x and y swapped, for criteria on functions of y (xy-flip)."""
        return Canvas({"xrange": [self.y0, self.y1], "yrange": [self.x0, self.x1],
                       "width": self.height, "height": self.width})

    def flip_pixel(self, px: float, py: float) -> list[float]:
        x, y = self.graph(px, py)
        return list(self.flipped().pixel(y, x))


def ranges_config(x_range: list[float], y_range: list[float], width: int, height: int) -> dict:
    """PrairieLearn widens both ranges by 10 pixels on each side, so drawing at the edge stays easy."""
    xpad = 10 * (x_range[1] - x_range[0]) / (width - 20)
    ypad = 10 * (y_range[1] - y_range[0]) / (height - 20)
    return {"x_start": x_range[0] - xpad, "x_end": x_range[1] + xpad,
            "y_start": y_range[0] - ypad, "y_end": y_range[1] + ypad, "width": width, "height": height}


def canvas_of_ranges(ranges: dict) -> Canvas:
    return Canvas({"xrange": [ranges["x_start"], ranges["x_end"]], "yrange": [ranges["y_start"], ranges["y_end"]],
                   "width": ranges["width"], "height": ranges["height"]})


def sample_function(fun, x_min: float, x_max: float, canvas: Canvas) -> list[list[list[float]]]:
    """The pixel points of y = fun(x) on (x_min, x_max), split where fun fails (a pole, a log of a negative
    number): after a failure sampling starts again just past it, as PrairieLearn does."""
    pieces = []
    for _ in range(1000):  # a bound, for a function that fails almost everywhere
        piece, restart = [], None
        step = (x_max - x_min) / FUNCTION_STEPS
        for i in range(1, FUNCTION_STEPS):
            x = x_min + step * i
            try:
                y = fun(x)
                if isinstance(y, complex):
                    raise ArithmeticError
                piece.append(list(canvas.pixel(x, y)))
            except Exception:  # noqa: BLE001 - any failure of an author's function is a break in it
                restart = x + 0.001
                break
        if piece:
            pieces.append(piece)
        if restart is None or restart >= x_max:
            return pieces
        x_min = restart
    return pieces


def straight_spline(points: list[list[float]]) -> list[list[float]]:
    """Straight pieces between the points, in the page's spline format (controls at thirds)."""
    out = [list(points[0])]
    for a, b in zip(points, points[1:]):
        out += [[a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3],
                [a[0] + 2 * (b[0] - a[0]) / 3, a[1] + 2 * (b[1] - a[1]) / 3], list(b)]
    return out


def bezier_points(spline: list[list[float]], samples: int = BEZIER_SAMPLES) -> list[tuple[float, float]]:
    """Points along a spline (pixel coordinates), `samples` per cubic piece."""
    if len(spline) < 4:
        return [tuple(p) for p in spline]
    out = [tuple(spline[0])]
    for k in range(0, len(spline) - 3, 3):
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = spline[k:k + 4]
        for i in range(1, samples + 1):
            t = i / samples
            u = 1 - t
            out.append((u * u * u * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t * t * t * dx,
                        u * u * u * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t * t * t * dy))
    return out


def collapse(ranges: list[list[float]]) -> list[list[float]]:
    """The union of intervals, as sorted disjoint intervals."""
    out: list[list[float]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return out


class Curve:
    """One drawn curve in graph coordinates, read as a function of x where it can be. Its domain is the
    x intervals where it is on the canvas (within the y range), as PrairieLearn's grader cuts it."""

    def __init__(self, spline: list[list[float]], canvas: Canvas) -> None:
        self.points = [canvas.graph(px, py) for px, py in bezier_points(spline)]
        xs = [p[0] for p in self.points]
        self.extent = [min(xs), max(xs)]
        self.domain = _on_canvas_runs(self.points, canvas.y0, canvas.y1)

    def value_at(self, x: float) -> float | None:
        """y where the curve first crosses the vertical line at x (None outside the curve)."""
        for (ax, ay), (bx, by) in zip(self.points, self.points[1:]):
            if min(ax, bx) <= x <= max(ax, bx):
                return ay if bx == ax else ay + (x - ax) * (by - ay) / (bx - ax)
        return None

    def x_crossings(self, y: float) -> list[float]:
        out = []
        for (ax, ay), (bx, by) in zip(self.points, self.points[1:]):
            if min(ay, by) <= y <= max(ay, by):
                out.append(ax if by == ay else ax + (y - ay) * (bx - ax) / (by - ay))
        return out

    def distance_px(self, x: float, y: float, canvas: Canvas) -> float:
        """Shortest pixel distance from (x, y) to the curve."""
        return min(_segment_distance(canvas, x, y, a, b) for a, b in zip(self.points, self.points[1:] or self.points))


def _segment_distance(canvas: Canvas, x: float, y: float, a, b) -> float:
    px, py = x * canvas.xscale, y * canvas.yscale
    ax, ay, bx, by = a[0] * canvas.xscale, a[1] * canvas.yscale, b[0] * canvas.xscale, b[1] * canvas.yscale
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def point_in_polygon(x: float, y: float, vertices: list[tuple[float, float]]) -> bool:
    inside = False
    for (ax, ay), (bx, by) in zip(vertices, vertices[1:] + vertices[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _on_canvas_runs(points, ylo: float, yhi: float) -> list[list[float]]:
    """The x intervals of the stretches of a curve that stay within [ylo, yhi] (cut where it leaves)."""
    runs: list[list[float]] = []
    current: list[float] = []
    for i, (x, y) in enumerate(points):
        inside = ylo <= y <= yhi
        if i > 0:
            (px, py), was_inside = points[i - 1], ylo <= points[i - 1][1] <= yhi
            if inside != was_inside and py != y:
                edge = ylo if min(py, y) < ylo <= max(py, y) else yhi
                cx = px + (edge - py) * (x - px) / (y - py)
                current.append(cx)
                if was_inside:
                    runs.append([min(current), max(current)])
                    current = []
        if inside:
            current.append(x)
    if current:
        runs.append([min(current), max(current)])
    return collapse(runs)
