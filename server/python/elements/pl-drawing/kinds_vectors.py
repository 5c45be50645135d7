"""The graded drawing objects with a direction or shape: vectors (single, paired, double-headed),
arc vectors (moments), distributed loads and controlled (curved) lines, with their graders.
Tolerances: `tol` in pixels, `angtol` in degrees, both from <pl-drawing>."""

import json
import math

import numpy as np
import prairielearn as pl
from drawing_base import D, Attrs, angle_distance, distance, error_box, make_kind, static_flags

VECTOR_ATTRS = ["x1", "y1", "anchor-is-tail", "width", "angle", "label", "offsetx", "offsety", "color", "stroke-width",
                "arrow-head-width", "arrow-head-length", "disregard-sense", "draw-error-box", "offset-forward", "offset-backward",
                "optional-grading"]
LINE_ATTRS = ["x1", "y1", "x2", "y2", "x3", "y3", "draw-error-box", "offset-tol-x", "offset-tol-y", "offset-control-tol-x",
              "offset-control-tol-y", "color", "stroke-width", "handle-radius"]


def _box(prefix_keys: tuple[str, str, str, str], centre, h, w) -> dict:
    return dict(zip(prefix_keys, (centre[0], centre[1], w, h)))


def vector(el, _data) -> dict:
    a = Attrs(el)
    x1, y1 = a.num("x1", 30), a.num("y1", 10)
    length = a.num("width", D["force-width"])
    angle = a.num("angle", 0)
    theta = angle * math.pi / 180
    left, top = x1, y1
    if not a.flag("anchor-is-tail", True):
        left -= length * math.cos(theta)
        top -= length * math.sin(theta)
    either_sense = a.flag("disregard-sense", False)
    forward = a.num("offset-forward", length if either_sense else 0)
    backward = a.num("offset-backward", length)
    centre, h, w = error_box(x1, y1, theta, a.tol(), forward, backward)
    return {
        "left": left, "top": top, "x1": x1, "y1": y1, "width": length, "angle": angle,
        "label": a.text("label", ""), "offsetx": a.num("offsetx", 2), "offsety": a.num("offsety", 2),
        "stroke": a.color("color", "red3"), "strokeWidth": a.num("stroke-width", 3),
        "arrowheadWidthRatio": a.num("arrow-head-width", 1), "arrowheadOffsetRatio": a.num("arrow-head-length", 1),
        "drawStartArrow": False, "drawEndArrow": True, "originY": "center", "trueHandles": ["mtr"],
        "disregard_sense": either_sense, "optional_grading": a.flag("optional-grading", False),
        "objectDrawErrorBox": a.error_box_flag(),
        **_box(("XcenterErrorBox", "YcenterErrorBox", "widthErrorBox", "heightErrorBox"), centre, h, w),
        "offset_forward": forward, "offset_backward": backward, **static_flags(),
    }


def _direction_ok(ref: dict, st_angle: float, angtol: float) -> bool:
    forward_err = angle_distance(ref["angle"], st_angle)
    if ref["disregard_sense"]:
        return forward_err <= angtol or angle_distance(ref["angle"] + 180, st_angle) <= angtol
    return forward_err <= angtol


def _relative(ref: dict, st_pos: np.ndarray, rows) -> tuple[float, float]:
    """The student's anchor in the reference's frame: (along, across)."""
    frame = np.array(rows).T
    along, across = frame @ (st_pos - np.array([ref["x1"], ref["y1"]]))
    return along, across


def grade_vector(ref: dict, st: dict, tol: float, angtol: float) -> bool:
    pos = np.array([st["left"], st["top"]]).astype(np.float64)
    if st.get("originX", "") == "center":  # a centred arrow: its anchor is half a length back
        rad = st["angle"] * (np.pi / 180.0)
        pos -= np.array([np.cos(rad), np.sin(rad)]) * np.float64(st["width"]) / 2
    if not _direction_ok(ref, st["angle"], angtol):
        return False
    rad = ref["angle"] * (np.pi / 180.0)
    along, across = _relative(ref, pos, [[np.cos(rad), -np.sin(rad)], [np.sin(rad), np.cos(rad)]])
    return abs(across) <= tol and -(ref["offset_backward"] + tol) <= along <= ref["offset_forward"] + tol


def paired_vector(el, _data) -> dict:
    a = Attrs(el)
    grid_size = pl.get_integer_attrib(el, "grid-size", 20)
    x1, y1 = a.num("x1", 2 * grid_size), a.num("y1", grid_size)
    x2, y2 = a.num("x2", 3 * grid_size), a.num("y2", 2 * grid_size)
    length = a.num("width", D["force-width"])
    angle1, angle2 = a.num("angle1", 0), a.num("angle2", 0)
    t1, t2 = angle1 * math.pi / 180, angle2 * math.pi / 180
    left1, top1, left2, top2 = x1, y1, x2, y2
    if not a.flag("anchor-is-tail", True):
        # PrairieLearn shifts both x by the first angle and both y by the second.
        left1 -= length * math.cos(t1)
        left2 -= length * math.cos(t1)
        top1 -= length * math.sin(t2)
        top2 -= length * math.sin(t2)
    either_sense = a.flag("disregard-sense", True)
    forward = a.num("offset-forward", length if either_sense else 0)
    backward = a.num("offset-backward", length)
    tol = a.num("tol", grid_size / 2)
    c1, h1, w1 = error_box(x1, y1, t1, tol, forward, backward)
    c2, h2, w2 = error_box(x2, y2, t2, tol, forward, backward)
    return {
        "left1": left1, "top1": top1, "left2": left2, "top2": top2, "x1": x1, "y1": y1, "x2": x2, "y2": y2,
        "width": length, "angle1": angle1, "angle2": angle2,
        "label": a.text("label", ""), "offsetx": a.num("offsetx", 2), "offsety": a.num("offsety", 2),
        "stroke": a.color("color", "red3"), "strokeWidth": a.num("stroke-width", 3),
        "arrowheadWidthRatio": a.num("arrow-head-width", 1), "arrowheadOffsetRatio": a.num("arrow-head-length", 1),
        "drawStartArrow": False, "drawEndArrow": True, "originY": "center", "trueHandles": ["mtr"],
        "disregard_sense": either_sense, "optional_grading": a.flag("optional-grading", False),
        "objectDrawErrorBox": a.error_box_flag(),
        **_box(("XcenterErrorBox1", "YcenterErrorBox1", "widthErrorBox1", "heightErrorBox1"), c1, h1, w1),
        **_box(("XcenterErrorBox2", "YcenterErrorBox2", "widthErrorBox2", "heightErrorBox2"), c2, h2, w2),
        "offset_forward": forward, "offset_backward": backward, **static_flags(),
    }


def grade_paired_vector(ref: dict, st: dict, tol: float, angtol: float) -> bool:
    """Each reference arrow must match a different student arrow, and the student's two arrows must
    point (nearly) opposite ways. Each arrow is graded as a vector at its own anchor."""
    per_arrow = ("top", "left", "angle", "XcenterErrorBox", "YcenterErrorBox", "widthErrorBox", "heightErrorBox")

    def as_single(obj: dict, k: int) -> dict:
        one = dict(obj)
        for key in per_arrow:
            one[key] = obj[f"{key}{k}"]
        one["x1"], one["y1"] = obj[f"x{k}"], obj[f"y{k}"]
        return one

    match = [[grade_vector(as_single(ref, i), as_single(st, j), tol, angtol) for j in (1, 2)] for i in (1, 2)]
    opposite = abs(abs(st["angle1"] - st["angle2"]) - 180) < 2 * angtol
    return ((match[0][1] and match[1][0]) or (match[0][0] and match[1][1])) and opposite


def double_headed_vector(el, data) -> dict:
    obj = vector(el, data)
    obj["type"] = "pl-double-headed-vector"
    return obj


def arc_vector(el, _data) -> dict:
    a = Attrs(el)
    clockwise = a.flag("clockwise-direction", True)
    x1, y1 = a.num("x1", 40), a.num("y1", 40)
    centre, h, w = error_box(x1, y1, 0, a.tol(), 0, 0)
    color = a.color("color", "purple")
    return {
        "left": x1, "top": y1, "angle": 0, "radius": a.num("radius", 30),
        "startAngle": a.num("start-angle", 0), "endAngle": a.num("end-angle", 210), "drawCenterPoint": a.flag("draw-center", True),
        "drawStartArrow": not clockwise, "drawEndArrow": clockwise,
        "label": a.text("label", ""), "offsetx": a.num("offsetx", 0), "offsety": a.num("offsety", 0),
        "stroke": color, "fill": color, "strokeWidth": a.num("stroke-width", 3),
        "arrowheadWidthRatio": a.num("arrow-head-width", 1), "arrowheadOffsetRatio": a.num("arrow-head-length", 1),
        "disregard_sense": a.flag("disregard-sense", False), "optional_grading": a.flag("optional-grading", False),
        "objectDrawErrorBox": a.error_box_flag(),
        **_box(("XcenterErrorBox", "YcenterErrorBox", "widthErrorBox", "heightErrorBox"), centre, h, w),
        "originY": "center", "selectable": D["selectable"], "clockwiseDirection": clockwise,
    }


def grade_arc_vector(ref: dict, st: dict, tol: float, _angtol: float) -> bool:
    dx, dy = float(st["left"]) - ref["left"], float(st["top"]) - ref["top"]
    if not (-tol <= dx <= tol and -tol <= dy <= tol):
        return False
    return bool(ref["disregard_sense"] or st["drawStartArrow"] == ref["drawStartArrow"])


def distributed_load(el, _data) -> dict:
    a = Attrs(el)
    x1, y1 = a.num("x1", 30), a.num("y1", 10)
    w1, w2 = a.num("w1", D["force-width"]), a.num("w2", D["force-width"])
    tallest = max(w1, w2)
    angle = a.num("angle", 0)
    theta = angle * math.pi / 180
    tail = a.flag("anchor-is-tail", True)
    left, top = x1, y1
    if not tail:
        left += tallest * math.sin(theta)
        top -= tallest * math.cos(theta)
    either_sense = a.flag("disregard-sense", False)
    forward = a.num("offset-forward", 1.1 * tallest if either_sense else 0)
    backward = a.num("offset-backward", 1.1 * tallest)
    # The box runs across the load (its arrows are perpendicular to its base), so height and width swap.
    centre, w, h = error_box(x1, y1, theta + math.pi / 2, a.tol(), forward, backward)
    return {
        "left": left, "top": top, "x1": x1, "y1": y1, "angle": angle, "range": a.num("width", D["force-width"]),
        "spacing": a.num("spacing", 20), "w1": w1, "w2": w2,
        "label1": a.text("label1", ""), "offsetx1": a.num("offsetx1", 2), "offsety1": a.num("offsety1", 2),
        "label2": a.text("label2", ""), "offsetx2": a.num("offsetx2", 2), "offsety2": a.num("offsety2", 2),
        "label": a.text("label", ""), "offsetx": a.num("offsetx", 2), "offsety": a.num("offsety", 2),
        "stroke": a.color("color", "red3"), "strokeWidth": a.num("stroke-width", 3),
        "arrowheadWidthRatio": a.num("arrow-head-width", 2), "arrowheadOffsetRatio": a.num("arrow-head-length", 3),
        "drawStartArrow": False, "drawEndArrow": True, "anchor_is_tail": tail, "trueHandles": ["mtr"],
        "disregard_sense": either_sense, "optional_grading": a.flag("optional-grading", False),
        "objectDrawErrorBox": a.error_box_flag(),
        **_box(("XcenterErrorBox", "YcenterErrorBox", "widthErrorBox", "heightErrorBox"), centre, h, w),
        "offset_forward": forward, "offset_backward": backward, "selectable": D["selectable"],
    }


def grade_distributed_load(ref: dict, st: dict, tol: float, angtol: float) -> bool:
    pos = np.array([st["left"], st["top"]]).astype(np.float64)
    if not _direction_ok(ref, st["angle"], angtol):
        return False
    if distance(st["range"], ref["range"]) > tol:
        return False
    rad = ref["angle"] * (np.pi / 180.0)
    along, across = _relative(ref, pos, [[-np.sin(rad), -np.cos(rad)], [np.cos(rad), -np.sin(rad)]])
    if not (-tol <= across <= tol and -(ref["offset_backward"] + tol) <= along <= ref["offset_forward"] + tol):
        return False
    sw1, sw2 = st["w1"], st["w2"]
    if ref["w1"] == ref["w2"]:  # a uniform load must stay uniform
        return sw1 == sw2
    if st.get("flipped"):
        sw1, sw2 = sw2, sw1
    return not ((ref["w1"] < ref["w2"] and sw1 > sw2) or (ref["w1"] > ref["w2"] and sw1 < sw2))


def _line_tolerances(a: Attrs, control: bool) -> dict:
    tol = a.tol()
    ox, oy = a.num("offset-tol-x", 0), a.num("offset-tol-y", 0)
    out = {"objectDrawErrorBox": a.error_box_flag(), "widthErrorBox": 2 * tol + 2 * ox, "heightErrorBox": 2 * tol + 2 * oy}
    if control:
        cx, cy = a.num("offset-control-tol-x", 0), a.num("offset-control-tol-y", 0)
        out.update({"widthErrorBoxControl": 2 * tol + 2 * cx, "heightErrorBoxControl": 2 * tol + 2 * cy})
    out.update({"offset_x": ox, "offset_y": oy})
    if control:
        out.update({"offset_control_x": cx, "offset_control_y": cy})
    return out


def controlled_line(el, _data) -> dict:
    a = Attrs(el)
    return {"x1": a.num("x1", 20), "x2": a.num("x2", 40), "y1": a.num("y1", 40), "y2": a.num("y2", 40),
            "stroke": a.color("color", "red"), "strokeWidth": a.num("stroke-width", 4), "handleRadius": a.num("handle-radius", 6),
            **_line_tolerances(a, False), **static_flags()}


def controlled_curved_line(el, _data) -> dict:
    a = Attrs(el)
    # The page's curve keeps its control point in x2/y2 and the far end in x3/y3.
    return {"x1": a.num("x1", 20), "y1": a.num("y1", 40), "x3": a.num("x2", 60), "y3": a.num("y2", 40),
            "x2": a.num("x3", 40), "y2": a.num("y3", 60),
            "stroke": a.color("color", "red"), "strokeWidth": a.num("stroke-width", 4), "handleRadius": a.num("handle-radius", 6),
            **_line_tolerances(a, True), **static_flags()}


def _near(st, ref, pairs, slack_x, slack_y, tol) -> bool:
    return all(distance(st[f"x{s}"], ref[f"x{r}"]) <= ref[slack_x] + tol and distance(st[f"y{s}"], ref[f"y{r}"]) <= ref[slack_y] + tol
               for s, r in pairs)


def grade_controlled_line(ref: dict, st: dict, tol: float, _angtol: float) -> bool:
    """Both end points within tolerance, in either order."""
    return any(_near(st, ref, pairs, "offset_x", "offset_y", tol) for pairs in ([(1, 1), (2, 2)], [(1, 2), (2, 1)]))


def grade_controlled_curved_line(ref: dict, st: dict, tol: float, _angtol: float) -> bool:
    """End points (x1, x3) in either order and the control point (x2)."""
    control = _near(st, ref, [(2, 2)], "offset_control_x", "offset_control_y", tol)
    return control and any(_near(st, ref, pairs, "offset_x", "offset_y", tol) for pairs in ([(1, 1), (3, 3)], [(1, 3), (3, 1)]))


GRAPH_LINE_ERRORS = {
    "size": "pl-graph-line error: the attribute end-points expects a list of size 2 or 3.",
    "missing": "pl-graph-line error: required attribute end-points is missing.",
    "grads": "pl-graph-line error: the attribute end-gradients expects an array with 2 values, one for each end point.",
    "both": ("pl-graph-line error: The end-gradients attribute conflicts with an end-points attribute of length 3. You should "
             "either provide three points to make a curve or the gradient, but not both."),
}


def graph_line(el, _data) -> dict:
    """A line or parabola in graph coordinates (y up) from `origin`: end points, or end points with
    the gradients there (the control point is where the two tangents cross)."""
    a = Attrs(el)
    origin = json.loads(a.text("origin")) if a.has("origin") else {"x": 0, "y": 0}
    x0, y0 = origin["x"], origin["y"]
    if not a.has("end-points"):
        raise ValueError(GRAPH_LINE_ERRORS["missing"])
    pts = json.loads(a.text("end-points"))
    if len(pts) not in (2, 3):
        raise ValueError(GRAPH_LINE_ERRORS["size"])
    (x1, y1), (x2, y2) = (pts[0]["x"], pts[0]["y"]), (pts[1]["x"], pts[1]["y"])
    control = (pts[2]["x"], pts[2]["y"]) if len(pts) == 3 else None
    if a.has("end-gradients"):
        if control is not None:
            raise ValueError(GRAPH_LINE_ERRORS["both"])
        grads = json.loads(a.text("end-gradients"))
        if len(grads) != 2:
            raise ValueError(GRAPH_LINE_ERRORS["grads"])
        g1, g2 = grads
        if abs(g1 - g2) < 1e-9:
            raise ValueError("The provided gradients are not compatible to compute a quadratic curve between the given points.")
        cx = ((y2 - g2 * x2) - (y1 - g1 * x1)) / (g1 - g2)
        control = (cx, (y1 - g1 * x1) + g1 * cx)
    obj = {"x1": x0 + x1, "y1": y0 - y1, "stroke": a.color("color", "red"), "strokeWidth": a.num("stroke-width", 4), "handleRadius": 6,
           **_line_tolerances(a, True), **static_flags()}
    if control is None:
        obj.update({"x2": x0 + x2, "y2": y0 - y2, "type": "pl-controlled-line"})
    else:
        obj.update({"x3": x0 + x2, "y3": y0 - y2, "x2": x0 + control[0], "y2": y0 - control[1], "type": "pl-controlled-curved-line"})
    return obj


def graph_line_grading_name(el) -> str:
    a = Attrs(el)
    curved = False
    if a.has("end-points"):
        n_points = len(json.loads(a.text("end-points")))
        n_grads = len(json.loads(a.text("end-gradients", "[]")))
        if n_points < 2 or n_points > 3:
            raise ValueError(GRAPH_LINE_ERRORS["size"])
        if n_grads not in (0, 2):
            raise ValueError(GRAPH_LINE_ERRORS["grads"])
        if n_points > 2 and n_grads > 0:
            raise ValueError(GRAPH_LINE_ERRORS["both"])
        curved = n_points == 3 or n_grads == 2
    return "pl-controlled-curved-line" if curved else "pl-controlled-line"


KINDS = {
    "pl-vector": make_kind(VECTOR_ATTRS, vector, grade_vector),
    "pl-double-headed-vector": make_kind(VECTOR_ATTRS, double_headed_vector, grade_vector),
    "pl-paired-vector": make_kind(["x1", "y1", "x2", "y2", "anchor-is-tail", "width", "angle1", "angle2", *VECTOR_ATTRS[5:], "weight"],
                                  paired_vector, grade_paired_vector),
    "pl-arc-vector": make_kind(["x1", "y1", "radius", "start-angle", "end-angle", "draw-center", "clockwise-direction", "label", "offsetx",
                                "offsety", "color", "stroke-width", "arrow-head-width", "arrow-head-length", "disregard-sense",
                                "draw-error-box", "optional-grading", "anchor-is-tail"], arc_vector, grade_arc_vector),
    "pl-distributed-load": make_kind(["x1", "y1", "anchor-is-tail", "width", "spacing", "w1", "w2", "angle", "label1", "offsetx1",
                                      "offsety1", "label2", "offsetx2", "offsety2", "color", "stroke-width", "arrow-head-width",
                                      "arrow-head-length", "disregard-sense", "draw-error-box", "offset-forward", "offset-backward",
                                      "optional-grading"], distributed_load, grade_distributed_load),
    "pl-controlled-line": make_kind(LINE_ATTRS, controlled_line, grade_controlled_line),
    "pl-controlled-curved-line": make_kind(LINE_ATTRS, controlled_curved_line, grade_controlled_curved_line),
    "pl-graph-line": make_kind(["origin", "end-points", "end-gradients", *LINE_ATTRS[6:13]], graph_line, grading_name=graph_line_grading_name),
}
