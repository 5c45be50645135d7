"""Reading a <pl-sketch>'s child tags as PrairieLearn does: tools (pl-sketch-tool), grading criteria
(pl-sketch-grade) and drawings (pl-sketch-initial, pl-sketch-solution), with PrairieLearn's defaults and
error messages, and drawings turned into the page's format (pixel coordinates, grouped by tool)."""

import re

import prairielearn as pl
from sketch_functions import parse_function
from sketch_fit import fit_curve
from sketch_geometry import canvas_of_ranges, sample_function

DASH_STYLES = {"solid", "dashed", "longdashed", "dotted", "dashdotted"}
COMMON_TOOL_ATTRIBS = ["label", "limit", "color", "helper", "read-only", "group"]

# Per tool type: (page plugin name, extra attributes allowed, defaults).
TOOL_TYPES = {
    "free-draw": ("freeform", [], {"label": "Function f(x)", "color": "blue"}),
    "point": ("point", ["size", "hollow"], {"label": "Point", "color": "black", "size": 15, "hollow": False}),
    "spline": ("spline", [], {"label": "Function f(x)", "color": "purple"}),
    "polyline": ("polyline", ["dash-style"], {"label": "Function f(x)", "color": "orange", "fillColor": "none",
                                              "opacity": 1, "closed": False}),
    "polygon": ("polyline", ["dash-style", "opacity", "fill-color"],
                {"label": "Polygon", "color": "mediumseagreen", "fillColor": "mediumseagreen", "opacity": 0.5,
                 "closed": True}),
    "line": ("line-segment", ["dash-style", "direction-constraint", "length-constraint", "arrowhead"],
             {"label": "Line", "color": "red", "dashStyle": "solid", "directionConstraint": None,
              "lengthConstraint": 0, "arrowHead": 0}),
    "horizontal-line": ("horizontal-line", ["dash-style"],
                        {"label": "Horizontal Line", "color": "dimgray", "dashStyle": "dashdotted"}),
    "vertical-line": ("vertical-line", ["dash-style"],
                      {"label": "Vertical Line", "color": "dimgray", "dashStyle": "dashdotted"}),
}


def split_range(text: str, start, end) -> list[float]:
    """"a,b" with either end left empty for the given default (None: both ends required)."""
    parts = [None if p.strip() == "" else float(p) for p in text.split(",")]
    if len(parts) != 2:
        if start is None:
            raise ValueError(f"Invalid range: {text}. Ranges must contain two values separated by a comma.")
        raise ValueError(f"Invalid range: {text}. Ranges must contain two values (or empty placeholders) separated by a comma.")
    lo = start if parts[0] is None else parts[0]
    hi = end if parts[1] is None else parts[1]
    if lo is None or hi is None:
        raise ValueError(f"Invalid range: {text}. No empty range placeholders are allowed for canvas ranges.")
    if lo >= hi:
        raise ValueError(f"Invalid range: {text}. Ranges must be ordered from low to high numbers and within the canvas bounds.")
    return [lo, hi]


def read_tool(tag) -> dict:
    kind = pl.get_string_attrib(tag, "type").strip()
    tool_id = pl.get_string_attrib(tag, "id").strip()
    if kind not in TOOL_TYPES:
        raise ValueError("Invalid tool type used: " + kind)
    name, extra, d = TOOL_TYPES[kind]
    pl.check_attribs(tag, ["type", "id"], COMMON_TOOL_ATTRIBS + extra)
    tool = {
        "name": name, "id": tool_id,
        "label": pl.get_string_attrib(tag, "label", d["label"]),
        "color": pl.get_string_attrib(tag, "color", d["color"]),
        "readonly": pl.get_boolean_attrib(tag, "read-only", False),
        "helper": pl.get_boolean_attrib(tag, "helper", False),
        "limit": pl.get_integer_attrib(tag, "limit", None),
        "group": pl.get_string_attrib(tag, "group", None),
        "dashStyle": pl.get_string_attrib(tag, "dash-style", d.get("dashStyle")),
        "directionConstraint": pl.get_string_attrib(tag, "direction-constraint", d.get("directionConstraint")),
        "lengthConstraint": pl.get_float_attrib(tag, "length-constraint", d.get("lengthConstraint")),
        "size": pl.get_integer_attrib(tag, "size", d.get("size")),
        "hollow": pl.get_boolean_attrib(tag, "hollow", d.get("hollow")),
        "opacity": pl.get_float_attrib(tag, "opacity", d.get("opacity")),
        "fillColor": pl.get_string_attrib(tag, "fill-color", d.get("fillColor")),
        "arrowHead": pl.get_integer_attrib(tag, "arrowhead", d.get("arrowHead")),
        "closed": d.get("closed"),
    }
    if tool["readonly"] and tool["helper"]:
        raise ValueError('A tool cannot be set to be both a "helper" and "read-only".')
    if tool["limit"] is not None and tool["limit"] < 1:
        raise ValueError("A tool cannot have a limit of less than 1.")
    if tool["dashStyle"] and tool["dashStyle"] not in DASH_STYLES:
        raise ValueError(f'A tool cannot have a dash-style "{tool["dashStyle"]}"')
    if tool["directionConstraint"] and tool["directionConstraint"] not in {"horizontal", "vertical", "none"}:
        raise ValueError(f'A tool cannot have a directional constraint "{tool["directionConstraint"]}"')
    if tool["opacity"] and not 0 <= tool["opacity"] <= 1:
        raise ValueError("A tool cannot have an opacity outside the range [0,1].")
    if tool["lengthConstraint"] and tool["lengthConstraint"] < 0:
        raise ValueError("A tool cannot have a negative length constraint.")
    if tool["arrowHead"] and tool["arrowHead"] < 0:
        raise ValueError("A tool cannot have a negative arrowhead size.")
    return tool


def default_tool() -> dict:
    """The free-draw tool a canvas gets when it declares none."""
    keys = ["dashStyle", "directionConstraint", "lengthConstraint", "size", "hollow", "opacity", "closed",
            "fillColor", "arrowHead"]
    return {"name": "freeform", "id": "fd", "label": "Function f(x)", "color": "blue", "readonly": False,
            "helper": False, "limit": None, "group": None, **dict.fromkeys(keys)}


def drawing_coordinates(text: str, tool_name: str) -> list[float]:
    if tool_name in ("horizontal-line", "vertical-line"):
        try:
            return [float(text.strip())]
        except ValueError as err:
            raise ValueError(f'Invalid coordinate "{text}". Drawings for {tool_name} tools need exactly one numeric coordinate.') from err
    pair = r"\s*\([^(),]+,[^(),]+\)\s*"
    if not re.match(rf"^{pair}(,{pair})*$", text):
        raise ValueError(f'Invalid coordinate "{text}". Drawings for {tool_name} tools need parenthesis-wrapped, comma-separated coordinate pairs.')
    out: list[float] = []
    for found in re.findall(pair, text):
        x, y = found.strip()[1:-1].split(",")
        out += [float(x.strip()), float(y.strip())]
    return out


def read_drawing(tag, tools: dict, ranges: dict) -> dict:
    tool_id = pl.get_string_attrib(tag, "tool-id")
    coords_text = pl.get_string_attrib(tag, "coordinates", None)
    fun = pl.get_string_attrib(tag, "function", None)
    xrange = split_range(pl.get_string_attrib(tag, "x-range", ","), ranges["x_start"], ranges["x_end"])
    if tool_id not in tools:
        raise ValueError(f'Drawing tool "{tool_id}" is not a valid tool ID.')
    if (coords_text is None) == (fun is None):
        raise ValueError('Each initial drawing element needs either a "coordinates" or a "function" attribute.')
    name = tools[tool_id]["name"]
    coords = drawing_coordinates(coords_text, name) if coords_text is not None else []
    if name in ("horizontal-line", "vertical-line") and len(coords) != 1:
        raise ValueError("Drawings for horizontal/vertical tools need exactly one coordinate.")
    if name == "point" and len(coords) != 2:
        raise ValueError("Drawings for points need exactly one coordinate pair.")
    if name == "line-segment" and len(coords) != 4:
        raise ValueError("Drawings for lines need exactly two coordinate pairs.")
    several = "Drawings for lines with multiple segments need at least two coordinate pairs."
    if name == "polyline" and (len(coords) < 4 or len(coords) % 2):
        raise ValueError(several)
    if name in ("spline", "freeform"):
        if fun is not None:
            parse_function(fun)
        elif len(coords) < 4 or len(coords) % 2:
            raise ValueError(several)
    return {"toolid": tool_id, "coordinates": coords, "fun": fun, "xrange": xrange}


def client_drawings(drawings: list[dict], tool: dict, ranges: dict) -> list:
    """One tool's drawings in the page's format: {"y"} / {"x"} per line, a flat list of {"x","y"} for
    points and line ends, and one list per curve (its clicked points; for free-draw, its fitted spline)."""
    canvas = canvas_of_ranges(ranges)
    mine = [d for d in drawings if d["toolid"] == tool["id"]]
    name = tool["name"]
    if name == "vertical-line":
        return [{"x": canvas.pixel(c, 0)[0]} for d in mine for c in d["coordinates"]]
    if name == "horizontal-line":
        return [{"y": canvas.pixel(0, c)[1]} for d in mine for c in d["coordinates"]]
    pairs = [[list(canvas.pixel(c[i], c[i + 1])) for i in range(0, len(c), 2)] for c in (d["coordinates"] for d in mine)]
    if name not in ("spline", "freeform", "polyline"):
        return [{"x": p[0], "y": p[1]} for ps in pairs for p in ps]
    curves = []
    for d, ps in zip(mine, pairs):
        pieces = [ps] if d["fun"] is None else sample_function(parse_function(d["fun"]), *d["xrange"], canvas)
        for piece in pieces:
            if name == "freeform":
                piece = fit_curve(piece, 5)  # a free-draw curve is stored as its fitted spline
            curves.append([{"x": p[0], "y": p[1]} for p in piece])
    return curves


SHAPE_TYPES = ("defined-in", "undefined-in", "monot-increasing", "monot-decreasing", "concave-up", "concave-down")
COMMON_GRADER_ATTRIBS = ["tool-id", "tolerance", "weight", "stage", "feedback", "debug"]


def _check_shape_tools(kind: str, tools: list[dict]) -> None:
    for tool in tools:
        if tool["name"] == "horizontal-line":
            raise ValueError(f'The "{kind}" grading criterion does not support the horizontal line tool.')
        if tool["name"] == "point" and kind != "undefined-in":
            raise ValueError(f'The "{kind}" grading criterion does not support the point tool.')
        if kind not in ("defined-in", "undefined-in") and tool["name"] == "polyline" and tool["closed"]:
            raise ValueError(f'The "{kind}" grading criterion does not support the polygon tool.')
        if kind != "undefined-in" and tool["name"] == "vertical-line":
            raise ValueError(f'The "{kind}" grading criterion does not support the polygon or vertical line tools.')


def _check_match(tag, tools: list[dict]) -> None:
    x = pl.get_float_attrib(tag, "x", None)
    y = pl.get_float_attrib(tag, "y", None)
    endpoint = pl.get_string_attrib(tag, "endpoint", None)
    for tool in tools:
        if tool["name"] == "horizontal-line" and y is None:
            raise ValueError('The "y" attribute is required to use the "match" grading criterion for horizontal lines.')
        if tool["name"] == "vertical-line" and x is None:
            raise ValueError('The "x" attribute is required to use the "match" grading criterion for vertical lines.')
        if x is None and y is None:
            raise ValueError('Either the "x" or the "y" attribute is required to use the "match" grading criterion.')
        if endpoint is not None:
            if tool["name"] != "line-segment":
                raise ValueError('The "endpoint" attribute of the "match" grading criterion can only be used for lines.')
            if endpoint not in ("start", "end", "either"):
                raise ValueError('The "endpoint" attribute of the "match" grading criterion must be "start", "end", or "either".')


def read_grader(tag, tools_by_id: dict, ranges: dict) -> dict:
    """A pl-sketch-grade tag as the grader's dictionary, checked as PrairieLearn checks it."""
    kind = pl.get_string_attrib(tag, "type").strip()
    tools = []
    for raw in pl.get_string_attrib(tag, "tool-id").split(","):
        if raw.strip() not in tools_by_id:
            raise ValueError(f"Invalid tool id: {raw.strip()}")
        tools.append(tools_by_id[raw.strip()])
    allowed = list(COMMON_GRADER_ATTRIBS)
    tolerance = 15
    if kind == "count":
        allowed += ["mode", "x-range", "count"]
        mode = pl.get_string_attrib(tag, "mode", None)
        if pl.get_integer_attrib(tag, "count", None) is None:
            raise ValueError('The "count" attribute is required to use the "count" grading criterion.')
        if mode is not None and mode not in ("exact", "at-least", "at-most"):
            raise ValueError('The "mode" attribute of the "count" grading criterion must be "exact", "at-least", or "at-most".')
    elif kind in SHAPE_TYPES:
        allowed.append("x-range")
        _check_shape_tools(kind, tools)
        tolerance = 10 if kind.startswith("concave") else 5 if kind.startswith("monot") else 20
    elif kind == "match":
        allowed += ["x", "y", "endpoint"]
        _check_match(tag, tools)
    elif kind == "match-function":
        allowed += ["function", "xy-flip", "allow-undefined", "x-range", "y-range"]
        if pl.get_boolean_attrib(tag, "xy-flip", False):
            split_range(pl.get_string_attrib(tag, "y-range", ","), ranges["y_start"], ranges["y_end"])
        else:
            split_range(pl.get_string_attrib(tag, "x-range", ","), ranges["x_start"], ranges["x_end"])
        parse_function(pl.get_string_attrib(tag, "function"))
        for tool in tools:
            if tool["name"] in ("line-segment", "horizontal-line", "vertical-line") or (tool["name"] == "polyline" and tool["closed"]):
                raise ValueError('The "match-function" grading criterion does not support the line, polygon, or horizontal/vertical line tools.')
        pl.get_boolean_attrib(tag, "allow-undefined", False)
    elif kind in ("less-than", "greater-than"):
        allowed += ["y", "function", "xy-flip", "allow-undefined", "x-range", "y-range"]
        y = pl.get_float_attrib(tag, "y", None)
        fun = pl.get_string_attrib(tag, "function", None)
        if (y is None) == (fun is None):
            raise ValueError(f'For the "{kind}" grading criterion, exactly one of the attributes "y" and "function" must be set.')
        if fun is not None:
            parse_function(fun)
        for tool in tools:
            if tool["name"] == "vertical-line":
                raise ValueError(f'The "{kind}" grading criterion does not support the vertical line tool.')
        pl.get_boolean_attrib(tag, "allow-undefined", False)
    else:
        raise ValueError("Invalid grader type used: " + kind)
    pl.check_attribs(tag, ["type", "tool-id"], allowed)
    return {
        "type": kind, "toolid": tools,
        "weight": pl.get_integer_attrib(tag, "weight", 1),
        "stage": pl.get_integer_attrib(tag, "stage", 0),
        "tolerance": pl.get_integer_attrib(tag, "tolerance", tolerance),
        "debug": pl.get_boolean_attrib(tag, "debug", False),
        "feedback": pl.get_string_attrib(tag, "feedback", None),
        "x": pl.get_float_attrib(tag, "x", None),
        "y": pl.get_float_attrib(tag, "y", None),
        "xrange": split_range(pl.get_string_attrib(tag, "x-range", ","), ranges["x_start"], ranges["x_end"]),
        "yrange": split_range(pl.get_string_attrib(tag, "y-range", ","), ranges["y_start"], ranges["y_end"]),
        "endpoint": pl.get_string_attrib(tag, "endpoint", None),
        "count": pl.get_integer_attrib(tag, "count", None),
        "fun": pl.get_string_attrib(tag, "function", None),
        "xyflip": pl.get_boolean_attrib(tag, "xy-flip", None),
        "mode": pl.get_string_attrib(tag, "mode", None),
        "allowundefined": pl.get_boolean_attrib(tag, "allow-undefined", None),
    }
