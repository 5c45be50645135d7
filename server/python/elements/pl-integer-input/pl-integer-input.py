"""<pl-integer-input>: an integer (in base 10, another base, or auto-detected from 0x/0b/0o) graded exactly."""

import html
import random
from typing import Any

import numpy as np
import prairielearn as pl
from prairielearn import element_ui as ui

OPTIONAL = [
    "weight", "correct-answer", "label", "aria-label", "suffix", "display", "size", "show-help-text", "base",
    "allow-blank", "blank-value", "placeholder", "show-score", "initial-value",
]


class Options:
    def __init__(self, element: Any) -> None:
        self.name = pl.get_string_attrib(element, "answers-name")
        self.weight = pl.get_integer_attrib(element, "weight", 1)
        self.base = pl.get_integer_attrib(element, "base", 10)
        self.allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
        self.blank_value = pl.get_string_attrib(element, "blank-value", "0")
        self.label = pl.get_string_attrib(element, "label", None)
        self.aria_label = pl.get_string_attrib(element, "aria-label", None)
        self.suffix = pl.get_string_attrib(element, "suffix", None)
        self.display = pl.get_string_attrib(element, "display", "inline")
        self.size = pl.get_integer_attrib(element, "size", 35)
        self.show_help = pl.get_boolean_attrib(element, "show-help-text", True)
        self.show_score = pl.get_boolean_attrib(element, "show-score", True)
        self.placeholder = pl.get_string_attrib(element, "placeholder", None)
        self.initial_value = pl.get_string_attrib(element, "initial-value", None)

    def base_text(self) -> str:
        return "" if self.base == 10 else " in base " + ("0 (auto-detect)" if self.base == 0 else str(self.base))


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    o = Options(element)
    pl.check_answers_names(data, o.name)
    if o.base != 0 and not 2 <= o.base <= 36:
        raise ValueError(f"Base must be either 0, or between 2 and 36 (inclusive), not {o.base}")
    correct = pl.get_string_attrib(element, "correct-answer", None)
    if correct is not None:
        if o.name in data["correct_answers"]:
            raise ValueError(f"duplicate correct_answers variable name: {o.name}")
        data["correct_answers"][o.name] = correct
    else:
        correct = pl.from_json(data["correct_answers"].get(o.name))
    # A blank correct answer is allowed where a blank submission is the answer (as PrairieLearn).
    if correct == "":
        if not (o.allow_blank and o.blank_value == ""):
            raise ValueError("Correct answer cannot be blank unless 'allow-blank' is true and 'blank-value' is empty.")
    elif isinstance(correct, str) and pl.string_to_integer(correct, o.base) is None:
        raise ValueError(f"correct answer {correct} could not be parsed as an integer{o.base_text()}")


def _to_int(value: Any, base: int) -> int | None:
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        return pl.string_to_integer(value, base)
    return None


def _format_error(o: Options, message: str | None = None) -> str:
    """The message (by default: not an integer), example inputs, and the expected form: the same text and layout
    (whitespace included) as PrairieLearn's format error (elements/pl-integer-input, 88fb855)."""
    in_base = "" if o.base in (10, 0) else f" in base {o.base}"
    if message is None:
        message = (f"the submitted answer could not be interpreted as an integer{in_base}.  No symbolic input, fractions, "
                   "or scientific notation are allowed.")
    prefixed = ["0x1a", "-0b0110"]  # valid only where the base is detected from the prefix
    valid = ["1", "-100"] + (prefixed if o.base == 0 else [])
    invalid = ["6+9", "3.7", "3*pi", "6e19"] + ([] if o.base == 0 else prefixed)

    def codes(items: list[str]) -> str:
        return " ".join(f'<code class="me-2">{x}</code>' for x in items)

    return (f"<p> Invalid format:\n            {message}\n    </p>\n"
            f"    <p> Example <i>valid</i> inputs: {codes(valid)} </p>\n"
            f"    <p> Example <i>invalid</i> inputs: {codes(invalid)} </p>\n"
            f"    <hr>\n    <small>\n        <p> The submitted answer must be formatted as an integer{in_base}. </p>\n    </small>")


def render(element_html: str, data: dict) -> str:
    o = Options(ui.parse_element(element_html))
    panel = data["panel"]
    if panel == "question":
        help_text = f"Enter an integer{o.base_text()}." if o.show_help else ""
        placeholder = o.placeholder if o.placeholder is not None else ("integer" + o.base_text())
        return ui.text_input_html(
            data, o.name, label=o.label, suffix=o.suffix, size=o.size, placeholder=placeholder,
            aria_label=o.aria_label, initial_value=o.initial_value, display=o.display, help_text=help_text,
            show_score=o.show_score,
        )
    if panel == "submission":
        shown = None
        value = data["submitted_answers"].get(o.name)
        if value is not None:
            number = _to_int(value, 10)
            text = str(value) if number is None else np.base_repr(number, o.base) if o.base not in (0, 10) else str(number)
            shown = ui.labelled(o.label, html.escape(text), o.suffix)
        return ui.submission_html(data, o.name, shown, show_score=o.show_score)
    if panel == "answer":
        correct = pl.from_json(data["correct_answers"].get(o.name))
        if correct is None:
            return ""
        return f'<span class="pl-integer-input-answer">{ui.labelled(o.label, html.escape(str(correct)), o.suffix)}</span>'
    return ""


def parse(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    submitted = data["submitted_answers"].get(o.name)
    if submitted is None:
        data["format_errors"][o.name] = "No submitted answer."
        data["submitted_answers"][o.name] = None
        return
    if submitted.strip() == "":
        if not o.allow_blank:
            data["format_errors"][o.name] = _format_error(o, "the submitted answer was blank.")
            data["submitted_answers"][o.name] = None
            return
        submitted = o.blank_value
        if submitted == "":
            data["submitted_answers"][o.name] = ""
            return
    value = pl.string_to_integer(submitted, o.base)
    if value is None:
        data["format_errors"][o.name] = _format_error(o)
        data["submitted_answers"][o.name] = None
        return
    # Integers beyond what a JSON double holds exactly are kept as text.
    data["submitted_answers"][o.name] = value if pl.is_int_json_serializable(value) else str(value)


def grade(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    correct = pl.from_json(data["correct_answers"].get(o.name))
    if correct is None:
        return
    tru_blank = isinstance(correct, str) and correct.strip() == ""
    tru = None if tru_blank else _to_int(correct, o.base)

    def grade_one(submitted: Any) -> tuple[bool, str | None]:
        sub_blank = isinstance(submitted, str) and submitted.strip() == ""
        if sub_blank or tru_blank:
            return sub_blank and tru_blank, None
        return _to_int(pl.from_json(submitted), 10) == tru, None

    pl.grade_answer_parameterized(data, o.name, grade_one, weight=o.weight)


def test(element_html: str, data: dict) -> None:
    # The same answers from the same draws as PrairieLearn's (elements/pl-integer-input, 88fb855).
    o = Options(ui.parse_element(element_html))
    kind = data["test_type"]
    tru: Any = 0
    if kind in ("correct", "incorrect"):
        if o.name not in data["correct_answers"]:
            return
        correct = pl.from_json(data["correct_answers"][o.name])
        tru = correct if isinstance(correct, str) and correct.strip() == "" else _to_int(correct, o.base)
        if tru is None:
            raise ValueError(f"Could not parse correct answer: {correct}")
    if kind == "correct":
        if isinstance(tru, str):
            text = ""  # a blank correct answer
        elif o.base > 0:
            text = np.base_repr(tru, o.base)
        else:
            text = np.base_repr(tru, 10) if random.choice([True, False]) else f"{tru:#x}"
        data["raw_submitted_answers"][o.name] = text
        data["partial_scores"][o.name] = {"score": 1, "weight": o.weight}
    elif kind == "incorrect":
        start = 0 if isinstance(tru, str) else tru
        offset = random.randint(1, 11) * random.choice([-1, 1])
        data["raw_submitted_answers"][o.name] = np.base_repr(start + offset, o.base if o.base > 0 else 10)
        data["partial_scores"][o.name] = {"score": 0, "weight": o.weight}
    else:
        # PrairieLearn's letter: the one after the base's last digit (base 0 gives "X", base 36 "|").
        letter = chr(ord("a") + (o.base - 10) + 1)
        data["raw_submitted_answers"][o.name] = random.choice(["1 + 2", "3.4", letter, "pi"])
        data["format_errors"][o.name] = "invalid"
