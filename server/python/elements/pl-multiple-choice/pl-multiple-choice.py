"""<pl-multiple-choice>: one choice among sampled <pl-answer> options, with all/none-of-the-above."""

import html
import random
from typing import Any

import prairielearn as pl
from multiple_choice_sampling import above_mode, choose, read_choices
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
    if not pl.get_boolean_attrib(element, "builtin-grading", True):
        _check_without_grading(element)
    if pl.has_attrib(element, "fixed-order") and pl.has_attrib(element, "order"):
        raise ValueError('Setting answer choice order should be done with the "order" attribute.')
    order = "fixed" if pl.get_boolean_attrib(element, "fixed-order", False) else "random"
    order = pl.get_string_attrib(element, "order", order).lower()
    if order not in ORDERS:
        raise ValueError(f'Invalid order "{order}", must be one of: {", ".join(ORDERS)}')

    builtin = pl.get_boolean_attrib(element, "builtin-grading", True)
    choices = read_choices(element, data)
    shown = choose(
        choices,
        pl.get_integer_attrib(element, "number-answers", None),
        above_mode(element, "all-of-the-above"),
        above_mode(element, "none-of-the-above"),
        order,
        display == "inline",
        builtin,
        pl.get_string_attrib(element, "all-of-the-above-feedback", None),
        pl.get_string_attrib(element, "none-of-the-above-feedback", None),
    )
    options = [{"key": pl.index2key(i), "html": c.html, "feedback": c.feedback, "score": c.score} for i, c in enumerate(shown)]
    data["params"][name] = options
    # The last correct one, as PrairieLearn keeps it (only shown to students, not used to grade).
    data["correct_answers"][name] = next((o for o, c in reversed(list(zip(options, shown))) if c.correct), None)


def _check_without_grading(element: Any) -> None:
    """Attributes that only mean something when the element grades (PrairieLearn refuses them without)."""
    if pl.has_attrib(element, "weight"):
        raise ValueError('"weight" should not be set when builtin-grading is false.')
    for attr in ("all-of-the-above", "none-of-the-above"):
        if pl.get_string_attrib(element, attr, "false").lower() in ("correct", "incorrect", "random"):
            raise ValueError(f'"{attr}" should be set to true or false when builtin-grading is false.')
    if pl.has_attrib(element, "hide-score-badge"):
        raise ValueError('"hide-score-badge" should not be set when builtin-grading is false.')
    for child in element:
        if isinstance(child.tag, str) and child.tag in ("pl-answer", "pl_answer"):
            for attr in ("score", "feedback"):
                if pl.has_attrib(child, attr):
                    raise ValueError(f'"{attr}" on pl-answer should not be set when builtin-grading is false.')


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
        # As PrairieLearn: the placeholder is always marked selected (a chosen option after it wins), and not choosable unless blank is allowed.
        blank_ok = pl.get_boolean_attrib(element, "allow-blank", False)
        items = [f'<option value=""{"" if blank_ok else " disabled"} selected>{html.escape(placeholder)}</option>'] + [
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
    correct_key = (data["correct_answers"].get(name) or {}).get("key")

    def grade_one(key: Any) -> tuple[float, str | None]:
        option = _option(data, name, key)
        if option is None:
            return 0.0, "No correct answer."
        return option.get("score", 1.0 if key == correct_key else 0.0), option.get("feedback", "")

    pl.grade_answer_parameterized(data, name, grade_one, weight=weight)


def test(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    kind = data["test_type"]
    keys = [pl.index2key(i) for i in range(len(data["params"][name]))]
    if not pl.get_boolean_attrib(element, "builtin-grading", True):
        if kind == "invalid":
            data["raw_submitted_answers"][name] = "0"
            data["format_errors"][name] = "INVALID choice"
        else:
            data["raw_submitted_answers"][name] = random.choice(keys)
        return
    weight = pl.get_integer_attrib(element, "weight", 1)
    correct = data["correct_answers"][name]
    if correct.get("key") is None:
        raise ValueError("could not determine correct_key")
    # The same set-then-list as PrairieLearn: which wrong key is drawn follows Python's string hashing.
    wrong_keys = list(set(keys) - {correct["key"]})
    if kind == "correct":
        data["raw_submitted_answers"][name] = correct["key"]
        data["partial_scores"][name] = {"score": 1.0, "weight": weight}
        if correct.get("feedback") is not None:
            data["partial_scores"][name]["feedback"] = correct["feedback"]
    elif kind == "incorrect" and wrong_keys:
        key = random.choice(wrong_keys)
        option = _option(data, name, key) or {}
        data["raw_submitted_answers"][name] = key
        data["partial_scores"][name] = {"score": option.get("score", 0.0), "weight": weight}
        if option.get("feedback") is not None:
            data["partial_scores"][name]["feedback"] = option["feedback"]
    else:
        data["raw_submitted_answers"][name] = "0"
        data["format_errors"][name] = "INVALID choice"
