"""<pl-dropdown>: a select box of <pl-answer> options, graded by exact match with the correct one."""

import html
import random
from typing import Any

import prairielearn as pl
from prairielearn import element_ui as ui

OPTIONAL = ["blank", "allow-blank", "weight", "sort", "aria-label"]
SORTS = ("RANDOM", "ASCEND", "DESCEND", "FIXED")


def _answers(element: Any) -> list[tuple[str, bool]]:
    out = []
    for child in element:
        if isinstance(child.tag, str) and child.tag in ("pl-answer", "pl_answer"):
            pl.check_attribs(child, required_attribs=[], optional_attribs=["correct"])
            out.append((pl.inner_html(child).strip(), pl.get_boolean_attrib(child, "correct", False)))
    return out


def _settings(element: Any) -> tuple[str, bool, bool, str]:
    name = pl.get_string_attrib(element, "answers-name")
    blank = pl.get_boolean_attrib(element, "blank", True)
    allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
    sort = pl.get_string_attrib(element, "sort", "random").upper()  # case-insensitive, unlike other enums
    return name, blank, allow_blank, sort


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    name, blank, allow_blank, sort = _settings(element)
    pl.check_answers_names(data, name)
    if allow_blank and not blank:
        raise ValueError('"allow-blank" cannot be enabled when "blank" is false.')
    if sort not in SORTS:
        raise ValueError(f'Invalid sort "{sort.lower()}", must be one of: random, ascend, descend, fixed')
    correct = [text for text, ok in _answers(element) if ok]
    if len(correct) > 1:
        raise ValueError("Multiple correct answers were set")
    if correct:
        data["correct_answers"][name] = correct[0]


def render(element_html: str, data: dict) -> str:
    element = ui.parse_element(element_html)
    name, blank, _, sort = _settings(element)
    panel = data["panel"]
    if panel == "submission":
        value = data["submitted_answers"].get(name)
        shown = f'<span class="pl-dropdown-submission">{html.escape(value)}</span>' if isinstance(value, str) else None
        return ui.submission_html(data, name, shown)
    if panel == "answer":
        correct = data["correct_answers"].get(name)
        return f'<span class="pl-dropdown-answer">{correct}</span>' if correct is not None else ""
    if panel != "question":
        return ""
    texts = [text for text, _ in _answers(element)]
    if sort == "RANDOM":
        random.shuffle(texts)
    elif sort in ("ASCEND", "DESCEND"):
        texts.sort(reverse=sort == "DESCEND")
    chosen = data["raw_submitted_answers"].get(name)
    part = data["partial_scores"].get(name) or {}
    state = ""
    if part.get("score") is not None:
        state = " is-valid" if part["score"] >= 1 else " is-invalid" if part["score"] == 0 else ""
    options = ['<option value=" "> </option>'] if blank else []
    for text in texts:
        value = html.escape(html.unescape(text))
        options.append(f'<option value="{value}"{" selected" if html.unescape(text) == chosen else ""}>{text}</option>')
    aria = pl.get_string_attrib(element, "aria-label", None)
    aria_attr = f' aria-label="{html.escape(aria)}"' if aria else ""
    disabled = "" if data["editable"] else " disabled"
    error = data["format_errors"].get(name)
    err = ui.format_error_html(error) if error is not None else ""
    return (
        f'<span class="pl-dropdown d-inline-block"><select class="form-select d-inline-block w-auto{state}" '
        f'name="{html.escape(name)}"{aria_attr}{disabled}>{"".join(options)}</select>'
        f' {ui.partial_score_badge(data, name)}{err}</span>'
    )


def parse(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name, _, allow_blank, _ = _settings(element)
    submitted = data["submitted_answers"].get(name)
    if submitted is None:
        data["format_errors"][name] = "No answer was submitted."
        return
    if submitted.strip() == "":
        if not allow_blank:
            data["format_errors"][name] = "The submitted answer was left blank."
        return
    if submitted not in [html.unescape(text) for text, _ in _answers(element)]:
        data["format_errors"][name] = "Invalid option submitted."


def grade(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name, _, _, _ = _settings(element)
    correct = data["correct_answers"].get(name)
    if correct is None:
        return
    weight = pl.get_integer_attrib(element, "weight", 1)
    pl.grade_answer_parameterized(data, name, lambda sub: (html.unescape(correct) == sub, None), weight=weight)


def test(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name, _, _, _ = _settings(element)
    weight = pl.get_integer_attrib(element, "weight", 1)
    kind = data["test_type"]
    if kind == "invalid":
        data["raw_submitted_answers"][name] = "INVALID STRING"
        # PrairieLearn 88fb855's test() writes this placeholder (its question test compares only keys).
        data["format_errors"][name] = "format error message"
        return
    correct = data["correct_answers"].get(name)
    if correct is None:
        return
    if kind == "correct":
        data["raw_submitted_answers"][name] = html.unescape(correct)
        data["partial_scores"][name] = {"score": 1, "weight": weight}
        return
    others = [html.unescape(t) for t, _ in _answers(element) if html.unescape(t) != html.unescape(correct)]
    if others:
        data["raw_submitted_answers"][name] = others[-1]
        data["partial_scores"][name] = {"score": 0, "weight": weight}
