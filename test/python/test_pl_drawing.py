"""pl-drawing against PrairieLearn's own: fixtures/pl_drawing_upstream.json was recorded with
test/upstream/record_drawing.py from PrairieLearn's apps/prairielearn/elements/pl-drawing at commit
88fb8556a7a1768e2082736be9095241b11238d7. Every object tag must generate the same object (or the
same error), and every element the same correct answer, grade, format error and test() answer on
the same submissions (made from the correct answer by test/upstream/drawing_cases.py)."""

import copy
import importlib
import json
import math
import os
import random
import sys

import lxml.html
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ELEMENT = os.path.join(HERE, "..", "..", "server", "python", "elements", "pl-drawing")
sys.path.insert(0, os.path.abspath(ELEMENT))
sys.path.insert(0, os.path.join(HERE, "..", "upstream"))
elements = importlib.import_module("elements")
controller = importlib.import_module("pl-drawing")
from drawing_cases import submissions_for  # noqa: E402

with open(os.path.join(HERE, "fixtures", "pl_drawing_upstream.json"), encoding="utf-8") as f:
    FIXTURE = json.load(f)


def outcome(fn):
    try:
        return {"value": fn()}
    except Exception as err:  # noqa: BLE001 - the error is part of what is compared
        return {"error": f"{type(err).__name__}: {err}"}


def same(a, b) -> bool:
    """Equal JSON values, numbers to 1e-9 (PrairieLearn computes some positions with numpy)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def as_json(value):
    return json.loads(json.dumps(value))


def base():
    return {"params": {}, "correct_answers": {}, "submitted_answers": {}, "format_errors": {}, "partial_scores": {},
            "raw_submitted_answers": {}, "feedback": {}, "extensions": {}, "options": {}, "variant_seed": 1}


@pytest.mark.parametrize("case", FIXTURE["objects"], ids=lambda c: c["html"][:60])
def test_object_generation_matches(case):
    el = lxml.html.fragment_fromstring(case["html"])
    ours = as_json(outcome(lambda: elements.generate(el, el.tag)))
    assert same(ours, case["result"]), f"{case['html']}\nours: {ours}\nPrairieLearn: {case['result']}"


@pytest.mark.parametrize("case", FIXTURE["elements"], ids=lambda c: c["html"][30:110])
def test_element_grading_matches(case):
    html = case["html"]
    data = base()
    prep = outcome(lambda: controller.prepare(html, data))
    assert ("error" in prep) == ("error" in case["prepare"]), prep
    if "error" in prep:
        assert prep["error"] == case["prepare"]["error"]
        return
    assert same(as_json(data["correct_answers"]), case["correct_answers"])
    subs = submissions_for(case["correct_answers"].get("ans", []))
    assert len(subs) == len(case["grades"])
    for i, (sub, want) in enumerate(zip(subs, case["grades"])):
        g = base()
        g["correct_answers"] = copy.deepcopy(case["correct_answers"])
        g["submitted_answers"] = {"ans": sub}
        parse = outcome(lambda g=g: controller.parse(html, g))
        assert same(as_json(parse), want["parse"]) and same(g["format_errors"], want["format_errors"]), (i, sub[:200])
        if "grade" in want:
            graded = outcome(lambda g=g: controller.grade(html, g))
            assert same(as_json(graded), want["grade"]), (i, graded, want["grade"])
            assert same(as_json(g["partial_scores"]), want["partial_scores"]), (i, sub[:300], g["partial_scores"], want["partial_scores"])
            assert same(g["format_errors"], want["grade_format_errors"]), i


@pytest.mark.parametrize("case", [c for c in FIXTURE["elements"] if "tests" in c], ids=lambda c: c["html"][30:110])
def test_element_test_answers_match(case):
    for kind, want in case["tests"].items():
        t = base()
        t["correct_answers"] = copy.deepcopy(case["correct_answers"])
        t["test_type"] = kind
        random.seed(5)
        res = outcome(lambda t=t: controller.test(case["html"], t))
        assert same(as_json(res), want["result"]), (kind, res)
        raw = t["raw_submitted_answers"]
        # Raw answers are JSON text: compare their values (number formatting may differ by an ulp).
        assert same({k: json.loads(v) if v != "invalid submission" else v for k, v in raw.items()},
                    {k: json.loads(v) if v != "invalid submission" else v for k, v in want["raw"].items()}), kind
        assert same(as_json(t["partial_scores"]), want["partial_scores"]), kind
        assert t["format_errors"] == want["format_errors"], kind


def test_fixture_covers_every_gradable_kind_and_partial_credit():
    """The recorded cases must exercise each graded kind, partial credit and penalties, or the
    comparison above would prove little."""
    kinds = {o["gradingName"] for c in FIXTURE["elements"] for o in c.get("correct_answers", {}).get("ans", []) if o.get("graded")}
    assert {"pl-vector", "pl-double-headed-vector", "pl-paired-vector", "pl-arc-vector", "pl-distributed-load", "pl-point",
            "pl-controlled-line", "pl-controlled-curved-line"} <= kinds
    scores = {g["partial_scores"]["ans"]["score"] for c in FIXTURE["elements"] for g in c.get("grades", []) if g.get("partial_scores")}
    assert {0, 0.5, 1} <= scores


def _render(html, panel, **extra):
    data = {**base(), "panel": panel, "editable": panel == "question", "options": {"client_files_extensions_url": {}}, **extra}
    random.seed(1)
    return controller.render(html, data)


def _attr_json(out, attr):
    import html as html_lib
    import re

    return json.loads(html_lib.unescape(re.search(f'{attr}="([^"]*)"', out).group(1)))


DRAW = ('<pl-drawing gradable="true" answers-name="ans" show-score="true" grid-size="10"><pl-drawing-initial><pl-point x1="5" y1="5">'
        '</pl-point></pl-drawing-initial><pl-drawing-answer><pl-vector x1="100" y1="100"></pl-vector></pl-drawing-answer><pl-controls>'
        '<pl-controls-group label="Forces &amp; more"><pl-drawing-button type="pl-vector"></pl-drawing-button><pl-drawing-button '
        'type="pl-arc-vector-CCW"></pl-drawing-button></pl-controls-group></pl-controls></pl-drawing>')


def test_render_question_panel_has_buttons_objects_and_hint():
    correct = base()
    controller.prepare(DRAW, correct)
    placed = [{"id": 7, "type": "pl-vector", "gradingName": "pl-vector", "graded": True, "selectable": True, "left": 1, "top": 2}]
    out = _render(DRAW, "question", correct_answers=correct["correct_answers"], submitted_answers={"ans": placed},
                  partial_scores={"ans": {"score": 0.5}})
    objects = _attr_json(out, "data-objects")
    assert [o["id"] for o in objects] == [0, 7], "the initial objects, then the student's"
    assert _attr_json(out, "data-options")["editable"] is True and _attr_json(out, "data-options")["grid_size"] == 10
    buttons = [_attr_json(b, "data-options") for b in out.split('class="btn btn-primary pl-drawing-button"')[1:]]
    assert [(b["type"], b["placed_by_user"], b.get("drawStartArrow")) for b in buttons] == [("pl-vector", True, False), ("pl-arc-vector", True, True)]
    assert 'name="ans"' in out and "Forces &amp; more" in out
    assert "1/2 square grid for position and 10 degrees for angle" in out
    assert 'data-score="partial"' in out and "50%" in out


def test_render_other_panels_and_errors():
    correct = base()
    controller.prepare(DRAW, correct)
    assert _render(DRAW, "answer", correct_answers=correct["correct_answers"]) == "", "hidden in the answer panel by default"
    shown = _render(DRAW.replace('show-score="true"', 'hide-answer-panel="false"'), "answer", correct_answers=correct["correct_answers"])
    assert [o["gradingName"] for o in _attr_json(shown, "data-objects")] == ["pl-point", "pl-vector"]
    sub = _render(DRAW, "submission", format_errors={"ans": "There was <no> submitted answer."})
    assert "pl-drawing-sidebar" not in sub and "There was &lt;no&gt; submitted answer." in sub and "pl-invalid-badge" in sub
    static = _render('<pl-drawing width="200" aria-label="A beam"><pl-drawing-initial><pl-rod></pl-rod></pl-drawing-initial>'
                     '<pl-controls><pl-controls-group><pl-drawing-button type="pl-vector"></pl-drawing-button></pl-controls-group>'
                     '</pl-controls></pl-drawing>', "question")
    assert 'role="img" aria-label="A beam"' in static and "pl-drawing-button" not in static
    assert _attr_json(static, "data-options")["editable"] is False and _attr_json(static, "data-objects")[0]["type"] == "pl-rod"


def test_extension_kinds_are_drawn_and_graded_through_the_host_scripts(tmp_path):
    """An element extension in the course's elementExtensions/pl-drawing/ adds an object kind, as
    the real courses' do (pl.load_host_script("elements.py"), subclassing BaseElement)."""
    ext = tmp_path / "marker"
    ext.mkdir()
    (ext / "info.json").write_text('{"controller": "marker.py"}')
    (ext / "marker.py").write_text(
        "import prairielearn as pl\nelements = pl.load_host_script('elements.py')\ndefaults = pl.load_host_script('defaults.py')\n"
        "class Marker(elements.BaseElement):\n"
        "    def generate(el, data):\n"
        "        return {'left': pl.get_float_attrib(el, 'x', 0), 'top': 5, 'image_url': data['clientFilesUrl'] + '/m.svg',\n"
        "                'size': defaults.drawing_defaults['point-size']}\n"
        "    def is_gradable():\n        return True\n"
        "    def grade(ref, st, tol, angtol):\n        return abs(st['left'] - ref['left']) <= tol\n"
        "    def get_attributes():\n        return ['x']\n"
        "elements = {'pl-marker': Marker}\n")
    html = '<pl-drawing gradable="true" answers-name="ans"><pl-drawing-answer><pl-marker x="50"></pl-marker></pl-drawing-answer></pl-drawing>'
    data = {**base(), "extensions": {"marker": {"directory": str(ext), "controller": "marker.py"}},
            "options": {"client_files_extensions_url": {"marker": "/ext/marker"}}}
    controller.prepare(html, data)
    ref = data["correct_answers"]["ans"][0]
    assert (ref["type"], ref["image_url"], ref["size"]) == ("pl-marker", "/ext/marker/m.svg", 4)
    for left, score in ((55, 1), (70, 0)):
        g = {**data, "submitted_answers": {"ans": json.dumps([dict(ref, left=left)])}, "format_errors": {}, "partial_scores": {}}
        controller.parse(html, g)
        controller.grade(html, g)
        assert g["partial_scores"]["ans"]["score"] == score
