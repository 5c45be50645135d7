"""<pl-string-input>: free text compared exactly (after optional normalization) or by regular expression."""

import html
import random
import re
from typing import Any

import prairielearn as pl
from prairielearn import element_ui as ui

OPTIONAL = [
    "weight", "correct-answer", "correct-answer-format", "label", "aria-label", "suffix", "display",
    "remove-leading-trailing", "remove-spaces", "allow-blank", "ignore-case", "placeholder", "size",
    "show-help-text", "normalize-to-ascii", "show-score", "initial-value", "multiline", "escape-unicode",
]


class Options:
    def __init__(self, element: Any) -> None:
        self.name = pl.get_string_attrib(element, "answers-name")
        self.weight = pl.get_integer_attrib(element, "weight", 1)
        self.multiline = pl.get_boolean_attrib(element, "multiline", False)
        self.strip = pl.get_boolean_attrib(element, "remove-leading-trailing", self.multiline)
        self.remove_spaces = pl.get_boolean_attrib(element, "remove-spaces", False)
        self.ignore_case = pl.get_boolean_attrib(element, "ignore-case", False)
        self.to_ascii = pl.get_boolean_attrib(element, "normalize-to-ascii", False)
        self.allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
        self.answer_format = pl.get_string_attrib(element, "correct-answer-format", "exact")
        if self.answer_format not in ("exact", "regex"):
            raise ValueError(f'Invalid correct-answer-format "{self.answer_format}", must be one of: exact, regex')
        display_default = "block" if self.multiline else "inline"
        self.display = pl.get_string_attrib(element, "display", display_default)
        self.label = pl.get_string_attrib(element, "label", None)
        self.aria_label = pl.get_string_attrib(element, "aria-label", None)
        self.suffix = pl.get_string_attrib(element, "suffix", None)
        self.size = pl.get_integer_attrib(element, "size", 35)
        self.placeholder = pl.get_string_attrib(element, "placeholder", "")
        self.show_help = pl.get_boolean_attrib(element, "show-help-text", True)
        self.show_score = pl.get_boolean_attrib(element, "show-score", True)
        self.initial_value = pl.get_string_attrib(element, "initial-value", None)

    def normalize(self, s: str) -> str:
        if self.to_ascii:
            s = pl.full_unidecode(s)
        if self.strip:
            s = s.strip()
        if self.remove_spaces:
            s = s.replace(" ", "")
        return s.replace("\r\n", "\n")


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    o = Options(element)
    pl.check_answers_names(data, o.name)
    if o.multiline and pl.get_string_attrib(element, "display", "block") == "inline":
        raise ValueError('The "inline" display cannot be used with the "multiline" attribute.')
    correct = pl.get_string_attrib(element, "correct-answer", None)
    if correct is not None:
        if o.name in data["correct_answers"]:
            raise ValueError(f"duplicate correct_answers variable name: {o.name}")
        data["correct_answers"][o.name] = correct
    if o.answer_format == "regex" and isinstance(data["correct_answers"].get(o.name), str):
        try:
            re.compile(data["correct_answers"][o.name])
        except re.error as e:
            raise ValueError(f"Invalid regular expression for {o.name}: {e}") from None


def _help_text(o: Options) -> str:
    notes = []
    if o.ignore_case:
        notes.append("case does not matter")
    if o.remove_spaces:
        notes.append("spaces are ignored")
    elif o.strip:
        notes.append("leading and trailing spaces are ignored")
    return "Enter text" + (f" ({', '.join(notes)})" if notes else "") + "."


def render(element_html: str, data: dict) -> str:
    o = Options(ui.parse_element(element_html))
    panel = data["panel"]
    if panel == "question":
        help_text = _help_text(o) if o.show_help else ""
        if o.multiline:
            return _textarea(o, data, help_text)
        return ui.text_input_html(
            data, o.name, label=o.label, suffix=o.suffix, size=o.size, placeholder=o.placeholder,
            aria_label=o.aria_label, initial_value=o.initial_value, display=o.display, help_text=help_text,
            show_score=o.show_score,
        )
    if panel == "submission":
        value = data["submitted_answers"].get(o.name)
        shown = None
        if isinstance(value, str):
            text = html.escape(pl.escape_unicode_string(value))
            shown = f'<span class="pl-string-input-submission" style="white-space: pre-wrap;">{text}</span>'
            shown = ui.labelled(o.label, shown, o.suffix)
        return ui.submission_html(data, o.name, shown, show_score=o.show_score)
    if panel == "answer":
        correct = pl.from_json(data["correct_answers"].get(o.name))
        if correct is None:
            return ""
        label = f"{o.label} " if o.label else ""
        suffix = f" {o.suffix}" if o.suffix else ""
        return f'<span class="pl-string-input-answer" style="white-space: pre-wrap;">{label}{html.escape(str(correct))}{suffix}</span>'
    return ""


def _textarea(o: Options, data: dict, help_text: str) -> str:
    raw = data.get("raw_submitted_answers", {}).get(o.name, o.initial_value) or ""
    error = data.get("format_errors", {}).get(o.name)
    disabled = "" if data.get("editable") else " disabled"
    label = f'<label class="form-label">{o.label}</label>' if o.label else ""
    badge = ui.invalid_badge() if error is not None else (ui.partial_score_badge(data, o.name) if o.show_score else "")
    hint = f'<small class="form-text text-muted pl-help-text d-block">{help_text}</small>' if help_text else ""
    err = ui.format_error_html(error) if error is not None and data.get("editable") else ""
    return (
        f'<div class="pl-input-element d-block">{label}<textarea class="form-control pl-input" name="{html.escape(o.name)}" '
        f'rows="4" placeholder="{html.escape(o.placeholder)}"{disabled}>{html.escape(raw)}</textarea> {badge}{hint}{err}</div>'
    )


def parse(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    submitted = data["submitted_answers"].get(o.name)
    if submitted is None:
        data["format_errors"][o.name] = "No submitted answer."
        data["submitted_answers"][o.name] = None
        return
    submitted = o.normalize(submitted)
    if submitted == "" and not o.allow_blank:
        data["format_errors"][o.name] = "Invalid format. The submitted answer was left blank."
        data["submitted_answers"][o.name] = None
        return
    data["submitted_answers"][o.name] = submitted


def grade(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    correct = pl.from_json(data["correct_answers"].get(o.name))
    if correct is None:
        return
    correct = str(correct)

    def grade_one(submitted: Any) -> tuple[bool, str | None]:
        if submitted is None:
            return False, None
        if o.answer_format == "regex":
            flags = re.IGNORECASE if o.ignore_case else 0
            return re.fullmatch(correct, submitted, flags) is not None, None
        sub, tru = o.normalize(submitted), o.normalize(correct)
        if o.ignore_case:
            sub, tru = sub.lower(), tru.lower()
        return sub == tru, None

    pl.grade_answer_parameterized(data, o.name, grade_one, weight=o.weight)


def test(element_html: str, data: dict) -> None:
    # As PrairieLearn's (elements/pl-string-input, 88fb855), its order of checks included.
    o = Options(ui.parse_element(element_html))
    kind = data["test_type"]
    if o.answer_format == "regex":
        return  # a pattern, not a string to submit: server.py's test() has to give one
    correct = ""
    if kind in ("correct", "incorrect"):
        if o.name not in data["correct_answers"]:
            return
        correct = str(pl.from_json(data["correct_answers"][o.name]))
    if kind == "invalid" and o.allow_blank:
        kind = "correct"  # a blank answer is valid here: the blank is submitted as a correct one
    if kind == "correct":
        data["raw_submitted_answers"][o.name] = correct
        data["partial_scores"][o.name] = {"score": 1, "weight": o.weight}
    elif kind == "incorrect":
        data["raw_submitted_answers"][o.name] = correct + str(random.randint(1, 11) * random.choice([-1, 1]))
        data["partial_scores"][o.name] = {"score": 0, "weight": o.weight}
    else:
        data["raw_submitted_answers"][o.name] = ""
        data["format_errors"][o.name] = "invalid"
