"""<pl-drawing>: a canvas of drawing objects. Initial objects (pl-drawing-initial) are fixed; with
gradable="true" the student places objects with the buttons of pl-controls and they are compared
with pl-drawing-answer's objects, each kind by its own rule, within `tol` pixels and `angle-tol`
degrees. The page script (pl-drawing.js) draws the objects and writes the placed ones as JSON."""

import copy
import html
import json
import math
import random

import defaults
import drawing_items as items
import elements
import lxml.etree
import prairielearn as pl
from prairielearn.element_ui import invalid_badge, parse_element, score_badge

WEIGHT_DEFAULT = 1
ALLOW_BLANK_DEFAULT = False
SHOW_SCORE_DEFAULT = False
E = defaults.element_defaults


def _blank_score(weight: int) -> dict:
    return {"score": 0.0, "weight": weight,
            "feedback": {"correct": False, "partial": False, "incorrect": True, "missing": {}, "matches": {}}}


def _load_extensions(data: dict) -> None:
    for name, ext in pl.load_all_extensions(data).items():
        elements.register_extension(name, ext, data)


def _gradable(element) -> bool:
    return pl.get_boolean_attrib(element, "gradable", E["gradable"])


def _tolerances(element) -> tuple[float, float, int]:
    grid = pl.get_integer_attrib(element, "grid-size", E["grid-size"])
    tol = pl.get_float_attrib(element, "tol", grid / 2 if grid != 0 else E["grid-size"] / 2)
    return tol, pl.get_float_attrib(element, "angle-tol", E["angle-tol"]), grid


def _answers_name(element) -> str:
    return pl.get_string_attrib(element, "answers-name", E["answers-name"])


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    items.check_attributes(element)
    gradable = _gradable(element)
    _load_extensions(data)
    if not gradable:
        return
    name = pl.get_string_attrib(element, "answers-name", None)
    if name is None:
        raise ValueError("answers-name is required if gradable mode is enabled")
    answer_child = initial_child = None
    draw_error_box = E["draw-error-box"]
    for child in element:
        if child.tag == "pl-drawing-answer":
            if answer_child is not None:
                raise ValueError("You should have only one pl-drawing-answer inside a pl-drawing.")
            draw_error_box = pl.get_boolean_attrib(child, "draw-error-box", E["draw-error-box"])
            answer_child = child
        if child.tag == "pl-drawing-initial":
            if initial_child is not None:
                raise ValueError("You should have only one pl-drawing-initial inside a pl-drawing.")
            initial_child = child
        if child.tag == "pl-controls":
            for button in items.buttons_of(child):
                kind = items.button_kind(button.attrib.get("type", None))
                if elements.should_validate_attributes(kind):
                    pl.check_attribs(button, required_attribs=["type"], optional_attribs=elements.get_attributes(kind))
    if answer_child is None:
        raise ValueError('You do not have any "pl-drawing-answer" inside pl-drawing where gradable=True. You should either specify the '
                         '"pl-drawing-answer" if you want to grade objects, or make gradable=False')
    # Initial objects first, so that answer objects are numbered (and drawn) after them.
    next_id = 0
    initial = None
    if initial_child is not None:
        initial, next_id = items.items_from(initial_child, next_id)
    answer, next_id = items.items_from(answer_child, next_id)
    items.with_error_boxes(answer, draw_error_box, graded=True)
    # PrairieLearn means to require a pl-vector answer as wide as its button's vector here, but its
    # check compares the kind with "vector", which no object has, so it never applies; nor here.
    if initial is not None:
        for obj in initial:
            obj["graded"] = False
        data["correct_answers"][name] = items.union(initial, answer)
    elif len(answer) > 0:
        data["correct_answers"][name] = answer


def _button_html(button) -> str:
    type_name = button.attrib.get("type", None)
    kind = items.button_kind(type_name)
    if type_name == "pl-arc-vector-CCW":
        button.attrib["clockwise-direction"] = "false"
    elif type_name == "pl-arc-vector-CW":
        button.attrib["clockwise-direction"] = "true"
    opts = elements.generate(button, kind)
    opts.update({"selectable": True, "evented": True, "graded": True, "placed_by_user": True})
    opts.setdefault("type", kind)
    label = html.escape(type_name or "", quote=True)
    return (f'<button type="button" name="{label}" class="btn btn-primary pl-drawing-button" title="{label}" '
            f'data-options="{html.escape(json.dumps(opts), quote=True)}"><span class="pl-drawing-icon" aria-hidden="true"></span>'
            f'<span class="visually-hidden">{label}</span></button>')


def _controls_html(controls) -> str:
    parts = []
    for group in controls:
        if group.tag is lxml.etree.Comment:
            continue
        if group.tag != "pl-controls-group":
            parts.append(f"unknown tag {html.escape(str(group.tag))}")
            continue
        buttons = [_button_html(b) if b.tag == "pl-drawing-button" else f"unknown tag {html.escape(str(b.tag))}"
                   for b in group if b.tag is not lxml.etree.Comment]
        label = html.escape(group.attrib.get("label", ""))
        parts.append(f'<div class="pl-drawing-group-label"><strong>{label}</strong></div><div class="pl-drawing-buttons">{"".join(buttons)}</div>')
    return "".join(parts)


def _tolerance_text(tol: float, angle_tol: float, grid: int) -> str:
    if grid == 0:
        return f"The expected tolerance is {tol} pixels for position and {angle_tol} degrees for angle."
    if math.isclose(tol, grid / 2):
        return f"The expected tolerance is 1/2 square grid for position and {angle_tol} degrees for angle."
    return f"The expected tolerance is {round(tol / grid, 2)} square grid for position and {angle_tol} degrees for angle."


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name", "")
    preview_only = not _gradable(element)
    _load_extensions(data)
    buttons_html = ""
    initial: list[dict] = []
    for child in element:
        if child.tag is lxml.etree.Comment:
            continue
        if child.tag == "pl-controls" and not preview_only:
            buttons_html = _controls_html(child)
        elif child.tag == "pl-drawing-initial":
            initial, _ = items.items_from(child)
            items.with_error_boxes(initial, pl.get_boolean_attrib(child, "draw-error-box", E["draw-error-box"]), graded=False)
    tol, angle_tol, grid = _tolerances(element)
    width = pl.get_float_attrib(element, "width", E["width"])
    height = pl.get_float_attrib(element, "height", E["height"])
    question = data["panel"] == "question"
    options = {
        "snap_to_grid": pl.get_boolean_attrib(element, "snap-to-grid", E["snap-to-grid"]), "grid_size": grid,
        "editable": bool(question and data["editable"] and not preview_only),
        "element_client_files": data["options"].get("client_files_extensions_url", {}), "width": width, "height": height,
    }
    uuid = pl.get_uuid()
    if data["panel"] == "answer" and pl.get_boolean_attrib(element, "hide-answer-panel", True):
        return ""
    if preview_only:
        shown = initial
    elif data["panel"] == "answer" and name in data["correct_answers"]:
        shown = data["correct_answers"].get(name, [])
    else:
        shown = items.union(initial, data["submitted_answers"].get(name) or [])
    header = ""
    if data["panel"] in ("question", "submission"):
        error = data["format_errors"].get(name, None)
        if error is not None:
            header = f'{invalid_badge()} <span class="pl-drawing-error small">{html.escape(str(error))}</span>'
        elif pl.get_boolean_attrib(element, "show-score", SHOW_SCORE_DEFAULT) and name in data["partial_scores"]:
            score = data["partial_scores"][name].get("score")
            if score is not None:
                header = score_badge(float(score))
    aria = "".join(f' {attr}="{html.escape(v, quote=True)}"' for attr, v in (
        ("aria-label", pl.get_string_attrib(element, "aria-label", E["aria-label"])),
        ("aria-description", pl.get_string_attrib(element, "aria-description", E["aria-description"]))) if v is not None)
    show_buttons = question and not preview_only
    hint = ""
    if show_buttons and pl.get_boolean_attrib(element, "show-tolerance-hint", E["show-tolerance-hint"]):
        hint = f'<div class="pl-drawing-hint"><small>({pl.get_string_attrib(element, "tolerance-hint", _tolerance_text(tol, angle_tol, grid))})</small></div>'
    sidebar = ""
    if show_buttons:
        sidebar = f'<div class="pl-drawing-sidebar" data-restore-hidden><input type="hidden" name="{html.escape(name, quote=True)}">{buttons_html}</div>'
    role = ' role="img"' if preview_only else ""
    return (
        f'<div id="pl-drawing-{uuid}" class="pl-drawing-container mb-3" data-options="{html.escape(json.dumps(options), quote=True)}" '
        f'data-objects="{html.escape(json.dumps(shown), quote=True)}"><div class="pl-drawing-output">'
        + (f'<div class="pl-drawing-header">{header}</div>' if header else "")
        + f'<div class="pl-drawing-canvas" style="width: {width}px; height: {height}px"{role}{aria}></div>'
        + f"{hint}</div>{sidebar}</div>"
    )


def parse(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    name = _answers_name(element)
    if not _gradable(element):
        return
    _load_extensions(data)
    allow_blank = pl.get_boolean_attrib(element, "allow-blank", ALLOW_BLANK_DEFAULT)
    raw = data["submitted_answers"].get(name)
    if allow_blank and (raw is None or len(raw) == 0):
        data["submitted_answers"][name] = None
        return
    try:
        value = json.loads(raw)
        data["submitted_answers"][name] = value
        if value is None or len(value) == 0:
            data["submitted_answers"][name] = None
            if not allow_blank:
                data["format_errors"][name] = defaults.no_submission_error
    except (json.JSONDecodeError, KeyError, TypeError):
        data["submitted_answers"][name] = None
        data["format_errors"][name] = defaults.no_submission_error


def _counts_for_grading(obj) -> bool:
    return "gradingName" in obj and elements.is_gradable(obj["gradingName"]) and obj.get("graded", False) and "graded" in obj


def grade(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    if not _gradable(element):
        return
    _load_extensions(data)
    allow_blank = pl.get_boolean_attrib(element, "allow-blank", ALLOW_BLANK_DEFAULT)
    weight = pl.get_integer_attrib(element, "weight", WEIGHT_DEFAULT)
    tol, angle_tol, _ = _tolerances(element)
    keep_duplicates = pl.get_boolean_attrib(element, "disregard-extra-elements", E["disregard-extra-elements"])
    name = _answers_name(element)
    student = data["submitted_answers"].get(name)
    reference = data["correct_answers"].get(name, [])
    if not isinstance(student, list) or len(student) == 0:
        if not allow_blank:
            data["format_errors"][name] = defaults.no_submission_error
            return
        student = []
    wanted = [r for r in reference if elements.is_gradable(r["gradingName"]) and r["graded"]]
    matches = {r["id"]: False for r in wanted}
    required = sum(1 for r in wanted if not r.get("optional_grading"))
    placed = correct = harmless = 0
    for obj in student:
        if not _counts_for_grading(obj):
            continue
        placed += 1
        # Each student object matches the first reference object of its kind it fits (one not yet
        # matched, unless duplicates are allowed).
        for ref in wanted:
            if obj["gradingName"] != ref["gradingName"] or (not keep_duplicates and matches[ref["id"]]):
                continue
            if elements.grade(ref, obj, obj["gradingName"], tol, angle_tol):
                if ref.get("optional_grading") or (keep_duplicates and matches[ref["id"]]):
                    harmless += 1  # an optional object, or a repeat: neither counts for nor against
                else:
                    correct += 1
                matches[ref["id"]] = True
                break
    if placed == 0 and required > 0:
        if allow_blank:
            data["partial_scores"][name] = _blank_score(weight)
        else:
            data["format_errors"][name] = defaults.no_submission_error
        return
    extra = placed - (harmless + correct)
    if required == 0:
        score = 1
    elif correct == required:
        score = max(0, 1.0 - extra / required)  # everything found: each extra object costs one share
    else:
        score = correct / required
    kind, _ = pl.determine_score_params(score)
    data["partial_scores"][name] = {"score": score, "weight": weight, "feedback": {
        "correct": kind == "correct", "partial": kind == "partial", "incorrect": kind == "incorrect", "missing": {}, "matches": matches}}


def _mutated(obj: dict, tol: float, angle_tol: float) -> bool:
    """Moves an object past the tolerances (as an incorrect test answer); False if it has nothing to move."""
    changed = False
    for key in ("top", "left", "x1", "y1", "x2", "y2", "x3", "y3", "angle", "drawStartArrow"):
        if key not in obj:
            continue
        if key == "drawStartArrow":
            obj[key] = not obj[key]
        else:
            obj[key] = obj[key] + random.choice([-1, 1]) * 1.1 * (angle_tol if key == "angle" else tol)
        changed = True
    return changed


def test(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    if not _gradable(element):
        return
    kind = data["test_type"]
    name = _answers_name(element)
    weight = pl.get_integer_attrib(element, "weight", WEIGHT_DEFAULT)
    truth = []
    if kind in ("correct", "incorrect"):
        if name not in data["correct_answers"]:
            return  # server.py provides the test answers then
        truth = data["correct_answers"][name]
    graded_ids = [o["id"] for o in truth if elements.is_gradable(o["gradingName"]) and o["graded"]]
    if kind == "correct":
        data["raw_submitted_answers"][name] = json.dumps(truth)
        data["partial_scores"][name] = {"score": 1, "weight": weight, "feedback": {
            "correct": True, "partial": False, "incorrect": False, "missing": {}, "matches": dict.fromkeys(graded_ids, True)}}
    elif kind == "incorrect":
        tol, angle_tol, _ = _tolerances(element)
        wrong = copy.deepcopy(truth)
        for obj in wrong:
            if elements.is_gradable(obj["gradingName"]) and obj["graded"] and not _mutated(obj, tol, angle_tol):
                raise RuntimeError(f"Don't know how to mutate the element {obj['type']}")
        data["raw_submitted_answers"][name] = json.dumps(wrong)
        data["partial_scores"][name] = {"score": 0, "weight": weight, "feedback": {
            "correct": False, "partial": False, "incorrect": True, "missing": {}, "matches": dict.fromkeys(graded_ids, False)}}
    elif kind == "invalid":
        data["format_errors"][name] = ""
        data["raw_submitted_answers"][name] = "invalid submission"
