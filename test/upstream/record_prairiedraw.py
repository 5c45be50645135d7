"""Records what PrairieLearn's own pl-prairiedraw-figure does with each case of PREPARE_CASES and
RENDER_CASES below (an error, or the text of the params it writes into the page's script, which the
figure's script then sees), as a fixture for test/python/test_pl_prairiedraw_figure.py (which then needs
no checkout).

Usage: python3 record_prairiedraw.py <prairielearn-checkout> <out.json>
"""

import importlib
import json
import os
import re
import sys
import tempfile

CHECKOUT = os.path.abspath(sys.argv[1]) if __name__ == "__main__" else ""
FOLDER = tempfile.mkdtemp()
PARAMS = {
    "title": "PrairieDraw Figure", "shapeName": "circle", "dimension": 3, "flag": True, "none": None,
    "quoted": "it's \"A\" & <b>", "list": [1.5, "x"], "nested": {"a": [1, 2]},
}

PREPARE_CASES = [
    '<pl-prairiedraw-figure script-name="a.js"></pl-prairiedraw-figure>',
    "<pl-prairiedraw-figure></pl-prairiedraw-figure>",
    '<pl-prairiedraw-figure script-name="a.js" param-names="x" width="10" height="20"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="a.js" colour="red"></pl-prairiedraw-figure>',
]
RENDER_CASES = [
    '<pl-prairiedraw-figure script-name="shape.js"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" param-names="shapeName,dimension"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" param-names="title"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" param-names="dimension,nope"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" param-names=""></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="gone.js"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" width="wide"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" param-names="flag,none"></pl-prairiedraw-figure>',
    '<pl-prairiedraw-figure script-name="shape.js" param-names="quoted,list,nested"></pl-prairiedraw-figure>',
]


def write_script(folder):
    with open(os.path.join(folder, "shape.js"), "w", encoding="utf-8") as f:
        f.write("this.pd.circle($V([0, 0]), 1);\n")


def outcome(fn):
    try:
        return {"value": fn()}
    except Exception as err:  # noqa: BLE001 - an error PrairieLearn raises is recorded as such
        return {"error": f"{type(err).__name__}: {err}".replace(FOLDER, "{folder}")}


def upstream_params(html):
    """The params PrairieLearn writes into the page: a Python dict's text (HTML-escaped) in the Backbone model."""
    return re.search(r"new Backbone\.Model\((.*?)\),\n", html, re.S).group(1)


def main():
    element = os.path.join(CHECKOUT, "apps", "prairielearn", "elements", "pl-prairiedraw-figure")
    here = os.path.dirname(os.path.abspath(__file__))
    pl_python = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
    sys.path[:0] = [pl_python, os.path.join(here, "shims"), element]
    sys.path.append(os.path.join(here, "..", "..", "server", "python", "fallback"))
    import py312compat

    py312compat.install([pl_python, element])
    os.chdir(element)
    controller = importlib.import_module("pl-prairiedraw-figure")
    write_script(FOLDER)
    out = {"prairielearnCommit": os.environ.get("PL_COMMIT", "unknown"), "prepare": [], "render": []}
    for html in PREPARE_CASES:
        out["prepare"].append({"html": html, "result": outcome(lambda: controller.prepare(html, {}))})
    for html in RENDER_CASES:
        data = {"params": dict(PARAMS), "options": {"question_path": FOLDER}}
        out["render"].append({"html": html, "result": outcome(lambda: upstream_params(controller.render(html, data)))})
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
