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
