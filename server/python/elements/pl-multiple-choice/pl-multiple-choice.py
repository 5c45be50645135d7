"""<pl-multiple-choice>: one choice among sampled <pl-answer> options, with all/none-of-the-above."""

import html
import random
from typing import Any

import prairielearn as pl
from multiple_choice_sampling import Choice, above_mode, pick_outcome, read_choices, sample
from prairielearn import element_ui as ui

OPTIONAL = [
    "weight", "number-answers", "fixed-order", "inline", "hide-letter-keys", "none-of-the-above",
    "none-of-the-above-feedback", "all-of-the-above", "all-of-the-above-feedback", "external-json",
    "external-json-correct-key", "external-json-incorrect-key", "hide-score-badge", "allow-blank", "size",
    "placeholder", "display", "aria-label", "order", "builtin-grading",
]
ORDERS = ("random", "ascend", "descend", "fixed")


def _display(element: Any) -> str:
    if pl.has_attrib(element, "inline") and pl.has_attrib(element, "display"):
        raise ValueError('Cannot set both "inline" and "display"; "inline" is deprecated.')
    return "inline" if pl.get_boolean_attrib(element, "inline", False) else pl.get_string_attrib(element, "display", "block")


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    name = pl.get_string_attrib(element, "answers-name")
    if name in data["params"]:
        raise ValueError(f"Duplicate params variable name: {name}")
    if name in data["correct_answers"]:
        raise ValueError(f"Duplicate correct_answers variable name: {name}")
    display = _display(element)
    if display not in ("block", "inline", "dropdown"):
        raise ValueError(f'Invalid display "{display}", must be one of: block, inline, dropdown')
    if display != "dropdown" and (pl.has_attrib(element, "size") or pl.has_attrib(element, "placeholder")):
        raise ValueError('"size" and "placeholder" are only allowed with display="dropdown".')
    if not pl.get_boolean_attrib(element, "builtin-grading", True) and pl.has_attrib(element, "weight"):
        raise ValueError('"weight" cannot be set when builtin-grading="false".')
    order = "fixed" if pl.get_boolean_attrib(element, "fixed-order", False) else pl.get_string_attrib(element, "order", "random")
    if order not in ORDERS:
        raise ValueError(f'Invalid order "{order}", must be one of: {", ".join(ORDERS)}')

    choices = read_choices(element, data)
    aota, nota = above_mode(element, "all-of-the-above"), above_mode(element, "none-of-the-above")
    extras = (aota != "false") + (nota != "false")
    number = pl.get_integer_attrib(element, "number-answers", len(choices) + extras)
    outcome = pick_outcome(aota, nota, sum(c.correct for c in choices))
    shown = sample(choices, outcome, number, extras)
    if order == "random":
        random.shuffle(shown)
    elif order in ("ascend", "descend"):
        shown.sort(key=lambda c: c.html, reverse=order == "descend")
    elif order == "fixed":
        shown.sort(key=choices.index)
    if outcome != "normal":
        shown = [Choice(c.html, False, 0.0, c.feedback) for c in shown]
    inline = display == "inline"
    if aota != "false":
        text = "All of these" if inline else "All of the above"
        feedback = pl.get_string_attrib(element, "all-of-the-above-feedback", None)
        shown.append(Choice(text, outcome == "aota", 1.0 if outcome == "aota" else 0.0, feedback))
    if nota != "false":
        text = "None of these" if inline else "None of the above"
        feedback = pl.get_string_attrib(element, "none-of-the-above-feedback", None)
        shown.append(Choice(text, outcome == "nota", 1.0 if outcome == "nota" else 0.0, feedback))

    options = [
        {"key": pl.index2key(i), "html": c.html, "feedback": c.feedback, "score": c.score}
        for i, c in enumerate(shown)
    ]
    data["params"][name] = options
    data["correct_answers"][name] = next(opt for opt, c in zip(options, shown) if c.correct)


def _option(data: dict, name: str, key: Any) -> dict | None:
    return next((o for o in data["params"].get(name, []) if o["key"] == key), None)


def render(element_html: str, data: dict) -> str:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    options = data["params"].get(name, [])
    show_keys = not pl.get_boolean_attrib(element, "hide-letter-keys", False)
    hide_badge = pl.get_boolean_attrib(element, "hide-score-badge", False)
    label = lambda o: (f"({o['key']}) " if show_keys else "") + o["html"]  # noqa: E731
    panel = data["panel"]
    if panel == "question":
        return _question(element, data, name, options, label, hide_badge)
    if panel == "submission":
        key = data["submitted_answers"].get(name)
        option = _option(data, name, key)
        shown = f'<span class="pl-multiple-choice-submission">{label(option)}</span>' if option else None
        return ui.submission_html(data, name, shown, show_score=not hide_badge)
    if panel == "answer":
        correct = data["correct_answers"].get(name)
        if not correct:
            return ""
        return f'<span class="pl-multiple-choice-answer">{label(correct)}</span>'
    return ""


def _question(element: Any, data: dict, name: str, options: list, label: Any, hide_badge: bool) -> str:
    display = _display(element)
    chosen = data["raw_submitted_answers"].get(name)
    disabled = "" if data["editable"] else " disabled"
    badge = "" if hide_badge else ui.partial_score_badge(data, name)
    error = data["format_errors"].get(name)
    esc = html.escape(name)
    if display == "dropdown":
        placeholder = pl.get_string_attrib(element, "placeholder", "Select an option")
        items = [f'<option value="">{html.escape(placeholder)}</option>'] + [
            f'<option value="{o["key"]}"{" selected" if o["key"] == chosen else ""}>{label(o)}</option>' for o in options
        ]
        body = f'<select class="form-select d-inline-block w-auto" name="{esc}"{disabled}>{"".join(items)}</select> {badge}'
    else:
        items = []
        for o in options:
            checked = o["key"] == chosen
            mark = f" {badge}" if checked and badge else ""
            cls = "form-check form-check-inline" if display == "inline" else "form-check"
            items.append(
                f'<div class="{cls}"><input class="form-check-input" type="radio" name="{esc}" value="{o["key"]}" '
                f'id="{esc}-{o["key"]}"{" checked" if checked else ""}{disabled}>'
                f'<label class="form-check-label" for="{esc}-{o["key"]}">{label(o)}</label>{mark}</div>'
            )
        body = "".join(items)
    feedback = ui.feedback_html(data, name)
    err = ui.format_error_html(error) if error is not None else ""
    return f'<div class="pl-multiple-choice" data-name="{esc}">{body}{feedback}{err}</div>'


def parse(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    submitted = data["submitted_answers"].get(name)
    if submitted is None or submitted == "":
        if not pl.get_boolean_attrib(element, "allow-blank", False):
            data["format_errors"][name] = "No answer was submitted."
        return
    if _option(data, name, submitted) is None:
        data["format_errors"][name] = f"Invalid choice: {pl.escape_invalid_string(str(submitted))}"


def grade(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    if not pl.get_boolean_attrib(element, "builtin-grading", True):
        return
    name = pl.get_string_attrib(element, "answers-name")
    weight = pl.get_integer_attrib(element, "weight", 1)

    def grade_one(key: Any) -> tuple[float, str | None]:
        option = _option(data, name, key)
        if option is None:
            return 0.0, None
        return float(option["score"]), option.get("feedback") or None

    pl.grade_answer_parameterized(data, name, grade_one, weight=weight)


def test(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    weight = pl.get_integer_attrib(element, "weight", 1)
    kind = data["test_type"]
    if kind == "invalid":
        data["raw_submitted_answers"][name] = "0"
        data["format_errors"][name] = "INVALID choice"
        return
    correct = data["correct_answers"].get(name)
    if correct is None:
        return
    if kind == "correct":
        option = correct
    else:
        others = [o for o in data["params"][name] if o["key"] != correct["key"]]
        if not others:
            return
        option = random.choice(others)
    data["raw_submitted_answers"][name] = option["key"]
    if not pl.get_boolean_attrib(element, "builtin-grading", True):
        return
    part: dict[str, Any] = {"score": float(option["score"]), "weight": weight}
    if option.get("feedback"):
        part["feedback"] = option["feedback"]
    data["partial_scores"][name] = part
