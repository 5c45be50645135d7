"""Records what PrairieLearn's own pl-sketch gives (its controller with the sketchresponse grader), as
fixtures for test/python/test_pl_sketch.py: prepare's params or error, render's facts per panel, parse's
format errors, grade's scores and feedback, and test()'s submissions and scores.

Usage: python3 record_sketch.py <prairielearn-checkout> <sketchresponse-checkout> <out.json>
"""

import base64
import copy
import importlib
import json
import os
import re
import sys

CHECKOUT = os.path.abspath(sys.argv[1])
PL_PYTHON = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
ELEMENT = os.path.join(CHECKOUT, "apps", "prairielearn", "elements", "pl-sketch")
HERE = os.path.dirname(os.path.abspath(__file__))
OURS = os.path.join(HERE, "..", "..", "server", "python")
sys.path[:0] = [PL_PYTHON, os.path.join(HERE, "shims"), ELEMENT, os.path.abspath(sys.argv[2])]
sys.path.append(os.path.join(OURS, "fallback"))  # chevron, where the system lacks it
sys.path.insert(0, HERE)
import py312compat  # noqa: E402

py312compat.install([PL_PYTHON, ELEMENT])
os.chdir(ELEMENT)
controller = importlib.import_module("pl-sketch")
from sketch_cases import PREPARE_ERRORS, REAL, parse_cases, submissions  # noqa: E402

KEY = "s-sketchresponse-submission"
# Submission-panel renders: a graded drawing, a half score with feedback, and unreadable data.
RENDER_SUBMISSIONS = [
    ({"data": {"zz": [{"x": 1, "y": 2}]}, "gradeable": {}}, {"s": {"score": 1, "weight": 1, "feedback": [{"correct": True, "feedback_text": "Correct!"}]}}, {}),
    ({"data": {}, "gradeable": {}}, {"s": {"score": 0.5, "weight": 1, "feedback": [{"correct": False, "feedback_text": "Not <b>quite</b> $x^2$"}]}}, {}),
    ({"gradeable": {}}, {}, {}),
    ("@@@", {}, {"s": "Graph is blank."}),
]


def outcome(fn):
    try:
        return {"value": fn()}
    except Exception as err:  # noqa: BLE001 - an error PrairieLearn raises is recorded as such
        return {"error": f"{type(err).__name__}: {err}"}


def encode(value):
    return value if isinstance(value, str) else base64.b64encode(json.dumps(value).encode()).decode()


def config_facts(config):
    """A canvas config without its drawings' geometry: its settings, the toolbar's ids, drawings per tool."""
    return {"settings": {k: v for k, v in config.items() if k not in ("initialstate", "plugins")},
            "plugins": [p.get("id", p["name"]) for p in config["plugins"]],
            "drawings": {k: len(v) for k, v in config["initialstate"].items()}}


def facts(html):
    m = re.search(r'-sketchresponse-data" style="display:none">([^<]*)<', html)
    badge = re.search(r"badge-(\w+) badge-large\">.*?(-?\d+)%", html, re.S)
    return {
        "config": config_facts(json.loads(base64.b64decode(m.group(1)))) if m else None,
        "badge": [badge.group(1), int(badge.group(2))] if badge else None,
        "format_error": bool(re.search(r'title="Format Error"', html)),
        "feedback": [re.sub(r"\s+", " ", t).strip() for t in re.findall(r'</span>\s*([^<]*?)\s*</li>', html) if t.strip()],
        "no_answer": "No answer to display." in html,
    }


def fresh(params=None):
    return {"params": copy.deepcopy(params or {}), "answers_names": {}, "correct_answers": {}, "submitted_answers": {},
            "raw_submitted_answers": {}, "format_errors": {}, "partial_scores": {}}


def main():
    out = {"prepare": [], "real": {}, "parse": []}
    for html in PREPARE_ERRORS:
        data = fresh()
        out["prepare"].append({"html": html, "result": outcome(lambda: controller.prepare(html, data))})
    for key, html in REAL.items():
        data = fresh()
        controller.prepare(html, data)
        params = json.loads(json.dumps(data["params"]))
        rec = {"html": html, "params": params, "render": [], "grade": {}, "test": {}}
        for panel, shown, editable in (("question", False, True), ("question", True, False), ("submission", True, False), ("answer", True, False)):
            d = fresh(params)
            d.update(panel=panel, correct_answer_shown=shown, editable=editable)
            rec["render"].append({"panel": panel, "shown": shown, "editable": editable,
                                  "result": outcome(lambda: facts(controller.render(html, d)))})
        for raw, partial, errors in RENDER_SUBMISSIONS:
            d = fresh(params)
            d.update(panel="submission", correct_answer_shown=False, editable=False)
            d["raw_submitted_answers"][KEY] = encode(raw)
            d["partial_scores"] = copy.deepcopy(partial)
            d["format_errors"] = dict(errors)
            rec["render"].append({"panel": "submission", "raw": encode(raw), "partial": partial, "errors": errors,
                                  "result": outcome(lambda: facts(controller.render(html, d)))})
        for name, gradeable in submissions(key, params["s"]["config"]).items():
            raw = encode({"gradeable": gradeable, "data": {}})
            d = fresh(params)
            d["raw_submitted_answers"][KEY] = raw
            d["submitted_answers"][KEY] = raw
            controller.parse(html, d)
            result = {"format_errors": d["format_errors"]}
            if not d["format_errors"]:
                result["grade"] = outcome(lambda: (controller.grade(html, d), d["partial_scores"].get("s"))[1])
            rec["grade"][name] = {"gradeable": gradeable, "result": result}
        for kind in ("correct", "incorrect", "invalid"):
            d = fresh(params)
            d["test_type"] = kind
            res = outcome(lambda: controller.test(html, d))
            rec["test"][kind] = {"result": res, "raw": d["raw_submitted_answers"], "format_errors": d["format_errors"],
                                 "partial": d["partial_scores"].get("s")}
        out["real"][key] = rec
    tools = out["real"]["tools"]
    for name, sub in parse_cases(tools["params"]["s"]["config"]).items():
        d = fresh(tools["params"])
        raw = encode(sub)
        d["raw_submitted_answers"][KEY] = raw
        res = outcome(lambda: controller.parse(REAL["tools"], d))
        out["parse"].append({"name": name, "raw": raw, "result": res, "format_errors": d["format_errors"]})
    out["prairielearnCommit"] = os.environ.get("PL_COMMIT", "unknown")
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        # Full precision: some cases sit exactly at a tolerance (a gap of 20.0 px against 20), decided by the
        # last digits, as in PrairieLearn, where params keep them (JSON round-trips floats exactly).
        json.dump(out, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
