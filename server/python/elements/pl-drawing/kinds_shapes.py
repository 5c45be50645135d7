"""Drawing objects for figures: shapes, lines, arcs, text, axes, dimensions, and the graded point."""

import json
import math

from drawing_base import D, Attrs, error_box, make_kind, static_flags

DEFAULT_POLYGON = ('[{"x": 66.21260699999999, "y": 82.746078}, {"x": 25.880586, "y": 78.50701}, '
                   '{"x": 17.448900000000002, "y": 38.839035}, {"x": 52.569852, "y": 18.561946}, {"x": 82.707481, "y": 45.697991}]')


def _dash(a: Attrs):
    return [a.num("dashed-size"), a.num("dashed-size")] if a.has("dashed-size") else None


def point(el, _data) -> dict:
    a = Attrs(el)
    centre, h, w = error_box(a.num("x1", 40), a.num("y1", 40), 0, a.tol(), 0, 0)
    return {
        # The drawn position defaults differ from the error box's (20 vs 40), as in PrairieLearn.
        "left": a.num("x1", 20), "top": a.num("y1", 20), "radius": a.num("radius", D["point-size"]),
        "objectDrawErrorBox": a.error_box_flag(), "XcenterErrorBox": centre[0], "YcenterErrorBox": centre[1],
        "widthErrorBox": w, "heightErrorBox": h,
        "label": a.text("label", D["label"]), "offsetx": a.num("offsetx", 5), "offsety": a.num("offsety", 5),
        "originX": "center", "originY": "center", "opacity": a.num("opacity", D["opacity"]), "fill": a.color("color", "black"),
        **static_flags(),
    }


def grade_point(ref: dict, st: dict, tol: float, _angtol: float) -> bool:
    return abs(float(st["left"]) - ref["left"]) <= tol and abs(float(st["top"]) - ref["top"]) <= tol


def coordinates(el, _data) -> dict:
    a = Attrs(el)
    return {
        "left": a.num("x1", D["x1"]), "top": a.num("y1", D["y1"]), "width": a.num("width", D["width"]),
        "label": a.text("label", ""), "offsetx": a.num("offsetx", -16), "offsety": a.num("offsety", -10),
        "labelx": a.text("label-x", "x"), "labely": a.text("label-y", "y"),
        "offsetx_label_x": a.num("offsetx-label-x", 0), "offsety_label_x": a.num("offsety-label-x", 0),
        "offsetx_label_y": a.num("offsetx-label-y", -20), "offsety_label_y": a.num("offsety-label-y", -10),
        "stroke": a.color("color", "black"), "strokeWidth": a.num("stroke-width", D["stroke-width"]), "angle": a.num("angle", 0),
        "arrowheadWidthRatio": a.num("arrow-head-width", 1), "arrowheadOffsetRatio": a.num("arrow-head-length", 1),
        "drawStartArrow": False, "drawEndArrow": True, "originY": "center", "selectable": D["selectable"],
    }


def dimensions(el, _data) -> dict:
    a = Attrs(el)
    x1, y1 = a.num("x1", D["x1"]), a.num("y1", D["y1"])
    if a.has("x2"):
        x2, y2 = a.num("x2"), a.num("y2", y1)
        direction = math.atan2(y2 - y1, x2 - x1)
    else:
        length = a.num("width", D["force-width"] / 2)
        direction = a.num("angle", D["angle"]) * math.pi / 180
        x2, y2 = x1 + length * math.cos(direction), y1 + length * math.sin(direction)
    if a.has("dim-offset-angle"):
        direction = a.num("dim-offset-angle") * math.pi / 180
    along = (math.cos(direction), math.sin(direction))
    across = (-math.sin(direction), math.cos(direction))
    offset = a.num("dim-offset", 0)
    projected = (x2 - x1) * along[0] + (y2 - y1) * along[1]
    start = (x1 + offset * across[0], y1 + offset * across[1])
    end = (start[0] + projected * along[0], start[1] + projected * along[1])
    label_at = (start[0] + 0.5 * projected * along[0] + 10 * across[0], start[1] + 0.5 * projected * along[1] + 10 * across[1])
    return {
        "x1ref": x1, "y1ref": y1, "x2ref": x2, "y2ref": y2,
        "x1d": float(start[0]), "y1d": float(start[1]), "x2d": float(end[0]), "y2d": float(end[1]),
        "stroke": a.color("stroke-color", "black"), "strokeWidth": a.num("stroke-width", D["stroke-width"] / 2),
        "arrowheadWidthRatio": a.num("arrow-head-width", 1.5), "arrowheadOffsetRatio": a.num("arrow-head-length", 1.5),
        "label": a.text("label", ""), "offsetx": a.num("offsetx", 0), "offsety": a.num("offsety", 0),
        "xlabel": float(label_at[0]), "ylabel": float(label_at[1]),
        "drawStartArrow": a.flag("draw-start-arrow", True), "drawEndArrow": a.flag("draw-end-arrow", True),
        "startSupportLine": a.flag("start-support-line", False), "endSupportLine": a.flag("end-support-line", False),
        "originY": "center", "selectable": D["selectable"],
    }


def arc_dimensions(el, _data) -> dict:
    a = Attrs(el)
    color = a.color("stroke-color", "black")
    return {
        "left": a.num("x1", D["x1"]), "top": a.num("y1", D["y1"]), "angle": a.num("angle", D["angle"]),
        "radius": a.num("radius", D["radius"]), "startAngle": a.num("start-angle", D["angle"]), "endAngle": a.num("end-angle", D["end-angle"]),
        "drawCenterPoint": a.flag("draw-center", False), "drawStartArrow": a.flag("draw-start-arrow", False),
        "drawEndArrow": a.flag("draw-end-arrow", True), "startSupportLine": a.flag("start-support-line", False),
        "endSupportLine": a.flag("end-support-line", False), "label": a.text("label", D["label"]),
        "offsetx": a.num("offsetx", 0), "offsety": a.num("offsety", 0), "stroke": color, "fill": color,
        "strokeWidth": a.num("stroke-width", D["stroke-width"] / 2),
        "arrowheadWidthRatio": a.num("arrow-head-width", 1), "arrowheadOffsetRatio": a.num("arrow-head-length", 1),
        "originY": "center", **static_flags(),
    }


def _filled(a: Attrs, fill: str, stroke_width: float) -> dict:
    return {"opacity": a.num("opacity", D["opacity"]), "fill": a.color("color", fill), "stroke": a.color("stroke-color", "black"),
            "strokeWidth": a.num("stroke-width", stroke_width), "strokeUniform": True}


def rectangle(el, _data) -> dict:
    a = Attrs(el)
    return {"left": a.num("x1", D["x1"]), "top": a.num("y1", D["y1"]), "width": a.num("width", D["width"]),
            "height": a.num("height", D["height"]), "angle": a.num("angle", D["angle"]), "originX": "center", "originY": "center",
            **_filled(a, "green1", D["stroke-width"] / 2), **static_flags()}


def triangle(el, _data) -> dict:
    a = Attrs(el)
    corners = {f"p{i}": {"x": a.num(f"x{i}", x), "y": a.num(f"y{i}", y)} for i, (x, y) in enumerate([(40, 40), (60, 40), (40, 20)], 1)}
    return {**corners, **_filled(a, "red1", D["stroke-width"] / 2), "originX": "center", "originY": "center", **static_flags()}


def circle(el, _data) -> dict:
    a = Attrs(el)
    return {"left": a.num("x1", D["x1"]), "top": a.num("y1", D["y1"]), "radius": a.num("radius", D["radius"]),
            "label": a.text("label", D["label"]), "offsetx": a.num("offsetx", 5), "offsety": a.num("offsety", 5),
            "originX": "center", "originY": "center", **_filled(a, "grey", D["stroke-width"] / 2), **static_flags(), "scaling": True}


def polygon(el, _data) -> dict:
    a = Attrs(el)
    return {"pointlist": json.loads(a.text("plist", DEFAULT_POLYGON)), **_filled(a, "white", 1), **static_flags()}


def line(el, _data) -> dict:
    a = Attrs(el)
    x2, y2 = a.end_point(D["force-width"])
    return {"x1": a.num("x1", D["x1"]), "y1": a.num("y1", D["y1"]), "x2": x2, "y2": y2, "originX": "center", "originY": "center",
            "opacity": a.num("opacity", D["opacity"]), "stroke": a.color("stroke-color", "black"),
            "strokeWidth": a.num("stroke-width", D["stroke-width"]), "strokeDashArray": _dash(a), **static_flags()}


def arc(el, _data) -> dict:
    a = Attrs(el)
    return {"left": a.num("x1", D["x1"]), "top": a.num("y1", D["y1"]), "radius": a.num("radius", D["radius"]),
            "startAngle": a.num("start-angle", D["angle"]) * math.pi / 180, "endAngle": a.num("end-angle", D["end-angle"]) * math.pi / 180,
            "opacity": a.num("opacity", D["opacity"]), "stroke": a.color("stroke-color", "black"),
            "strokeWidth": a.num("stroke-width", D["stroke-width"]), "strokeDashArray": _dash(a), "fill": "",
            **static_flags(), "originX": "center", "originY": "center"}


def text(el, _data) -> dict:
    a = Attrs(el)
    return {"left": a.num("x1", D["x1"]), "top": a.num("y1", D["y1"]), "label": a.text("label", " Text "),
            "offsetx": a.num("offsetx", 0), "offsety": a.num("offsety", 0), "fontSize": a.num("font-size", D["font-size"]),
            "latex": a.flag("latex", True)}


def axes(el, _data) -> dict:
    a = Attrs(el)
    origin = json.loads(a.text("origin")) if a.has("origin") else {"x": 60, "y": 60}
    return {
        "left": origin["x"], "top": origin["y"],
        "xneg": a.num("xneg", 20), "xpos": a.num("xpos", 400), "yneg": a.num("yneg", 160), "ypos": a.num("ypos", 160),
        "supporting_lines": json.loads(a.text("supporting-lines", "[]")), "label_list": json.loads(a.text("grid-label", "[]")),
        "labelx": a.text("label-x", "x"), "labely": a.text("label-y", "y"),
        "offsetx_label_x": a.num("offsetx-label-x", 0), "offsety_label_x": a.num("offsety-label-x", 0),
        "offsetx_label_y": a.num("offsetx-label-y", -30), "offsety_label_y": a.num("offsety-label-y", -10),
        "stroke": a.color("color", "black"), "strokeWidth": a.num("stroke-width", D["stroke-width"]), "originY": "center", **static_flags(),
    }


SHAPE = ["opacity", "color", "stroke-color", "stroke-width"]
LABEL = ["label", "offsetx", "offsety"]
AXIS_LABELS = ["label-x", "offsetx-label-x", "offsety-label-x", "label-y", "offsetx-label-y", "offsety-label-y"]
SUPPORT_LINES = ["start-support-line", "end-support-line"]
ARROWHEAD = ["arrow-head-width", "arrow-head-length"]

KINDS = {
    "pl-point": make_kind(["x1", "y1", "radius", *LABEL, "opacity", "color", "draw-error-box"], point, grade_point),
    "pl-coordinates": make_kind(["x1", "y1", "width", "angle", *LABEL, *AXIS_LABELS, "color", "stroke-width", *ARROWHEAD], coordinates),
    "pl-dimensions": make_kind(["x1", "y1", "width", "angle", "x2", "y2", "dim-offset", "dim-offset-angle", *SUPPORT_LINES, *LABEL,
                                "stroke-color", "stroke-width", "draw-start-arrow", "draw-end-arrow", *ARROWHEAD], dimensions),
    "pl-arc-dimensions": make_kind(["x1", "y1", "radius", "start-angle", "end-angle", *SUPPORT_LINES, "draw-center", "draw-start-arrow",
                                    "draw-end-arrow", *LABEL, "stroke-color", "stroke-width", *ARROWHEAD], arc_dimensions),
    "pl-rectangle": make_kind(["x1", "y1", "height", "width", "angle", *SHAPE], rectangle),
    "pl-triangle": make_kind(["x1", "y1", "x2", "y2", "x3", "y3", "color", "opacity", "stroke-color", "stroke-width"], triangle),
    "pl-circle": make_kind(["x1", "y1", "radius", *SHAPE, *LABEL], circle),
    "pl-polygon": make_kind(["plist", *SHAPE], polygon),
    "pl-line": make_kind(["x1", "y1", "width", "angle", "x2", "y2", "opacity", "stroke-color", "stroke-width", "dashed-size"], line),
    "pl-arc": make_kind(["x1", "y1", "radius", "start-angle", "end-angle", "opacity", "stroke-color", "stroke-width", "dashed-size"], arc),
    "pl-text": make_kind(["label", "latex", "font-size", "x1", "y1", "offsetx", "offsety"], text),
    "pl-axes": make_kind(["origin", "xneg", "yneg", "xpos", "ypos", *AXIS_LABELS, "supporting-lines", "grid-label", "color", "stroke-width"], axes),
}
