"""The greater-than and less-than criteria of pl-sketch: every drawing of the criterion's tools in the x
range must lie above (below) a height or a reference function, within the tolerance in pixels."""

from sketch_functions import parse_function
from sketch_geometry import Canvas
from sketch_shapes import Drawings, boundary_points_in, polygon_vertices
from sketch_tools import flip, is_polygon, lines_at, ordered_segments, result, segments, tools_to_check


def compare(grader, gradeable, canvas, tools, greater: bool):
    word = "greater" if greater else "less"
    feedback = grader["feedback"] or f"A drawing is not {word} than the expected function or y-value in the expected range(s)."
    checked = tools_to_check(grader, gradeable, ("vertical-line",))
    if grader["xyflip"]:
        x1, x2 = grader["yrange"]
        gradeable, canvas = flip(gradeable, canvas)
    else:
        x1, x2 = grader["xrange"]
    fun = parse_function(grader["fun"]) if grader["fun"] is not None else None
    y, tol = grader["y"], grader["tolerance"]
    correct, in_range = True, 0
    for tool in checked:
        if not correct:
            break
        in_range += 1
        correct = _compare_tool(tool, gradeable[tool["id"]], canvas, x1, x2, y, fun, tol, greater)
    return result(grader, correct and in_range > 0, feedback)


def _beyond(value, y, tol_units, greater) -> bool:
    return value >= y - tol_units if greater else value <= y + tol_units


def _compare_tool(tool, items, canvas: Canvas, x1, x2, y, fun, tol, greater):
    name = tool["name"]
    d = Drawings(items, canvas)
    g = tol / canvas.yscale
    if name == "horizontal-line":
        lines = lines_at(items, canvas, "y")
        if fun is None:
            return all(_beyond(v, y, g, greater) for v in lines)
        xs = [x1 + i * (x2 - x1) / 4 for i in range(5)]
        return all(d.beside_function(x, v, fun, greater, tol) for x in xs for v in lines)
    if name == "point" or (not d.curves and name != "line-segment"):
        points = d.points_in(x1, x2)
        if fun is None:
            return all(_beyond(p[1], y, g, greater) for p in points)
        allowed = 0 if len(points) < 10 else 1
        return sum(not d.beside_function(p[0], p[1], fun, greater, tol) for p in points) <= allowed
    if is_polygon(tool):
        points = boundary_points_in(polygon_vertices(items, canvas), x1, x2)
    elif name == "line-segment":
        points = []
        for s, e in ordered_segments(segments(items, canvas), x1, x2):
            a, b = max(s[0], x1), min(e[0], x2)
            for i in range(10):
                x = a + i * (b - a) / 9
                points.append((x, s[1] + (x - s[0]) * (e[1] - s[1]) / (e[0] - s[0])))
    elif fun is None:
        # Only what is on the canvas: a curve beyond its top or bottom is undefined there for the grader.
        values = [p[1] for c in d.curves for p in c.points if x1 <= p[0] <= x2 and d.in_y(p[1])]
        if not values:
            return "ndef"
        extreme = min(values) if greater else max(values)
        return extreme > y - g if greater else extreme < y + g
    else:
        if d.absent_between(x1, x2):
            return True
        xs, ys, _ = d.samples(20, x1, x2)
        points = [(x, v) for x, v in zip(xs, ys) if v is not None]
    if fun is None:
        return all(_beyond(p[1], y, g, greater) for p in points)
    return all(d.beside_function(p[0], p[1], fun, greater, tol) for p in points)
