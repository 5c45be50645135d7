"""Markup shared by the core element controllers: score badges, format errors, text inputs.

Bootstrap 5 classes throughout; the preview ships Bootstrap-like CSS. Not part of upstream's
public API (element code imports it as `prairielearn.element_ui`).
"""

import html
import os
from typing import Any

import lxml.html

from prairielearn.html_utils import escape_invalid_string
from prairielearn.question_utils import determine_score_params

__all__ = [
    "parse_element",
    "score_badge",
    "partial_score_badge",
    "feedback_html",
    "format_error_html",
    "invalid_badge",
    "missing_input_html",
    "text_input_html",
    "submission_html",
    "source_directory",
]


def parse_element(element_html: str | bytes) -> Any:
    return lxml.html.fragment_fromstring(element_html)


def score_badge(score: float) -> str:
    kind, value = determine_score_params(score)
    if kind == "correct":
        return '<span class="badge text-bg-success pl-score-badge" data-score="correct"><i class="bi bi-check-circle-fill" aria-hidden="true"></i> 100%</span>'
    if kind == "partial":
        return f'<span class="badge text-bg-warning pl-score-badge" data-score="partial"><i class="bi bi-circle-half" aria-hidden="true"></i> {value}%</span>'
    return '<span class="badge text-bg-danger pl-score-badge" data-score="incorrect"><i class="bi bi-x-circle-fill" aria-hidden="true"></i> 0%</span>'


def partial_score_badge(data: dict, name: str) -> str:
    """The badge for partial_scores[name], or "" when it has not been graded."""
    part = data.get("partial_scores", {}).get(name)
    if not isinstance(part, dict) or part.get("score") is None:
        return ""
    try:
        return score_badge(float(part["score"]))
    except (TypeError, ValueError):
        return ""


def feedback_html(data: dict, name: str) -> str:
    part = data.get("partial_scores", {}).get(name)
    fb = part.get("feedback") if isinstance(part, dict) else None
    if not fb or not isinstance(fb, str):
        return ""
    return f'<div class="pl-feedback small mt-1">{fb}</div>'


def invalid_badge() -> str:
    return '<span class="badge text-bg-danger pl-invalid-badge">Invalid <i class="bi bi-exclamation-triangle-fill" aria-hidden="true"></i></span>'


def format_error_html(error: Any) -> str:
    """Format errors are HTML already (they are written by our own parse code)."""
    if error is None:
        return ""
    return f'<div class="pl-format-error alert alert-danger py-1 px-2 mt-1 mb-0 small" role="alert">{error}</div>'


def missing_input_html(name: str) -> str:
    return (
        f'<span class="pl-missing-input text-muted" data-name="{html.escape(name)}">'
        '<span class="badge text-bg-secondary">missing input</span></span>'
    )


def text_input_html(
    data: dict,
    name: str,
    *,
    label: str | None,
    suffix: str | None,
    size: int,
    placeholder: str,
    aria_label: str | None,
    initial_value: str | None,
    display: str,
    help_text: str,
    show_score: bool = True,
    hidden_fields: str = "",
) -> str:
    """The question-panel text input: label, prefilled value, suffix, badge, help text and format error.

    With `hidden_fields` (hidden inputs that carry the answer, named by the element) the text box itself has
    no name: it is marked `data-answer-for` and a page script copies what is typed into the field `name`.
    """
    raw = data.get("raw_submitted_answers", {}).get(name, initial_value)
    editable = bool(data.get("editable", False))
    error = data.get("format_errors", {}).get(name)
    attrs = [
        'type="text"',
        f'class="form-control pl-input{" is-invalid" if error is not None else ""}"',
        f'{"data-answer-for" if hidden_fields else "name"}="{html.escape(name)}"',
        f'size="{int(size)}"',
        'autocomplete="off"',
        'autocorrect="off"',
    ]
    if raw is not None:
        attrs.append(f'value="{html.escape(str(raw))}"')
    if placeholder:
        attrs.append(f'placeholder="{html.escape(placeholder)}"')
    if aria_label:
        attrs.append(f'aria-label="{html.escape(aria_label)}"')
    if not editable:
        attrs.append("disabled")
    parts = [f'<span class="pl-input-element {"d-inline-block" if display == "inline" else "d-block"}">']
    parts.append('<span class="input-group">')
    if label:
        parts.append(f'<span class="input-group-text">{label}</span>')
    parts.append(f"{hidden_fields}<input {' '.join(attrs)}>")
    if suffix:
        parts.append(f'<span class="input-group-text">{suffix}</span>')
    parts.append("</span>")
    if show_score and error is None:
        parts.append(" " + partial_score_badge(data, name))
    if error is not None:
        parts.append(" " + invalid_badge())
    if help_text:
        # A disclosure instead of PrairieLearn's popover: no script needed in the preview.
        parts.append(
            '<details class="pl-help-text d-inline-block ms-1 small text-muted">'
            f'<summary aria-label="Help"><i class="bi bi-question-circle"></i></summary>{help_text}</details>'
        )
    if error is not None and editable:
        parts.append(format_error_html(error))
    parts.append("</span>")
    return "".join(parts)


def labelled(label: str | None, inner: str | None, suffix: str | None) -> str:
    """An input's shown value between its label and suffix, as the submission panel writes it."""
    return f"{label or ''} {inner or ''}{' ' + suffix if suffix else ''}".strip()


def submission_html(data: dict, name: str, shown_value: str | None, *, show_score: bool = True) -> str:
    """Submission panel: the parsed value (already HTML), or the raw text with its error, or 'missing input'."""
    error = data.get("format_errors", {}).get(name)
    if error is not None:
        raw = data.get("raw_submitted_answers", {}).get(name)
        raw_html = "" if raw is None else escape_invalid_string(str(raw))
        return f'<span class="pl-submission">{raw_html} {invalid_badge()}{format_error_html(error)}</span>'
    if name not in data.get("submitted_answers", {}):
        return missing_input_html(name)
    badge = partial_score_badge(data, name) if show_score else ""
    return f'<span class="pl-submission">{shown_value or ""} {badge}{feedback_html(data, name)}</span>'


def source_directory(data: dict, directory: str) -> str:
    """The folder a `directory` attribute names, as pl-code, pl-file-editor, pl-rich-text-editor and
    pl-graph read it in PrairieLearn: the course's serverFilesCourse or clientFilesCourse, else a
    folder of the question."""
    options = data["options"]
    key = {"serverFilesCourse": "server_files_course_path", "clientFilesCourse": "client_files_course_path"}.get(directory)
    if key is not None and options.get(key) is not None:
        return options[key]
    return os.path.join(options.get("question_path", ""), directory)
