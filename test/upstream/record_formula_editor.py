"""Records what PrairieLearn's own pl-symbolic-input makes of a formula editor's text before parsing
(format_formula_editor_submission_for_sympy), as the fixture of test/python/test_symbolic_formula_editor.py.

Usage: PL_COMMIT=<commit> python3 record_formula_editor.py <prairielearn-checkout> <out.json>
"""

import importlib.util
import json
import os
import subprocess
import sys

CHECKOUT = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
PL_PYTHON = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
ELEMENT = os.path.join(CHECKOUT, "apps", "prairielearn", "elements", "pl-symbolic-input")
sys.path[:0] = [PL_PYTHON, os.path.join(HERE, "shims"), ELEMENT]
sys.path.append(os.path.join(HERE, "..", "..", "server", "python", "fallback"))  # chevron, where the system lacks it
import py312compat  # noqa: E402

py312compat.install([PL_PYTHON, ELEMENT])
spec = importlib.util.spec_from_file_location("pl_symbolic_input", os.path.join(ELEMENT, "pl-symbolic-input.py"))
controller = importlib.util.module_from_spec(spec)
spec.loader.exec_module(controller)

# (math field text, allow-trig-functions, variables, custom-functions)
CASES = [
    ("s i n ( x ) + c o s ( y )", True, ["x", "y"], []),
    ("s i n ( x ) + c o s ( y )", False, ["x", "y"], []),
    ("a c o s h ( x 2 ) + x2", True, ["x"], []),
    ("f 2 ( x ) + x2 y1", True, ["x", "y1"], ["f2"]),
    ("{:x+1:} * (y)", True, ["x", "y"], []),
    ("\u03b1 x + \u0398 2 + \u03bb", True, ["alpha", "Theta", "lambda"], []),
    ("\u03b8 1 + t h e t a", True, ["theta1"], []),
    ("e x p ( x ) * * 2 + s q r t ( 4 ) + a b s ( - 2 )", True, ["x"], []),
    ("a r c t a n 2 ( y , x )", True, ["x", "y"], []),
    ("r a t e 2", True, ["rate"], []),
    ("(   ) + x", True, ["x"], []),
    ("\u03c2 + \u03a9", True, ["x"], []),
    (None, True, ["x"], []),
]

commit = os.environ.get("PL_COMMIT") or subprocess.run(
    ["git", "-C", CHECKOUT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
rewrite = controller.format_formula_editor_submission_for_sympy
out = {
    "prairielearnCommit": commit,
    "cases": [{"text": t, "allowTrig": trig, "variables": v, "customFunctions": f, "rewritten": rewrite(t, trig, v, f)}
              for t, trig, v, f in CASES],
}
with open(sys.argv[2], "w", encoding="utf-8") as fh:
    json.dump(out, fh, ensure_ascii=False, indent=1)
    fh.write("\n")
