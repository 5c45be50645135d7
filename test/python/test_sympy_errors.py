"""Format errors for unknown names are PrairieLearn's: the name it reports and where its caret points.

The fixture was recorded from PrairieLearn 88fb8556a7a1768e2082736be9095241b11238d7
(python/prairielearn/sympy_utils.py, try_parse_string_as_sympy) by test/upstream/record_sympy_errors.py.
"""

import json
import os

import pytest

import prairielearn.sympy_utils as psu

with open(os.path.join(os.path.dirname(__file__), "fixtures", "pl_sympy_errors_upstream.json"), encoding="utf-8") as fh:
    RECORDED = json.load(fh)


def test_fixture_names_its_commit():
    assert RECORDED["prairielearnCommit"].startswith("88fb855")


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f'{c["answer"]} {c["variables"]}')
def test_error_as_prairielearn(case):
    r = psu.try_parse_string_as_sympy(case["answer"], case["variables"], allow_complex=case["allowComplex"], imaginary_unit="i")
    assert getattr(r, "error", None) == case["error"]
    if case["parsed"] is not None:
        assert str(r.expr) == case["parsed"]
