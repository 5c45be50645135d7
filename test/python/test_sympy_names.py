"""Bare names of sympy's own values (oo, EmptySet, Reals, GoldenRatio, ...) parse as PrairieLearn parses them:
the value with set notation allowed, the set-notation error for a set without. sympy prints infinities and sets
with these names, so pl-symbolic-input's test() answers (str() of the correct answer) need them.

The fixture was recorded from PrairieLearn 88fb8556a7a1768e2082736be9095241b11238d7
(python/prairielearn/sympy_utils.py, try_parse_string_as_sympy) by test/upstream/record_sympy_names.py.
"""

import json
import os

import pytest

import prairielearn.sympy_utils as psu

with open(os.path.join(os.path.dirname(__file__), "fixtures", "pl_sympy_names_upstream.json"), encoding="utf-8") as fh:
    RECORDED = json.load(fh)


def test_fixture_names_its_commit_and_covers_both_modes():
    assert RECORDED["prairielearnCommit"].startswith("88fb855")
    assert {c["allowSets"] for c in RECORDED["cases"]} == {False, True}


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f'{c["answer"]} sets={c["allowSets"]}')
def test_name_as_prairielearn(case):
    r = psu.try_parse_string_as_sympy(case["answer"], ["x"], allow_sets=case["allowSets"])
    assert getattr(r, "error", None) == case["error"]
    if case["parsed"] is not None:
        assert str(r.expr) == case["parsed"]


def test_a_variable_keeps_a_name_sympy_also_has():
    r = psu.try_parse_string_as_sympy("nan + 1", ["nan"])
    assert str(r.expr) == "nan + 1"
