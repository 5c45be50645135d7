"""Records what PrairieLearn's own pl-drawing gives, as fixtures for test/python/test_pl_drawing.py
(which then needs no checkout): each object tag's generated object, and prepare/parse/grade/test()
of whole elements on submissions made here from the correct answer (moved within and past the
tolerances, turned, reversed, flipped, with extra or missing objects).

Usage: PYTHONHASHSEED=0 python3 record_drawing.py <prairielearn-checkout> <out.json>
"""

import copy
import json
import os
import random
import subprocess
import sys

CHECKOUT = os.path.abspath(sys.argv[1])
PL_PYTHON = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
ELEMENT = os.path.join(CHECKOUT, "apps", "prairielearn", "elements", "pl-drawing")
OURS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "server", "python")
sys.path[:0] = [PL_PYTHON, os.path.join(os.path.dirname(os.path.abspath(__file__)), "shims"), ELEMENT]
sys.path.append(os.path.join(OURS, "fallback"))  # chevron, where the system lacks it
import py312compat  # noqa: E402

py312compat.install([PL_PYTHON, ELEMENT])
os.chdir(ELEMENT)
import importlib  # noqa: E402

import lxml.html  # noqa: E402

elements = importlib.import_module("elements")
controller = importlib.import_module("pl-drawing")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drawing_cases import ELEMENT_CASES, OBJECT_CASES, submissions_for  # noqa: E402


def outcome(fn):
    try:
        return {"value": fn()}
    except Exception as err:  # noqa: BLE001 - an error PrairieLearn raises is recorded as such
        return {"error": f"{type(err).__name__}: {err}"}


def base():
    return {"params": {}, "correct_answers": {}, "submitted_answers": {}, "format_errors": {}, "partial_scores": {},
            "raw_submitted_answers": {}, "feedback": {}, "extensions": {}, "options": {}, "variant_seed": 1}


def run_element(html):
    data = base()
    prep = outcome(lambda: controller.prepare(html, data))
    out = {"html": html, "prepare": prep}
    if "error" in prep:
        return out
    out["correct_answers"] = data["correct_answers"]
    out["grades"] = []
    for sub in submissions_for(data["correct_answers"].get("ans", [])):
        g = base()
        g["correct_answers"] = copy.deepcopy(data["correct_answers"])
        g["submitted_answers"] = {"ans": sub}
        parse = outcome(lambda g=g: controller.parse(html, g))
        entry = {"parse": parse, "format_errors": dict(g["format_errors"])}
        if "error" not in parse and not g["format_errors"]:
            graded = outcome(lambda g=g: controller.grade(html, g))
            entry.update({"grade": graded, "partial_scores": g["partial_scores"], "grade_format_errors": g["format_errors"]})
        out["grades"].append(entry)
    out["tests"] = {}
    for kind in ("correct", "incorrect", "invalid"):
        t = base()
        t["correct_answers"] = copy.deepcopy(data["correct_answers"])
        t["test_type"] = kind
        random.seed(5)
        res = outcome(lambda t=t: controller.test(html, t))
        out["tests"][kind] = {"result": res, "raw": t["raw_submitted_answers"], "partial_scores": t["partial_scores"],
                              "format_errors": t["format_errors"]}
    return out


def main():
    commit = subprocess.run(["git", "-C", CHECKOUT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    objects = []
    for tag_html in OBJECT_CASES:
        el = lxml.html.fragment_fromstring(tag_html)
        objects.append({"html": tag_html, "result": outcome(lambda el=el: elements.generate(el, el.tag))})
    result = {"prairielearnCommit": commit or os.environ.get("PL_COMMIT", "unknown"), "objects": objects,
              "elements": [run_element(h) for h in ELEMENT_CASES]}
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(result, f, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
