"""Helpers the pl-sketch criteria share: which of a criterion's tools to look at, a tool's lines and
segments in graph units, and the xy-flip of a submission."""

from sketch_geometry import Canvas


def is_polygon(tool: dict) -> bool:
    return tool["name"] == "polyline" and bool(tool.get("closed"))


def tools_to_check(grader: dict, gradeable: dict, not_allowed=()) -> list[dict]:
    """The criterion's tools that have drawings, leaving out helpers and the kinds it ignores."""
    return [t for t in grader["toolid"] if gradeable.get(t["id"]) and not t["helper"] and t["name"] not in not_allowed
            and not ("polygon" in not_allowed and is_polygon(t))]


def result(grader: dict, correct, feedback: str):
    return (1, grader["weight"], [""]) if correct else (0, grader["weight"], [feedback])


def lines_at(items: list, canvas: Canvas, axis: str) -> list[float]:
    """The positions of horizontal (axis "y") or vertical (axis "x") lines."""
    out = []
    for item in items:
        px, py = item["spline"][0]
        x, y = canvas.graph(px, py)
        out.append(y if axis == "y" else x)
    return out


def segments(items: list, canvas: Canvas):
    return [(canvas.graph(*item["spline"][0]), canvas.graph(*item["spline"][-1])) for item in items]


def ordered_segments(segments, x1, x2):
    """Segments overlapping (x1, x2), each from its left end to its right end (strict: not just touching)."""
    out = []
    for a, b in segments:
        s, e = (a, b) if a[0] <= b[0] else (b, a)
        if s[0] < x2 and e[0] > x1 and s[0] != e[0]:
            out.append((s, e))
    return out


def flip(gradeable: dict, canvas: Canvas):
    out = {}
    for tid, items in gradeable.items():
        out[tid] = []
        for item in items:
            new = dict(item)
            if "spline" in item:
                new["spline"] = [canvas.flip_pixel(*p) for p in item["spline"]]
            if "point" in item:
                new["point"] = canvas.flip_pixel(*item["point"])
            out[tid].append(new)
    return out, canvas.flipped()
