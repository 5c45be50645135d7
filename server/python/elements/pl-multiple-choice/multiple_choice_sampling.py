"""Reading <pl-answer> children and choosing which ones a variant shows (pl-multiple-choice)."""

import json
import os
import random
from dataclasses import dataclass
from typing import Any

import prairielearn as pl

ABOVE_MODES = ("false", "random", "correct", "incorrect")


@dataclass
class Choice:
    html: str
    correct: bool
    score: float
    feedback: str | None


def read_choices(element: Any, data: dict) -> list[Choice]:
    choices: list[Choice] = _external_choices(element, data)
    for child in element:
        if not isinstance(child.tag, str) or child.tag not in ("pl-answer", "pl_answer"):
            continue
        pl.check_attribs(child, required_attribs=[], optional_attribs=["correct", "feedback", "score"])
        correct = pl.get_boolean_attrib(child, "correct", False)
        score = pl.get_float_attrib(child, "score", 1.0 if correct else 0.0)
        if not 0.0 <= score <= 1.0:
            raise ValueError("Score must be between 0.0 and 1.0.")
        text = pl.inner_html(child).strip()
        choices.append(Choice(text, correct, score, pl.get_string_attrib(child, "feedback", None)))
    texts = [c.html for c in choices]
    duplicates = sorted({t for t in texts if texts.count(t) > 1})
    if duplicates:
        raise ValueError(f"pl-multiple-choice element has duplicate choices: {', '.join(duplicates)}")
    return choices


def _external_choices(element: Any, data: dict) -> list[Choice]:
    """Choices from the deprecated external-json file in serverFilesCourse (lists of HTML strings)."""
    file = pl.get_string_attrib(element, "external-json", None)
    if file is None:
        return []
    path = os.path.join(data["options"]["server_files_course_path"], file)
    with open(path, encoding="utf-8") as f:
        content = json.load(f)
    correct_key = pl.get_string_attrib(element, "external-json-correct-key", "correct")
    incorrect_key = pl.get_string_attrib(element, "external-json-incorrect-key", "incorrect")
    return [Choice(str(t).strip(), True, 1.0, None) for t in content.get(correct_key, [])] + [
        Choice(str(t).strip(), False, 0.0, None) for t in content.get(incorrect_key, [])
    ]


def above_mode(element: Any, name: str) -> str:
    """all-/none-of-the-above: an enum value, or the older boolean spelling (true means random)."""
    value = pl.get_string_attrib(element, name, "false")
    if value in ABOVE_MODES:
        return value
    return "random" if pl.get_boolean_attrib(element, name) else "false"


def pick_outcome(aota: str, nota: str, n_correct: int) -> str:
    """Which option is correct in this variant: 'normal' (one listed choice), 'aota' or 'nota'."""
    if aota == "correct" and nota == "correct":
        raise ValueError('"all-of-the-above" and "none-of-the-above" cannot both be "correct".')
    if aota in ("correct", "random") and n_correct < 2:
        raise ValueError('"all-of-the-above" needs at least 2 correct choices when it can be correct.')
    if n_correct == 0:
        if nota == "false":
            raise ValueError("At least one choice must be correct, or none-of-the-above must be enabled.")
        return "nota"
    if aota == "correct":
        return "aota"
    if nota == "correct":
        return "nota"
    outcomes = ["normal"]
    if aota == "random":
        outcomes.append("aota")
    if nota == "random":
        outcomes.append("nota")
    return random.choice(outcomes)


def sample(choices: list[Choice], outcome: str, number: int, extras: int) -> list[Choice]:
    """The listed choices (without AOTA/NOTA) for an outcome, `number` in total including the extras."""
    correct = [c for c in choices if c.correct]
    incorrect = [c for c in choices if not c.correct]
    room = max(number - extras, 1)
    if outcome == "aota":
        return random.sample(correct, min(room, len(correct)))
    if outcome == "nota":
        return random.sample(incorrect, min(room, len(incorrect)))
    return random.sample(correct, 1) + random.sample(incorrect, min(room - 1, len(incorrect)))
