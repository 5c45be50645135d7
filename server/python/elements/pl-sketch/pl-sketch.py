"""<pl-sketch>: a canvas on which students draw points, lines and curves with the author's tools; the
drawing is graded against the author's criteria (pl-sketch-grade). The controller gives the page a
canvas config (pixel size, graph ranges, toolbar, drawings to start with); the page script
(pl-sketch.js) keeps, in the hidden input, base64 of JSON {"data": drawings per tool, "gradeable":
curves as splines and points per tool} as PrairieLearn's canvas does, and parse/grade read "gradeable"."""

import base64
import copy
import json
import random
import string

import prairielearn as pl
from prairielearn.element_ui import parse_element
from sketch_config import client_drawings, default_tool, read_drawing, read_grader, read_tool, split_range
from sketch_geometry import ranges_config
from sketch_grading import grade_with_stages, solution_to_gradeable, shifted_and_reversed
from sketch_panels import panel_html

ELEMENT_ATTRIBS = ["weight", "x-range", "y-range", "width", "height", "enforce-bounds", "read-only",
                   "overlay-solution", "allow-blank"]
MAX_TOOL_ICONS = 7


def _key(name: str) -> str:
    return name + "-sketchresponse-submission"


def _toolbar(element) -> tuple[list, dict, dict]:
    toolbar, tools, groups = [], {}, {}
    for tag in element:
        if tag.tag != "pl-sketch-tool":
            continue
        tool = read_tool(tag)
        tools[tool["id"]] = tool
        group = tool["group"]
        if group is None:
            toolbar.append(tool)
        elif group in groups:
            groups[group].append(tool)
        else:
            groups[group] = [tool]
            toolbar.append({"name": "group", "id": group, "label": group, "plugins": groups[group]})
    if not tools:
        tools["fd"] = default_tool()
        toolbar.append(tools["fd"])
    toolbar.insert(0, {"name": "axes", "xaxisLabel": {"value": "x", "dx": 10, "dy": 10},
                       "yaxisLabel": {"value": "y", "dx": 10, "dy": 20},
                       "colors": {"xaxisLabel": "blue", "yaxisLabel": "blue"},
                       "fontSize": {"xaxisLabel": 14, "yaxisLabel": 14}})
    return toolbar, tools, groups


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, ["answers-name"], ELEMENT_ATTRIBS)
    name = pl.get_string_attrib(element, "answers-name")
    pl.check_answers_names(data, name)
    read_only = pl.get_boolean_attrib(element, "read-only", False)
    pl.get_boolean_attrib(element, "overlay-solution", True)
    toolbar, tools, groups = _toolbar(element)
    icons = len([t for t in tools.values() if not t["readonly"] and not t["helper"] and not t["group"]]) + len(groups)
    if icons > MAX_TOOL_ICONS:
        raise ValueError("A maximum of 7 tool icons is supported in a sketching canvas toolbar. "
                         "Consider using groups to reduce the number of toolbar icons.")
    min_width = 240 if read_only else 240 + 70 * icons
    width = pl.get_integer_attrib(element, "width", 800)
    if width > 900:
        raise ValueError("The width of the sketching canvas must be less than or equal to 900 pixels to avoid display issues.")
    if width < min_width:
        raise ValueError(f"width must be at least {min_width} pixels to avoid display issues. "
                         "Note that this value is based on the number of tool icons in the toolbar.")
    height = pl.get_integer_attrib(element, "height", 450)
    x_range = split_range(pl.get_string_attrib(element, "x-range", "-5,5"), None, None)
    y_range = split_range(pl.get_string_attrib(element, "y-range", "-5,5"), None, None)
    ranges = ranges_config(x_range, y_range, width, height)
    enforce_bounds = pl.get_boolean_attrib(element, "enforce-bounds", False)

    graders, initials, solutions = [], [], []
    for tag in element:
        if tag.tag == "pl-sketch-grade":
            graders.append(read_grader(tag, tools, ranges))
        elif tag.tag == "pl-sketch-initial":
            initials.append(read_drawing(tag, tools, ranges))
        elif tag.tag == "pl-sketch-solution":
            solutions.append(read_drawing(tag, tools, ranges))
    # Tools in the order their drawings appear (PrairieLearn's order comes from a set, so it varies).
    initial_state = {tid: client_drawings(initials, tools[tid], ranges) for tid in dict.fromkeys(d["toolid"] for d in initials)}
    solution_state = {tid: client_drawings(solutions, tools[tid], ranges) for tid in dict.fromkeys(d["toolid"] for d in solutions)}
    config = {
        "width": width, "height": height,
        "xrange": [ranges["x_start"], ranges["x_end"]], "yrange": [ranges["y_start"], ranges["y_end"]],
        "xscale": "linear", "yscale": "linear", "enforceBounds": enforce_bounds, "safetyBuffer": 10,
        "coordinates": "cartesian", "plugins": toolbar, "initialstate": initial_state,
    }
    data["params"][name] = {"plugins": toolbar, "tool_data": tools, "initial_state": initial_state,
                            "solution_state": solution_state, "ranges": ranges, "graders": graders, "config": config}


def _encode(value) -> str:
    return base64.b64encode(json.dumps(value).encode("utf-8")).decode("utf-8")


def _decode(text: str):
    return json.loads(base64.b64decode(text).decode("utf-8"))


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    params = data["params"][name]
    config = copy.deepcopy(params["config"])
    solution = params["solution_state"]
    submission = data["raw_submitted_answers"].get(_key(name))
    if submission:
        try:
            config["initialstate"] = _decode(submission)["data"]
        except Exception:  # noqa: BLE001 - any unreadable submission gets the same message
            data["format_errors"][name] = "Invalid or corrupted submission data received from SketchResponse."
    read_only = pl.get_boolean_attrib(element, "read-only", False)
    overlay = False
    if data["panel"] != "answer" and pl.get_boolean_attrib(element, "overlay-solution", True) and solution and data.get("correct_answer_shown"):
        overlay = True
        for tool_id, drawings in solution.items():
            ghost = dict(params["tool_data"][tool_id], id=f"{tool_id}-solution-overlay", readonly=True, overlay=True)
            config["plugins"].insert(1, ghost)
            config["initialstate"].setdefault(ghost["id"], []).extend(drawings)
    # Only the question panel's id matters (it names the submitted input); others need only be unique.
    other_id = "".join(random.choice(string.ascii_lowercase) for _ in range(15))
    partial = data["partial_scores"].get(name)
    error = data["format_errors"].get(name)
    if data["panel"] == "question":
        if read_only or not data["editable"]:
            config["readonly"] = True
        return panel_html(name, config, overlay, read_only, partial, error, named=True)
    if data["panel"] == "submission":
        config["readonly"] = True
        return panel_html(other_id, config, overlay, read_only, partial, error, named=False)
    if solution:
        config["initialstate"] = solution
        config["readonly"] = True
        return panel_html(other_id, config, overlay, True, None, None, named=False)
    return "No answer to display."


def _check_gradeable(gradeable) -> None:
    if not isinstance(gradeable, dict):
        raise TypeError("gradeable must be a dictionary")
    for tool_id, items in gradeable.items():
        if not isinstance(items, list):
            raise TypeError(f"gradeable[{tool_id}] must be a list")
        for i, item in enumerate(items):
            where = f"gradeable[{tool_id}][{i}]"
            if not isinstance(item, dict):
                raise TypeError(f"{where} must be a dictionary")
            if "spline" not in item and "point" not in item:
                raise ValueError(f"{where} must have either 'spline' or 'point' key")
            if "spline" in item:
                if not isinstance(item["spline"], list):
                    raise TypeError(f"{where}['spline'] must be a list")
                for j, pair in enumerate(item["spline"]):
                    if not isinstance(pair, list) or len(pair) != 2:
                        raise TypeError(f"{where}['spline'][{j}] must be a [x, y] pair")
                    if not all(isinstance(c, (int, float)) for c in pair):
                        raise TypeError(f"{where}['spline'][{j}] must contain numeric values")
            if "point" in item:
                if not isinstance(item["point"], list) or len(item["point"]) != 2:
                    raise TypeError(f"{where}['point'] must be a [x, y] pair")
                if not all(isinstance(c, (int, float)) for c in item["point"]):
                    raise TypeError(f"{where}['point'] must contain numeric values")


def parse(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    if pl.get_boolean_attrib(element, "read-only", False):
        return
    submission = data["raw_submitted_answers"].get(_key(name))
    if not submission:
        data["format_errors"][name] = "No graph has been submitted."
        return
    try:
        gradeable = _decode(submission)["gradeable"]
        _check_gradeable(gradeable)
    except Exception as err:  # noqa: BLE001 - the message names what is wrong
        data["format_errors"][name] = f"Invalid or corrupted submission data: {err}"
        return
    if not pl.get_boolean_attrib(element, "allow-blank", False) and all(len(v) == 0 for v in gradeable.values()):
        data["format_errors"][name] = "Graph is blank."
        return
    _check_shapes(name, gradeable, data)


def _check_shapes(name: str, gradeable: dict, data: dict) -> None:
    """Polygons of at most 30 corners; curves of one tool read as one function must not overlap in x."""
    params = data["params"][name]
    tools = params["tool_data"]
    flipped = {t["id"] for g in params["graders"] if g.get("xyflip") is True for t in g["toolid"]}
    for tool_id, items in gradeable.items():
        if tool_id not in tools:
            data["format_errors"][name] = f'Invalid data for tool "{tool_id}" in submission.'
            continue
        tool = tools[tool_id]
        if tool["name"] == "polyline" and tool["closed"]:
            if any("spline" in it and (len(it["spline"]) - 1) / 3 > 30 for it in items):
                data["format_errors"][name] = "A drawn polygon/region exceeds the allowed number of vertices (max 30)."
        elif tool["name"] in ("freeform", "spline", "polyline") and tool_id not in flipped and len(items) > 1:
            spans = sorted([min(p[0] for p in it["spline"]), max(p[0] for p in it["spline"])] for it in items)
            for a, b in zip(spans, spans[1:]):
                if b[0] < a[1] and min(a[1], b[1]) - b[0] > 5:
                    data["format_errors"][name] = (
                        f'Multiple "{tool["label"]}" lines are defined in the same range. These lines are '
                        "interpreted as functions, and only one y-value can exist for any x-coordinate.")
                    break


def grade(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    if pl.get_boolean_attrib(element, "read-only", False):
        return
    name = pl.get_string_attrib(element, "answers-name")
    gradeable = _decode(data["submitted_answers"][_key(name)])["gradeable"]
    data["partial_scores"][name] = grade_with_stages(data["params"][name], gradeable,
                                                     pl.get_integer_attrib(element, "weight", 1))


def test(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    if pl.get_boolean_attrib(element, "read-only", False):
        return
    name = pl.get_string_attrib(element, "answers-name")
    params = data["params"][name]
    if data["test_type"] == "invalid" or (not params["solution_state"] and not pl.get_boolean_attrib(element, "allow-blank", False)):
        data["format_errors"][name] = "No graph has been submitted."
        data["raw_submitted_answers"][_key(name)] = _encode({})
        return
    gradeable = solution_to_gradeable(params["solution_state"], params["tool_data"], params["config"])
    if data["test_type"] == "incorrect":
        gradeable = shifted_and_reversed(gradeable)
    data["raw_submitted_answers"][_key(name)] = _encode({"gradeable": gradeable})
    # PrairieLearn grades the made-up submission to know what to expect (a solution may not earn 100%).
    data["partial_scores"][name] = grade_with_stages(params, gradeable, pl.get_integer_attrib(element, "weight", 1))
