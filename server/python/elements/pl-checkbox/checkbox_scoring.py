"""pl-checkbox settings: partial-credit method, answer counts and their consistency checks."""

import random
from dataclasses import dataclass
from typing import Any

import prairielearn as pl

LEGACY_METHODS = {"PC": "net-correct", "EDC": "each-answer", "COV": "coverage"}
METHODS = ("off", "net-correct", "each-answer", "coverage")


def partial_credit_method(element: Any) -> str:
    value = pl.get_string_attrib(element, "partial-credit", "off")
    if value in METHODS:
        return value
    if not pl.get_boolean_attrib(element, "partial-credit"):
        return "off"
    legacy = pl.get_string_attrib(element, "partial-credit-method", "PC")
    if legacy not in LEGACY_METHODS:
        raise ValueError(f'Invalid partial-credit-method "{legacy}", must be one of: PC, EDC, COV')
    return LEGACY_METHODS[legacy]


def score(method: str, selected: set[str], correct: set[str], shown: int, allow_blank: bool) -> float:
    """PrairieLearn's four scores (elements/pl-checkbox at commit 88fb855), integers where it gives integers."""
    right = len(selected & correct)
    wrong = len(selected - correct)
    missed = len(correct - selected)
    if method == "off":
        return 1 if selected == correct else 0
    if method == "net-correct":
        return 1 if selected == correct else max(0, (right - wrong) / len(correct))
    if method == "each-answer":
        return 1 - 1.0 * (wrong + missed) / shown
    if allow_blank and not selected:
        return 0
    return (right / len(correct)) * (right / len(selected))


@dataclass
class Counts:
    number_answers: int
    min_correct: int
    max_correct: int
    min_select: int
    max_select: int


def draw_counts(element: Any, n_correct: int, n_incorrect: int) -> tuple[int, int, Counts]:
    """(correct shown, incorrect shown, limits) for a new variant, as PrairieLearn clamps and checks them.

    number-answers above the number of options is clamped (not an error); one `randint` draws how
    many correct options are shown.
    """
    if n_correct < 1:
        raise ValueError("At least one option must be true.")
    total = n_correct + n_incorrect
    min_correct = pl.get_integer_attrib(element, "min-correct", 1)
    max_correct = pl.get_integer_attrib(element, "max-correct", n_correct)
    if min_correct < 1:
        raise ValueError(f"The attribute min-correct is {min_correct:d} but must be at least 1")
    if pl.has_attrib(element, "number-answers"):
        number = pl.get_integer_attrib(element, "number-answers")
    elif pl.has_attrib(element, "max-correct"):
        number = min(total, max_correct + n_incorrect)
    else:
        number = total
    number = max(0, min(total, number))
    min_correct = min(n_correct, number, max(0, number - n_incorrect, min_correct))
    max_correct = min(n_correct, number, max(min_correct, max_correct))
    min_select = pl.get_integer_attrib(element, "min-select", 1)
    max_select = pl.get_integer_attrib(element, "max-select", number)
    _check(min_correct, max_correct, n_correct, n_incorrect, number, min_select, max_select)
    shown_correct = random.randint(min_correct, max_correct)
    return shown_correct, number - shown_correct, Counts(number, min_correct, max_correct, min_select, max_select)


def _check(min_correct: int, max_correct: int, n_correct: int, n_incorrect: int, number: int, min_select: int, max_select: int) -> None:
    if not 0 <= min_correct <= max_correct <= n_correct:
        raise ValueError(
            f"Invalid configuration: min-correct ({min_correct}) and max-correct ({max_correct}) "
            f"must be between 0 and the number of correct answers ({n_correct})"
        )
    lo, hi = number - max_correct, number - min_correct
    if not 0 <= lo <= hi <= n_incorrect:
        raise ValueError(
            f"Invalid configuration: The number of incorrect answers needed ({lo} to {hi}) exceeds the number of incorrect answers available ({n_incorrect})"
        )
    if min_select < 1:
        raise ValueError(f"The attribute min-select is {min_select}, but must be at least 1")
    if min_select > max_select:
        raise ValueError(f"min-select ({min_select}) is greater than max-select ({max_select})")
    if min_select > number:
        raise ValueError(f"min-select ({min_select}) is greater than the total number of answers to display ({number})")
    if min_select > min_correct:
        raise ValueError(f"min-select ({min_select}) is greater than the minimum possible number of correct answers ({min_correct})")
    if max_select < max_correct:
        raise ValueError(f"max-select ({max_select}) is less than the maximum possible number of correct answers ({max_correct})")


def select_limits(element: Any, shown: int) -> tuple[int, int]:
    """How many options a submission may select: min-/max-select, else min-/max-correct with detailed help, else 1..shown."""
    detailed = pl.get_boolean_attrib(element, "detailed-help-text", False)
    if pl.has_attrib(element, "min-select"):
        lo = pl.get_integer_attrib(element, "min-select")
    elif detailed and pl.has_attrib(element, "min-correct"):
        lo = pl.get_integer_attrib(element, "min-correct")
    else:
        lo = 1
    if pl.has_attrib(element, "max-select"):
        hi = pl.get_integer_attrib(element, "max-select")
    elif detailed and pl.has_attrib(element, "max-correct"):
        hi = pl.get_integer_attrib(element, "max-correct")
    else:
        hi = shown
    return lo, hi
