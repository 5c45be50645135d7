"""Records what PrairieLearn's own pl-symbolic-input makes of a formula editor's text before parsing
(format_formula_editor_submission_for_sympy), as the fixture of test/python/test_symbolic_formula_editor.py.

Usage: PL_COMMIT=<commit> python3 record_formula_editor.py <prairielearn-checkout> <out.json>
"""

import importlib.util
import os

from pl_python import checkout_from_argv, load_prairielearn, write_fixture

CHECKOUT = checkout_from_argv()
ELEMENT = os.path.join(CHECKOUT, "apps", "prairielearn", "elements", "pl-symbolic-input")
load_prairielearn(CHECKOUT, ELEMENT)
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

rewrite = controller.format_formula_editor_submission_for_sympy
write_fixture(CHECKOUT, [{"text": t, "allowTrig": trig, "variables": v, "customFunctions": f, "rewritten": rewrite(t, trig, v, f)}
                         for t, trig, v, f in CASES])
