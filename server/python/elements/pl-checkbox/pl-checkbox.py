"""<pl-checkbox>: select every correct option, with optional partial credit."""

import html
import random
from typing import Any

import prairielearn as pl
from checkbox_scoring import draw_counts, partial_credit_method, score, select_limits
from prairielearn import element_ui as ui

OPTIONAL = [
    "weight", "number-answers", "min-correct", "max-correct", "fixed-order", "inline", "hide-answer-panel",
    "hide-help-text", "detailed-help-text", "partial-credit", "partial-credit-method", "hide-letter-keys",
    "hide-score-badge", "min-select", "max-select", "show-number-correct", "allow-blank", "display", "order",
]


def _answers(element: Any) -> list[tuple[str, bool, str | None]]:
    out = []
    for child in element:
        if isinstance(child.tag, str) and child.tag in ("pl-answer", "pl_answer"):
            pl.check_attribs(child, required_attribs=[], optional_attribs=["correct", "feedback"])
            out.append((pl.inner_html(child), pl.get_boolean_attrib(child, "correct", False), pl.get_string_attrib(child, "feedback", None)))
    return out


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    name = pl.get_string_attrib(element, "answers-name")
    pl.check_answers_names(data, name)
    partial_credit_method(element)
    answers = _answers(element)
    correct = [a for a in answers if a[1]]
    incorrect = [a for a in answers if not a[1]]
    n_correct, n_incorrect, _ = draw_counts(element, len(correct), len(incorrect))
    shown = random.sample(correct, n_correct) + random.sample(incorrect, n_incorrect)
    if pl.has_attrib(element, "fixed-order") and pl.has_attrib(element, "order"):
        raise ValueError('Setting answer choice order should be done with the "order" attribute.')
    order = pl.get_string_attrib(element, "order", "fixed" if pl.get_boolean_attrib(element, "fixed-order", False) else "random")
    if order == "fixed":
        shown.sort(key=lambda a: next(i for i, b in enumerate(answers) if b is a))
    else:
        random.shuffle(shown)
    options = [{"key": pl.index2key(i), "html": a[0], "feedback": a[2]} for i, a in enumerate(shown)]
    data["params"][name] = options
    data["correct_answers"][name] = [o for o, a in zip(options, shown) if a[1]]


def _limits(element: Any, data: dict, name: str) -> tuple[int, int]:
    return select_limits(element, len(data["params"].get(name, [])))


def _selected(value: Any) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _feedback(data: dict, name: str) -> dict[str, str | None]:
    """Every option's feedback (None where it has none), as PrairieLearn stores it in the partial score."""
    return {o["key"]: o.get("feedback") for o in data["params"].get(name, [])}


def render(element_html: str, data: dict) -> str:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    options = data["params"].get(name, [])
    show_keys = not pl.get_boolean_attrib(element, "hide-letter-keys", False)
    label = lambda o: (f"({o['key']}) " if show_keys else "") + o["html"]  # noqa: E731
    correct_keys = {o["key"] for o in data["correct_answers"].get(name, []) or []}
    method = partial_credit_method(element)
    hide_marks = pl.get_boolean_attrib(element, "hide-score-badge", False) or (method != "off" and data.get("editable"))
    part = data.get("partial_scores", {}).get(name) or {}
    option_feedback = part.get("feedback") if isinstance(part.get("feedback"), dict) else {}
    note = lambda key: f' <small class="pl-checkbox-feedback text-muted">{option_feedback[key]}</small>' if option_feedback.get(key) else ""  # noqa: E731
    panel = data["panel"]
    if panel == "answer":
        if pl.get_boolean_attrib(element, "hide-answer-panel", False) or not correct_keys:
            return ""
        items = "".join(f"<li>{label(o)}</li>" for o in options if o["key"] in correct_keys)
        return f'<ul class="pl-checkbox-answer list-unstyled mb-0">{items}</ul>'
    if panel == "submission":
        chosen = set(_selected(data["submitted_answers"].get(name)))
        items = "".join(
            f"<li>{label(o)}{_mark(o['key'] in correct_keys) if not hide_marks and part else ''}{note(o['key'])}</li>"
            for o in options if o["key"] in chosen
        )
        shown = f'<ul class="pl-checkbox-submission list-unstyled mb-0">{items}</ul>' if name in data["submitted_answers"] else None
        return ui.submission_html(data, name, shown, show_score=not pl.get_boolean_attrib(element, "hide-score-badge", False))
    if panel != "question":
        return ""
    chosen = set(_selected(data["raw_submitted_answers"].get(name)))
    graded = bool(data["partial_scores"].get(name))
    disabled = "" if data["editable"] else " disabled"
    esc = html.escape(name)
    inline = pl.get_boolean_attrib(element, "inline", False) or pl.get_string_attrib(element, "display", "block") == "inline"
    rows = []
    for o in options:
        mark = _mark(o["key"] in correct_keys) if graded and not hide_marks and o["key"] in chosen else ""
        rows.append(
            f'<div class="form-check{" form-check-inline" if inline else ""}"><input class="form-check-input" type="checkbox" '
            f'name="{esc}" value="{o["key"]}" id="{esc}-{o["key"]}"{" checked" if o["key"] in chosen else ""}{disabled}>'
            f'<label class="form-check-label" for="{esc}-{o["key"]}">{label(o)}</label>{mark}{note(o["key"]) if o["key"] in chosen else ""}</div>'
        )
    badge = "" if pl.get_boolean_attrib(element, "hide-score-badge", False) else ui.partial_score_badge(data, name)
    help_text = "" if pl.get_boolean_attrib(element, "hide-help-text", False) else _help(element, data, name)
    error = data["format_errors"].get(name)
    err = ui.format_error_html(error) if error is not None else ""
    return f'<div class="pl-checkbox" data-name="{esc}">{"".join(rows)}<div>{badge}</div>{help_text}{err}</div>'


def _mark(correct: bool) -> str:
    if correct:
        return ' <span class="badge text-bg-success">correct</span>'
    return ' <span class="badge text-bg-danger">incorrect</span>'


def _help(element: Any, data: dict, name: str) -> str:
    lo, hi = _limits(element, data, name)
    text = "Select all possible options that apply."
    if pl.get_boolean_attrib(element, "detailed-help-text", False) or pl.has_attrib(element, "min-select") or pl.has_attrib(element, "max-select"):
        text = f"Select between {lo} and {hi} options." if lo != hi else f"Select exactly {lo} option{'s' if lo != 1 else ''}."
    if pl.get_boolean_attrib(element, "show-number-correct", False):
        text += f" There {'is' if len(data['correct_answers'].get(name, [])) == 1 else 'are'} {len(data['correct_answers'].get(name, []))} correct option(s)."
    return f'<small class="form-text text-muted pl-help-text d-block">{text}</small>'


def parse(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
    selected = _selected(data["submitted_answers"].get(name))
    keys = {o["key"] for o in data["params"].get(name, [])}
    bad = set(selected) - keys
    if bad:
        data["format_errors"][name] = f"You selected an invalid option: {html.escape(str(bad.pop()))}"
        return
    lo, hi = _limits(element, data, name)
    if (allow_blank and not selected) or lo <= len(selected) <= hi:
        return
    if lo != hi:
        text = f"You must select between <b>{lo}</b> and <b>{hi}</b> options"
    else:
        text = f"You must select exactly <b>{lo}</b> option{'' if lo == 1 else 's'}"
    data["format_errors"][name] = text + (" (or skip this question by leaving it blank)." if allow_blank else ".")


def _expected(element: Any, data: dict, name: str, selected: list[str]) -> dict[str, Any]:
    weight = pl.get_integer_attrib(element, "weight", 1)
    correct = {o["key"] for o in data["correct_answers"].get(name, [])}
    shown = len(data["params"].get(name, []))
    value = score(partial_credit_method(element), set(selected), correct, shown, pl.get_boolean_attrib(element, "allow-blank", False))
    return {"score": value, "weight": weight, "feedback": _feedback(data, name)}


def grade(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    data["partial_scores"][name] = _expected(element, data, name, _selected(data["submitted_answers"].get(name)))


def test(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    kind = data["test_type"]
    keys = [pl.index2key(i) for i in range(len(data["params"][name]))]
    lo, hi = _limits(element, data, name)
    allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
    if kind == "invalid":
        if allow_blank:
            data["raw_submitted_answers"][name] = "0"
            data["format_errors"][name] = "You selected an invalid option: 0"
        else:
            data["format_errors"][name] = "You must select at least one option."
        return
    correct = [o["key"] for o in data["correct_answers"].get(name, [])]
    weight = pl.get_integer_attrib(element, "weight", 1)
    if kind == "correct":
        if correct:
            data["raw_submitted_answers"][name] = correct[0] if len(correct) == 1 else correct
        data["partial_scores"][name] = {"score": 1, "weight": weight, "feedback": _feedback(data, name)}
        return
    # As PrairieLearn: keep each key with a coin flip until the selection is wrong and allowed.
    while True:
        selected = [k for k in keys if random.choice([True, False])]
        if set(selected) != set(correct) and lo <= len(selected) <= hi:
            break
    data["raw_submitted_answers"][name] = selected
    data["partial_scores"][name] = _expected(element, data, name, selected)
