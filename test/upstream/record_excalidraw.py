"""Records what PrairieLearn's own pl-excalidraw gives, as fixtures for test/python/test_pl_excalidraw.py
(which then needs no checkout): prepare's errors, render in each panel (the canvas settings it hands the
page, the errors it shows, or its error), parse's format errors and test()'s submissions.

Usage: python3 record_excalidraw.py <prairielearn-checkout> <out.json>
"""

import base64
import copy
import importlib
import json
import os
import re
import sys
import tempfile

CHECKOUT = os.path.abspath(sys.argv[1])
PL_PYTHON = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
ELEMENT = os.path.join(CHECKOUT, "apps", "prairielearn", "elements", "pl-excalidraw")
OURS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "server", "python")
sys.path[:0] = [PL_PYTHON, os.path.join(os.path.dirname(os.path.abspath(__file__)), "shims"), ELEMENT]
sys.path.append(os.path.join(OURS, "fallback"))  # chevron, where the system lacks it
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import py312compat  # noqa: E402

py312compat.install([PL_PYTHON, ELEMENT])
os.chdir(ELEMENT)
controller = importlib.import_module("pl-excalidraw")
from excalidraw_cases import PANELS, PARSE_CASES, PREPARE_CASES, RENDER_CASES, write_files  # noqa: E402


FOLDER = tempfile.mkdtemp()


def outcome(fn):
    try:
        return {"value": fn()}
    except Exception as err:  # noqa: BLE001 - an error PrairieLearn raises is recorded as such
        return {"error": f"{type(err).__name__}: {err}".replace(FOLDER, "{folder}")}


def canvas(html):
    """What a rendered element shows: the settings handed to the page (or none), and its error alerts."""
    m = re.search(r'JSON\.parse\(atob\("([^"]*)"\)\)', html)
    settings = json.loads(base64.b64decode(m.group(1))) if m else None
    alerts = re.findall(r'<div class="alert alert-danger" role="alert">\s*(.*?)\s*</div>', html, re.S)
    return {"settings": settings, "alerts": alerts, "named_input": bool(re.search(r"<input [^>]*\bname=", html))}


def main():
    options = write_files(FOLDER)
    cases = {"prepare": [], "render": [], "parse": [], "test": []}
    for html in PREPARE_CASES:
        data = {"answers_names": {}, "params": {}, "correct_answers": {}}
        cases["prepare"].append({"html": html, "result": outcome(lambda: controller.prepare(html, data))})
    for html, submitted in RENDER_CASES:
        for panel, editable, errors in PANELS:
            data = {"panel": panel, "editable": editable, "submitted_answers": copy.deepcopy(submitted),
                    "format_errors": copy.deepcopy(errors), "options": options, "params": {}}
            res = outcome(lambda: canvas(controller.render(html, data)))
            cases["render"].append({"html": html, "submitted": submitted, "panel": panel, "editable": editable,
                                    "format_errors": errors, "result": res})
    for html, submitted in PARSE_CASES:
        data = {"submitted_answers": copy.deepcopy(submitted), "format_errors": {}}
        res = outcome(lambda: controller.parse(html, data))
        cases["parse"].append({"html": html, "submitted": submitted, "result": res, "format_errors": data["format_errors"]})
    for html, _ in PARSE_CASES:
        for kind in ("correct", "incorrect", "invalid"):
            data = {"test_type": kind, "raw_submitted_answers": {}, "format_errors": {}}
            res = outcome(lambda: controller.test(html, data))
            cases["test"].append({"html": html, "kind": kind, "result": res, "raw": data["raw_submitted_answers"],
                                  "format_errors": data["format_errors"]})
    cases["prairielearnCommit"] = os.environ.get("PL_COMMIT", "unknown")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
