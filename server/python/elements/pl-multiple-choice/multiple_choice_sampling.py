"""Reading <pl-answer> children and choosing which ones a variant shows (pl-multiple-choice).

The draws follow PrairieLearn's element (elements/pl-multiple-choice at commit 88fb855) exactly, so
the same seed gives the same variant: one `randint` only when all- or none-of-the-above is
"random", then `sample(correct)`, `sample(incorrect)`, then `shuffle` for the random order.
"""

import json
import os
import random
from dataclasses import dataclass, replace
from typing import Any

import prairielearn as pl

ABOVE_MODES = ("false", "random", "correct", "incorrect")


@dataclass
class Choice:
    idx: int
    html: str
    correct: bool
    score: float | None
    feedback: str | None


def read_choices(element: Any, data: dict) -> list[Choice]:
    """<pl-answer> children in order, then the deprecated external-json lists; HTML kept as written."""
    choices: list[Choice] = []
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag not in ("pl-answer", "pl_answer"):
            raise ValueError(f"Tags inside of pl-multiple-choice must be pl-answer, not '{child.tag}'.")
        pl.check_attribs(child, required_attribs=[], optional_attribs=["correct", "feedback", "score"])
        correct = pl.get_boolean_attrib(child, "correct", False)
        score = pl.get_float_attrib(child, "score", None)
        if score is not None and not 0.0 <= score <= 1.0:
            raise ValueError(f"Score {score} is invalid, must be in the range [0.0, 1.0].")
        choices.append(Choice(len(choices), pl.inner_html(child), correct, score, pl.get_string_attrib(child, "feedback", None)))
    choices += _external_choices(element, data, len(choices))
    texts = [c.html.strip() for c in choices]
    duplicates = list(dict.fromkeys(t for t in texts if texts.count(t) > 1))
    if duplicates:
        raise ValueError(f"pl-multiple-choice element has duplicate choices: {duplicates}")
    return choices


def _external_choices(element: Any, data: dict, first: int) -> list[Choice]:
    """The deprecated external-json file, relative to the question directory (lists of HTML strings)."""
    file = pl.get_string_attrib(element, "external-json", None)
    if file is None:
        return []
    path = file if os.path.isabs(file) else os.path.join(data["options"]["question_path"], file)
    with open(path, encoding="utf-8") as f:
        content = json.load(f)
    correct_key = pl.get_string_attrib(element, "external-json-correct-key", "correct")
    incorrect_key = pl.get_string_attrib(element, "external-json-incorrect-key", "incorrect")
    texts = [(t, True) for t in content.get(correct_key, [])] + [(t, False) for t in content.get(incorrect_key, [])]
    return [Choice(first + i, t, ok, None, None) for i, (t, ok) in enumerate(texts)]


def above_mode(element: Any, name: str) -> str:
    """all-/none-of-the-above: the older boolean spelling (true means random), else an enum value."""
    try:
        return "random" if pl.get_boolean_attrib(element, name, False) else "false"
    except Exception:  # noqa: BLE001 - not a boolean: one of the named modes
        value = pl.get_string_attrib(element, name).lower()
        if value not in ABOVE_MODES:
            raise ValueError(f'{name} "{value}" must be one of: {", ".join(ABOVE_MODES)}') from None
        return value


def choose(choices: list[Choice], number: int | None, aota: str, nota: str, order: str, inline: bool, builtin: bool,
           aota_feedback: str | None, nota_feedback: str | None) -> list[Choice]:
    """The shown choices, all/none-of-the-above last, each with its score filled in."""
    correct = [c for c in choices if c.correct]
    incorrect = [c for c in choices if not c.correct]
    if not choices:
        raise ValueError("pl-multiple-choice element must have at least 1 answer choice.")
    if not builtin:  # without grading the extra options only show
        aota = "incorrect" if aota != "false" else aota
        nota = "incorrect" if nota != "false" else nota
    if aota == "correct" and nota == "correct":
        raise ValueError('pl-multiple-choice element cannot have both "all-of-the-above" and "none-of-the-above" set to "correct"')
    if aota in ("correct", "random") and len(correct) < 2:
        raise ValueError('pl-multiple-choice element must have at least 2 correct answers when all-of-the-above is set to "correct" or "random"')
    if builtin and nota in ("incorrect", "false") and not correct:
        raise ValueError('pl-multiple-choice element must have at least 1 correct answer, or add none-of-the-above set to "correct" or "random"')
    if not correct and nota == "random":
        nota = "correct"
    if not incorrect and aota == "random":
        aota = "correct"
    if aota == "correct" and nota != "false":
        nota = "incorrect"
    if nota == "correct" and aota != "false":
        aota = "incorrect"

    wanted = number
    if number is None:
        number = len(choices)
    else:
        number -= (nota != "false") + (aota != "false")
        wanted = number
    if aota in ("correct", "random"):
        number = min(len(correct), number)
        if wanted is not None and number < wanted:
            raise ValueError(f"Not enough correct choices for all-of-the-above. Need {wanted - number} more")
    if nota in ("correct", "random"):
        number = min(len(incorrect), number)
        if wanted is not None and number < wanted:
            raise ValueError(f"Not enough incorrect choices for none-of-the-above. Need {wanted - number} more")
    elif aota != "correct":
        number = min(min(1, len(correct)) + len(incorrect), number)

    if "random" in (aota, nota):
        draw = random.randint(1, len(correct) + (nota == "random") + (aota == "random"))
        if nota == "random":
            nota = "correct" if draw == 1 else "incorrect"
        if aota == "random":
            aota = "correct" if draw == 2 else "incorrect"

    if aota == "correct":
        n_correct, n_incorrect = number, 0
    elif nota == "correct":
        n_correct, n_incorrect = 0, number
    else:
        n_correct = min(1, len(correct))
        n_incorrect = max(0, number - n_correct)
    if not 0 <= n_incorrect <= len(incorrect):
        raise ValueError(f"INTERNAL ERROR: number_incorrect: ({n_incorrect}, {len(incorrect)}, {number})")
    shown = random.sample(correct, n_correct) + random.sample(incorrect, n_incorrect)
    if aota == "correct":
        shown = [replace(c, correct=False) for c in shown]

    if order == "fixed":
        shown.sort(key=lambda c: c.idx)
    elif order in ("ascend", "descend"):
        shown.sort(key=lambda c: c.html, reverse=order == "descend")
    else:
        random.shuffle(shown)
    if aota != "false":
        shown.append(Choice(len(choices), "All of these" if inline else "All of the above", aota == "correct", None, aota_feedback))
    if nota != "false":
        shown.append(Choice(len(choices) + 1, "None of these" if inline else "None of the above", nota == "correct", None, nota_feedback))
    return [replace(c, score=c.score if c.score is not None else (1.0 if c.correct else 0.0)) for c in shown]
