"""pl-external-grader-results: the external grader's result object (data["feedback"]) in the submission panel."""

import html

import lxml.html
import prairielearn as pl
from prairielearn.ansi_html import ansi_to_html


def _rounded(value):
    """Two decimals without trailing zeros: 1.50 -> "1.5", 2.00 -> "2"."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _images(images):
    result = []
    for image in images or []:
        src = image.get("url") if isinstance(image, dict) else image
        if isinstance(image, dict) and "content" in image:
            src = f'data:{image.get("mimetype", "image/png")};base64,{image["content"]}'
        if isinstance(src, str):
            result.append(f'<img src="{html.escape(src)}" class="img-fluid" alt="grader image">')
    return "".join(result)


def _output(text):
    return f'<pre class="bg-body-tertiary p-2 mb-1"><code>{ansi_to_html(str(text))}</code></pre>' if text else ""


def prepare(element_html, data):
    pl.check_attribs(lxml.html.fragment_fromstring(element_html), [], [])


def render(element_html, data):
    if data["panel"] != "submission":
        return ""
    feedback = data.get("feedback") or {}
    grader_errors = data["format_errors"].get("_external_grader", [])
    if isinstance(grader_errors, str):
        grader_errors = [grader_errors]
    errors = "".join(f'<div class="alert alert-danger mb-1">{html.escape(str(e))}</div>' for e in grader_errors)
    if not feedback:
        return f'<div class="pl-external-grader-results">{errors}<p>No grading results yet.</p></div>'
    if not feedback.get("succeeded"):
        message = html.escape(str(feedback.get("message", "")))
        return (f'<div class="pl-external-grader-results">{errors}<div class="alert alert-danger">The autograder '
                f"failed. {message}</div>{_output(feedback.get('output'))}</div>")
    results = feedback.get("results") or {}
    parts = [errors]
    if "score" in results:
        parts.append(f'<p class="fw-bold">Score: {_rounded(results["score"] * 100)}%</p>')
    if results.get("gradable") is False:
        parts.append('<div class="alert alert-warning">This submission could not be graded.</div>')
    if results.get("message"):
        parts.append(f'<p>{ansi_to_html(str(results["message"]))}</p>')
    parts.append(_output(results.get("output")))
    parts.append(_images(results.get("images")))
    tests = [t for t in results.get("tests") or [] if isinstance(t, dict)]
    show_points = bool(tests) and all(t.get("points") is not None and t.get("max_points") is not None for t in tests)
    if show_points:
        total = sum(t["points"] for t in tests)
        parts.append(f'<p>Test points: {_rounded(total)}/{_rounded(sum(t["max_points"] for t in tests))}</p>')
    for test in tests:
        points = ""
        if show_points:
            got, top = _rounded(test["points"]), _rounded(test["max_points"])
            tone = "secondary" if top == "0" else ("success" if got == top else "danger")
            points = f' <span class="badge text-bg-{tone}">{got}/{top}</span>'

        body = "".join([
            f'<p class="mb-1">{html.escape(str(test["description"]))}</p>' if test.get("description") else "",
            f'<p class="mb-1">{ansi_to_html(str(test["message"]))}</p>' if test.get("message") else "",
            _output(test.get("output")), _images(test.get("images")),
        ])
        parts.append(f'<div class="card mb-1"><div class="card-header">{html.escape(str(test.get("name", "")))}{points}</div>'
                     f'<div class="card-body">{body}</div></div>')
    return f'<div class="pl-external-grader-results">{"".join(parts)}</div>'
