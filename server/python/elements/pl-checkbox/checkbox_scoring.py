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
    right = len(selected & correct)
    wrong = len(selected - correct)
    missed = len(correct - selected)
    if method == "off":
        return 1.0 if selected == correct else 0.0
    if method == "net-correct":
        return max(0.0, (right - wrong) / len(correct)) if correct else 0.0
    if method == "each-answer":
        return 1.0 - (wrong + missed) / shown if shown else 0.0
    if not selected:
        return 1.0 if not correct and allow_blank else 0.0
    return (right / len(correct)) * (right / len(selected)) if correct else 0.0


@dataclass
class Counts:
    number_answers: int
    min_correct: int
    max_correct: int
    min_select: int
    max_select: int


def draw_counts(element: Any, n_correct: int, n_incorrect: int) -> tuple[int, int, Counts]:
    """(correct shown, incorrect shown, limits) for a new variant, checking the attributes agree."""
    if n_correct < 1:
        raise ValueError("At least one option must be true.")
    total = n_correct + n_incorrect
    max_correct_set = pl.has_attrib(element, "max-correct")
    min_correct = pl.get_integer_attrib(element, "min-correct", 1)
    max_correct = pl.get_integer_attrib(element, "max-correct", n_correct)
    default_number = max_correct + n_incorrect if max_correct_set and not pl.has_attrib(element, "number-answers") else total
    number = pl.get_integer_attrib(element, "number-answers", default_number)
    if not 1 <= min_correct <= max_correct <= n_correct:
        raise ValueError(
            f"INTERNAL ERROR: correct number: ({min_correct}, {max_correct}, {n_correct}, {n_incorrect}); "
            "min-correct and max-correct must satisfy 1 <= min-correct <= max-correct <= number of correct options."
        )
    if not 1 <= number <= total:
        raise ValueError(f"number-answers must be between 1 and the number of options ({total}), not {number}.")
    lo = max(min_correct, number - n_incorrect)
    hi = min(max_correct, number)
    if lo > hi:
        raise ValueError(
            f"Cannot show {number} options with between {min_correct} and {max_correct} correct ones "
            f"from {n_correct} correct and {n_incorrect} incorrect options."
        )
    shown_correct = random.randint(lo, hi)
    min_select = pl.get_integer_attrib(element, "min-select", 1)
    max_select = pl.get_integer_attrib(element, "max-select", number)
    if not 0 <= min_select <= max_select <= number:
        raise ValueError("min-select and max-select must satisfy 0 <= min-select <= max-select <= number-answers.")
    return shown_correct, number - shown_correct, Counts(number, min_correct, max_correct, min_select, max_select)
