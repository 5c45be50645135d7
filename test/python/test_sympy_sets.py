"""Set notation in pl-symbolic-input answers (allow-sets), as PrairieLearn 88fb855 reads it
(python/prairielearn/sympy_utils.py: set-literal, set-operation and interval token transformations)."""

import pytest
import sympy

from prairielearn import sympy_utils as psu
from prairielearn.sympy_parse import BaseSympyError


def parse(text: str, **kwargs: object) -> object:
    return psu.convert_string_to_sympy(text, ["x"], **kwargs)


def test_intervals_unions_and_literals():
    half = sympy.Rational(1, 2)
    assert parse("(-infty, -1/2] U [1/2, infty)", allow_sets=True) == sympy.Union(
        sympy.Interval(-sympy.oo, -half), sympy.Interval(half, sympy.oo)
    )
    assert parse("{pi/4, 5pi/4}", allow_sets=True) == sympy.FiniteSet(sympy.pi / 4, 5 * sympy.pi / 4)
    assert parse("{ {}, { {} } }", allow_sets=True) == sympy.FiniteSet(sympy.EmptySet, sympy.FiniteSet(sympy.EmptySet))
    assert parse("[0, 1) cap (1/2, 2]", allow_sets=True) == sympy.Interval.open(half, 1)
    assert parse("{1, 2} \u222a {3}", allow_sets=True) == sympy.FiniteSet(1, 2, 3)
    assert parse("(0, 1) cup (1, 2)", allow_sets=True) == sympy.Union(sympy.Interval.open(0, 1), sympy.Interval.open(1, 2))


def test_grouping_and_calls_are_not_intervals():
    x = sympy.Symbol("x")
    assert parse("2(x + 1)", allow_sets=True) == 2 * x + 2
    assert parse("atan2(x, 1)", allow_sets=True) == sympy.atan2(x, 1)


@pytest.mark.parametrize("text", ["(1, 2, 3)", "{1, 2", "1}", "({1}, 2)"])
def test_malformed_set_notation_is_a_syntax_error(text: str):
    with pytest.raises(BaseSympyError, match="syntax error"):
        parse(text, allow_sets=True)


@pytest.mark.parametrize("text", ["(1, 2]", "(1, 2)", "[0, 1]"])
def test_intervals_without_allow_sets(text: str):
    with pytest.raises(BaseSympyError, match="set notation is not allowed"):
        parse(text)


def test_sets_survive_the_json_round_trip():
    value = parse("(-infty, -1/2] U [1/2, infty)", allow_sets=True)
    assert psu.json_to_sympy(psu.sympy_to_json(value)) == value
