"""Type names that question and element code uses in annotations (`data: pl.QuestionData`).

Annotations are evaluated when a controller's functions are defined, so these names must exist.
"""

from typing import Any, Literal, TypedDict

__all__ = ["PartialScore", "QuestionData", "ElementTestData", "QuestionFileData"]


class PartialScore(TypedDict, total=False):
    score: float | None
    weight: int
    feedback: Any


class QuestionData(TypedDict, total=False):
    params: dict[str, Any]
    correct_answers: dict[str, Any]
    submitted_answers: dict[str, Any]
    format_errors: dict[str, Any]
    partial_scores: dict[str, PartialScore]
    score: float
    feedback: dict[str, Any]
    variant_seed: int
    options: dict[str, Any]
    preferences: dict[str, Any]
    raw_submitted_answers: dict[str, Any]
    editable: bool
    panel: Literal["question", "submission", "answer"]
    extensions: dict[str, Any]
    num_valid_submissions: int
    manual_grading: bool
    ai_grading: bool
    answers_names: dict[str, bool]


class ElementTestData(QuestionData, total=False):
    test_type: Literal["correct", "incorrect", "invalid"]


class QuestionFileData(QuestionData, total=False):
    """The data of server.py's file() call (newer upstream questions annotate `data: pl.QuestionFileData`)."""

    filename: str
