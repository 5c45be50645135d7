"""pl-sketch against PrairieLearn's own: fixtures/pl_sketch_upstream.json was recorded with
test/upstream/record_sketch.py from PrairieLearn's apps/prairielearn/elements/pl-sketch at commit
88fb8556a7a1768e2082736be9095241b11238d7, run with the sketchresponse grader (github PrairieLearn/
sketchresponse, commit 5aaceea). On the same cases (test/upstream/sketch_cases.py: the example course's
pl-sketch elements and made-up errors and drawings) ours must give the same prepare errors and params,
the same render facts per panel, the same parse format errors, and the same scores and feedback.

Known, listed differences (docs/upstream-fidelity.md): test() on a line tool's solution grades here
where PrairieLearn's raises KeyError, and one test() answer the two graders read differently
(KNOWN_TEST_SCORES)."""

import base64
import copy
import importlib
import json
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ELEMENT = os.path.abspath(os.path.join(HERE, "..", "..", "server", "python", "elements", "pl-sketch"))
sys.path.insert(0, ELEMENT)
controller = importlib.import_module("pl-sketch")

with open(os.path.join(HERE, "fixtures", "pl_sketch_upstream.json"), encoding="utf-8") as f:
    FIXTURE = json.load(f)
KEY = "s-sketchresponse-submission"
REAL = sorted(FIXTURE["real"].items())


def outcome(fn):
    try:
        return {"value": fn()}
    except Exception as err:  # noqa: BLE001 - the error is part of what is compared
        return {"error": f"{type(err).__name__}: {err}"}


def fresh(params=None):
    return {"params": copy.deepcopy(params or {}), "answers_names": {}, "correct_answers": {}, "submitted_answers": {},
            "raw_submitted_answers": {}, "format_errors": {}, "partial_scores": {}}


def near(a, b, tol=1e-9):
    """Equal, with floats within tol (the fixture keeps full precision)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= tol * max(1.0, abs(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(near(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(near(a[k], b[k], tol) for k in a)
    return a == b


def decoded(raw: dict) -> dict:
    return {k: json.loads(base64.b64decode(v)) for k, v in raw.items()}


def ours_prepared(html):
    data = fresh()
    controller.prepare(html, data)
    return json.loads(json.dumps(data["params"]))


def test_fixture_is_from_the_cited_commit():
    assert FIXTURE["prairielearnCommit"] == "88fb8556a7a1768e2082736be9095241b11238d7"


@pytest.mark.parametrize("case", FIXTURE["prepare"], ids=lambda c: c["html"][:80])
def test_prepare_errors(case):
    assert outcome(lambda: controller.prepare(case["html"], fresh())) == case["result"]


@pytest.mark.parametrize(("key", "rec"), REAL, ids=[k for k, _ in REAL])
def test_params(key, rec):
    ours, theirs = ours_prepared(rec["html"])["s"], rec["params"]["s"]
    for field in ("plugins", "tool_data", "ranges", "graders"):
        assert near(ours[field], theirs[field]), field
    assert near({k: v for k, v in ours["config"].items() if k != "initialstate"},
                {k: v for k, v in theirs["config"].items() if k != "initialstate"})
    for state in ("initial_state", "solution_state"):
        assert ours[state].keys() == theirs[state].keys()
        for tool_id, drawings in theirs[state].items():
            assert near(ours[state][tool_id], drawings), (state, tool_id)


def config_facts(config):
    return {"settings": {k: v for k, v in config.items() if k not in ("initialstate", "plugins")},
            "plugins": [p.get("id", p["name"]) for p in config["plugins"]],
            "drawings": {k: len(v) for k, v in config["initialstate"].items()}}


def same_facts(ours, theirs):
    """The solution overlays' order follows a Python set in PrairieLearn, so it is compared as a set."""
    def norm(result):
        config = (result.get("value") or {}).get("config")
        if config:
            overlays = sorted(p for p in config["plugins"] if p.endswith("-solution-overlay"))
            config["plugins"] = overlays + [p for p in config["plugins"] if p not in overlays]
        return result
    return near(norm(ours), norm(copy.deepcopy(theirs)))


def facts(html):
    m = re.search(r'data-config="([^"]*)"', html)
    badge = re.search(r"badge-(\w+) badge-large\">.*?(-?\d+)%", html, re.S)
    return {
        "config": config_facts(json.loads(base64.b64decode(m.group(1)))) if m else None,
        "badge": [badge.group(1), int(badge.group(2))] if badge else None,
        "format_error": bool(re.search(r'title="Format Error"', html)),
        "feedback": [re.sub(r"\s+", " ", t).strip() for t in re.findall(r"</span>\s*([^<]*?)\s*</li>", html) if t.strip()],
        "no_answer": "No answer to display." in html,
    }


RENDERS = [(key, i, r) for key, rec in REAL for i, r in enumerate(rec["render"])]


@pytest.mark.parametrize(("key", "i", "case"), RENDERS, ids=[f"{k}-{i}" for k, i, _ in RENDERS])
def test_render(key, i, case):
    rec = FIXTURE["real"][key]
    data = fresh(rec["params"])
    data.update(panel=case["panel"], correct_answer_shown=case.get("shown", False), editable=case.get("editable", False))
    if "raw" in case:
        data["raw_submitted_answers"][KEY] = case["raw"]
        data["partial_scores"] = copy.deepcopy(case["partial"])
        data["format_errors"] = dict(case["errors"])
    assert same_facts(outcome(lambda: facts(controller.render(rec["html"], data))), case["result"])


GRADES = [(key, name, g) for key, rec in REAL for name, g in sorted(rec["grade"].items())]


@pytest.mark.parametrize(("key", "name", "case"), GRADES, ids=[f"{k}-{n}" for k, n, _ in GRADES])
def test_grade(key, name, case):
    rec = FIXTURE["real"][key]
    data = fresh(rec["params"])
    raw = base64.b64encode(json.dumps({"gradeable": case["gradeable"], "data": {}}).encode()).decode()
    data["raw_submitted_answers"][KEY] = raw
    data["submitted_answers"][KEY] = raw
    controller.parse(rec["html"], data)
    result = {"format_errors": data["format_errors"]}
    if not data["format_errors"]:
        result["grade"] = outcome(lambda: (controller.grade(rec["html"], data), data["partial_scores"].get("s"))[1])
    assert near(result, case["result"])


# PrairieLearn's grader finds concave's test() "incorrect" drawing (its solution reversed and 200 px lower)
# at (0, 1) although it passes 4.6 units below there; ours does not, so that criterion fails here.
KNOWN_TEST_SCORES = {("concave", "incorrect"): 0.5}

TESTS = [(key, kind, t) for key, rec in REAL for kind, t in sorted(rec["test"].items())]


@pytest.mark.parametrize(("key", "kind", "case"), TESTS, ids=[f"{k}-{n}" for k, n, _ in TESTS])
def test_test(key, kind, case):
    rec = FIXTURE["real"][key]
    data = fresh(rec["params"])
    data["test_type"] = kind
    result = outcome(lambda: controller.test(rec["html"], data))
    if "error" in case["result"]:
        # PrairieLearn's test() fails on a line tool's solution; ours grades it (listed difference).
        assert result == {"value": None}
        assert kind != "correct" or data["partial_scores"]["s"]["score"] == 1
        return
    assert result == case["result"]
    assert data["format_errors"] == case["format_errors"]
    assert near(decoded(data["raw_submitted_answers"]), decoded(case["raw"]))
    if (key, kind) in KNOWN_TEST_SCORES:
        assert data["partial_scores"]["s"]["score"] == KNOWN_TEST_SCORES[(key, kind)]
    else:
        assert near(data["partial_scores"].get("s"), case["partial"])


@pytest.mark.parametrize("case", FIXTURE["parse"], ids=lambda c: c["name"])
def test_parse(case):
    data = fresh(FIXTURE["real"]["tools"]["params"])
    data["raw_submitted_answers"][KEY] = case["raw"]
    assert outcome(lambda: controller.parse(FIXTURE["real"]["tools"]["html"], data)) == case["result"]
    assert data["format_errors"] == case["format_errors"]
