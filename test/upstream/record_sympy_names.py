"""Records what PrairieLearn's own sympy_utils.try_parse_string_as_sympy makes of bare names of sympy's values
(oo, EmptySet, Reals, GoldenRatio, ...), with set notation allowed and not, as the fixture of
test/python/test_sympy_names.py. sympy prints infinities and sets with these names, so pl-symbolic-input's
test() answers contain them.

Usage: PL_COMMIT=<commit> python3 record_sympy_names.py <prairielearn-checkout> <out.json>
"""

import json
import os
import subprocess
import sys

CHECKOUT = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
PL_PYTHON = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
sys.path[:0] = [PL_PYTHON, os.path.join(HERE, "shims")]
sys.path.append(os.path.join(HERE, "..", "..", "server", "python", "fallback"))  # chevron, where the system lacks it
import py312compat  # noqa: E402

py312compat.install([PL_PYTHON])
import prairielearn.sympy_utils as psu  # noqa: E402

ANSWERS = [
    "oo", "-oo", "x + oo", "zoo", "nan", "GoldenRatio", "EulerGamma", "Catalan", "TribonacciConstant", "true", "false",
    "E", "EmptySet", "Reals", "Integers", "UniversalSet", "Naturals", "Naturals0", "Complexes", "Rationals",
    "Union(Interval(-oo, -1/2), Interval(1/2, oo))", "FiniteSet(EmptySet, {EmptySet})", "Interval(0, oo)",
    "(-infty, -1/2] U [1/2, infty)", "{ {}, { {} } }",
]

commit = os.environ.get("PL_COMMIT") or subprocess.run(
    ["git", "-C", CHECKOUT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
out = {"prairielearnCommit": commit, "cases": []}
for allow_sets in (False, True):
    for answer in ANSWERS:
        r = psu.try_parse_string_as_sympy(answer, ["x"], allow_sets=allow_sets)
        out["cases"].append({"answer": answer, "allowSets": allow_sets,
                             "error": getattr(r, "error", None), "parsed": None if hasattr(r, "error") else str(r.expr)})
with open(sys.argv[2], "w", encoding="utf-8") as fh:
    json.dump(out, fh, indent=1)
    fh.write("\n")
