"""Answers parse as PrairieLearn parses them: bare names of sympy's own values (oo, EmptySet, Reals,
GoldenRatio, ...) give the value with set notation allowed and the set-notation error without (sympy prints
infinities and sets with these names, so pl-symbolic-input's test() answers, str() of the correct answer,
need them); unknown names and imaginary units give PrairieLearn's format error, naming the name and with
its caret at the same place.

The fixture was recorded from PrairieLearn 88fb8556a7a1768e2082736be9095241b11238d7
(python/prairielearn/sympy_utils.py, try_parse_string_as_sympy) by test/upstream/record_sympy_parses.py.
"""

import json
import os

import pytest

import prairielearn.sympy_utils as psu

with open(os.path.join(os.path.dirname(__file__), "fixtures", "pl_sympy_parses_upstream.json"), encoding="utf-8") as fh:
    RECORDED = json.load(fh)


def test_fixture_names_its_commit_and_covers_each_kind():
    assert RECORDED["prairielearnCommit"].startswith("88fb855")
    options = [c["options"] for c in RECORDED["cases"]]
    assert {o.get("allow_sets") for o in options} == {None, False, True}
    assert {o.get("allow_complex") for o in options} == {None, False, True}


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f'{c["answer"]} {c["variables"]} {c["options"]}')
def test_parse_as_prairielearn(case):
    r = psu.try_parse_string_as_sympy(case["answer"], case["variables"], **case["options"])
    assert getattr(r, "error", None) == case["error"]
    if case["parsed"] is not None:
        assert str(r.expr) == case["parsed"]


def test_a_variable_keeps_a_name_sympy_also_has():
    r = psu.try_parse_string_as_sympy("nan + 1", ["nan"])
    assert str(r.expr) == "nan + 1"
