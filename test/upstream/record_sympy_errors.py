"""Records the format errors PrairieLearn's own sympy_utils.try_parse_string_as_sympy gives for answers with
unknown names, as the fixture of test/python/test_sympy_errors.py.

Usage: PL_COMMIT=<commit> python3 record_sympy_errors.py <prairielearn-checkout> <out.json>
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

# (answer, variables, allow-complex): unknown names, the imaginary units where complex numbers are off.
CASES = [
    ("3i", ["x"], False), ("x + 2i", ["x"], False), ("3j", ["x"], False), ("x + (1+2j)", ["x"], False),
    ("x + (1+2j)", [], False), ("x + y", ["x"], False), ("x + y", [], False), ("z + 1", ["x"], False),
    ("y*z + x", ["x"], False), ("z + z", ["x"], False), ("sin(q) + p", ["x"], False), ("z^2 + x", ["x"], False),
    ("x + 2i", ["x"], True), ("k*x + 3j", ["x"], True),
]

commit = os.environ.get("PL_COMMIT") or subprocess.run(
    ["git", "-C", CHECKOUT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
out = {"prairielearnCommit": commit, "cases": []}
for answer, variables, allow_complex in CASES:
    r = psu.try_parse_string_as_sympy(answer, variables, allow_complex=allow_complex, imaginary_unit="i")
    out["cases"].append({"answer": answer, "variables": variables, "allowComplex": allow_complex,
                         "error": getattr(r, "error", None), "parsed": None if hasattr(r, "error") else str(r.expr)})
with open(sys.argv[2], "w", encoding="utf-8") as fh:
    json.dump(out, fh, indent=1)
    fh.write("\n")
