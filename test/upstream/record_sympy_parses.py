"""Records what PrairieLearn's own sympy_utils.try_parse_string_as_sympy makes of answers, as the fixture of
test/python/test_sympy_parses.py: bare names of sympy's values (oo, EmptySet, Reals, GoldenRatio, ...) with
set notation allowed and not (sympy prints infinities and sets with these names, so pl-symbolic-input's
test() answers contain them), and the format errors for unknown names and imaginary units.

Usage: PL_COMMIT=<commit> python3 record_sympy_parses.py <prairielearn-checkout> <out.json>
"""

from pl_python import checkout_from_argv, load_prairielearn, write_fixture

CHECKOUT = checkout_from_argv()
load_prairielearn(CHECKOUT)
import prairielearn.sympy_utils as psu  # noqa: E402

NAMES = [
    "oo", "-oo", "x + oo", "zoo", "nan", "GoldenRatio", "EulerGamma", "Catalan", "TribonacciConstant", "true", "false",
    "E", "EmptySet", "Reals", "Integers", "UniversalSet", "Naturals", "Naturals0", "Complexes", "Rationals",
    "Union(Interval(-oo, -1/2), Interval(1/2, oo))", "FiniteSet(EmptySet, {EmptySet})", "Interval(0, oo)",
    "(-infty, -1/2] U [1/2, infty)", "{ {}, { {} } }",
]
# (answer, variables, allow-complex): unknown names, the imaginary units where complex numbers are off.
UNKNOWN = [
    ("3i", ["x"], False), ("x + 2i", ["x"], False), ("3j", ["x"], False), ("x + (1+2j)", ["x"], False),
    ("x + (1+2j)", [], False), ("x + y", ["x"], False), ("x + y", [], False), ("z + 1", ["x"], False),
    ("y*z + x", ["x"], False), ("z + z", ["x"], False), ("sin(q) + p", ["x"], False), ("z^2 + x", ["x"], False),
    ("x + 2i", ["x"], True), ("k*x + 3j", ["x"], True),
]
CALLS = [(a, ["x"], {"allow_sets": sets}) for sets in (False, True) for a in NAMES]
CALLS += [(a, v, {"allow_complex": c, "imaginary_unit": "i"}) for a, v, c in UNKNOWN]

cases = []
for answer, variables, options in CALLS:
    r = psu.try_parse_string_as_sympy(answer, variables, **options)
    cases.append({"answer": answer, "variables": variables, "options": options,
                  "error": getattr(r, "error", None), "parsed": None if hasattr(r, "error") else str(r.expr)})
write_fixture(CHECKOUT, cases)
