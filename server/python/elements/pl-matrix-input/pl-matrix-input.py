"""pl-matrix-input: a matrix typed in MATLAB ([1 2; 3 4]) or Python ([[1, 2], [3, 4]]) syntax."""

import html
import random

import lxml.html
import numpy as np
import prairielearn as pl
from prairielearn.element_ui import score_badge

REQUIRED = ["answers-name"]
OPTIONAL = ["weight", "label", "aria-label", "comparison", "rtol", "atol", "digits",
            "allow-complex", "show-help-text", "initial-value"]
COMPARISONS = ("relabs", "sigfig", "decdig")
INVALID_SAMPLES = ["[1, 2; 3", "[[1, 2], [3]]", "[1 x; 3 4]", "1, 2]"]


def _options(element):
    comparison = pl.get_string_attrib(element, "comparison", "relabs")
    if comparison not in COMPARISONS:
        raise ValueError(f'method of comparison "{comparison}" is not valid')
    opts = {
        "name": pl.get_string_attrib(element, "answers-name"),
        "weight": pl.get_integer_attrib(element, "weight", 1),
        "comparison": comparison,
        "rtol": pl.get_float_attrib(element, "rtol", 1e-2),
        "atol": pl.get_float_attrib(element, "atol", 1e-8),
        "digits": pl.get_integer_attrib(element, "digits", 2),
        "allow_complex": pl.get_boolean_attrib(element, "allow-complex", False),
    }
    for key in ("rtol", "atol", "digits"):
        if opts[key] < 0:
            raise ValueError(f"Attribute {key} = {opts[key]:g} must be non-negative")
    return opts


def _number_text(x, fmt=".12g"):
    x = complex(x)
    if x.imag == 0:
        return format(x.real, fmt)
    return f"{x.real:{fmt}}{x.imag:+{fmt}}j"


def _display_number(x, opts):
    """A correct-answer entry as the comparison reads it: 12 significant digits, `digits` significant
    figures (sigfig) or `digits` decimals (decdig)."""
    if opts is None or opts["comparison"] == "relabs":
        return _number_text(x)
    if opts["comparison"] == "decdig":
        return _number_text(x, f".{opts['digits']}f")
    if complex(x).imag == 0:
        return pl.string_from_number_sigfig(float(np.real(x)), digits=opts["digits"])
    return _number_text(x, f".{opts['digits']}g")


def _matlab(a, opts=None):
    return "[" + "; ".join(" ".join(_display_number(x, opts) for x in row) for row in a) + "]"


def _python(a, opts=None):
    return "[" + ", ".join("[" + ", ".join(_display_number(x, opts) for x in row) + "]" for row in a) + "]"


def _latex(a):
    return "$" + pl.latex_from_2darray(a, presentation_type="g", digits=12) + "$"


def _correct_matrix(data, name):
    value = pl.from_json(data["correct_answers"].get(name))
    if value is None:
        return None
    matrix = np.array(value)
    if matrix.ndim != 2:
        raise ValueError(f'Value in data["correct_answers"]["{name}"] must be a 2D array.')
    return matrix


def _score(opts, sub, tru):
    if sub.shape != tru.shape:
        return 0.0
    dtype = np.complex128 if opts["allow_complex"] else np.float64
    sub, tru = sub.astype(dtype), tru.astype(dtype)
    if opts["comparison"] == "sigfig":
        ok = pl.is_correct_ndarray2d_sf(sub, tru, opts["digits"])
    elif opts["comparison"] == "decdig":
        ok = pl.is_correct_ndarray2d_dd(sub, tru, opts["digits"])
    else:
        ok = pl.is_correct_ndarray2d_ra(sub, tru, opts["rtol"], opts["atol"])
    return 1.0 if ok else 0.0


def _format_error_html(message):
    return (f"{message}<br><p>Write a matrix in MATLAB format, e.g. <code>[1.2 3.4; 5.6 7.8]</code>, "
            "or in Python format, e.g. <code>[[1.2, 3.4], [5.6, 7.8]]</code>. Scientific notation "
            "such as <code>1.2e-3</code> is allowed; variables and expressions are not.</p>")


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, REQUIRED, OPTIONAL)
    pl.check_answers_names(data, pl.get_string_attrib(element, "answers-name"))


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    label = pl.get_string_attrib(element, "label", None)
    aria = pl.get_string_attrib(element, "aria-label", None)
    score = data["partial_scores"].get(name, {}).get("score")
    badge = score_badge(score) if score is not None else ""
    error = data["format_errors"].get(name)
    panel = data["panel"]
    if panel == "question":
        raw = data["raw_submitted_answers"].get(name, pl.get_string_attrib(element, "initial-value", ""))
        disabled = "" if data["editable"] else " disabled"
        label_html = f'<span class="input-group-text">{label}</span>' if label else ""
        help_html = ""
        if pl.get_boolean_attrib(element, "show-help-text", True):
            help_html = ('<div class="form-text">Matrix in MATLAB (<code>[1 2; 3 4]</code>) or '
                         "Python (<code>[[1, 2], [3, 4]]</code>) format.</div>")
        error_html = f'<div class="invalid-feedback d-block">{error}</div>' if error else ""
        invalid = " is-invalid" if error else ""
        aria_html = f' aria-label="{html.escape(aria)}"' if aria else ""
        return (f'<span class="pl-matrix-input"><span class="input-group">{label_html}'
                f'<input type="text" class="form-control{invalid}" name="{html.escape(name)}" '
                f'value="{html.escape(str(raw))}"{aria_html}{disabled}>{badge}</span>{help_html}{error_html}</span>')
    if panel == "submission":
        if error is not None:
            raw = data["raw_submitted_answers"].get(name)
            shown = pl.escape_invalid_string(raw) if raw else "<em>blank</em>"
            return (f'<span class="pl-matrix-input">{label or ""} {shown} '
                    f'<span class="badge text-bg-danger">Invalid</span>'
                    f'<div class="invalid-feedback d-block">{error}</div></span>')
        submitted = data["submitted_answers"].get(name)
        if submitted is None:
            return '<span class="pl-matrix-input"><span class="badge text-bg-dark">missing input</span></span>'
        matrix = np.array(pl.from_json(submitted))
        # Shown in the syntax the student typed it in.
        writer = _python if _typed_format(data, name) == "python" else _matlab
        return (f'<span class="pl-matrix-input">{label or ""} <code>{html.escape(writer(matrix))}</code> {badge}'
                f'<div class="small">{_latex(matrix)}</div></span>')
    matrix = _correct_matrix(data, name)
    if matrix is None:
        return ""
    rows = [("MATLAB", _matlab(matrix, opts)), ("Python", _python(matrix, opts))]
    if _typed_format(data, name) == "python":
        rows.reverse()
    listing = "<br>".join(f"{title}: <code>{html.escape(text)}</code>" for title, text in rows)
    return f'<span class="pl-matrix-input">{label or ""} {_latex(matrix)}<div class="small">{listing}</div></span>'


def _typed_format(data, name):
    return (data["submitted_answers"].get("_pl_matrix_input_format") or {}).get(name, "matlab")


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    text = data["submitted_answers"].get(name)
    if text is None:
        data["format_errors"][name] = _format_error_html("No submitted answer.")
        data["submitted_answers"][name] = None
        return
    matrix, info = pl.string_to_2darray(text, allow_complex=opts["allow_complex"])
    if matrix is None:
        data["format_errors"][name] = _format_error_html(info["format_error"])
        data["submitted_answers"][name] = None
        return
    data["submitted_answers"][name] = pl.to_json(matrix)
    data["submitted_answers"].setdefault("_pl_matrix_input_format", {})[name] = info["format_type"]


def grade(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    tru = _correct_matrix(data, name)
    if tru is None:
        return
    sub = data["submitted_answers"].get(name)
    score = 0.0 if sub is None else _score(opts, np.array(pl.from_json(sub)), tru)
    data["partial_scores"][name] = {"score": score, "weight": opts["weight"]}


def test(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    if data["test_type"] == "invalid":
        data["raw_submitted_answers"][name] = random.choice(INVALID_SAMPLES)
        data["format_errors"][name] = "invalid"
        return
    tru = _correct_matrix(data, name)
    if tru is None:
        return
    if data["test_type"] == "correct":
        sub = tru
    else:
        offsets = np.array([[random.uniform(1, 10) for _ in row] for row in tru])
        sub = tru + (np.abs(tru) + 1) * offsets
    writer = random.choice([_matlab, _python])
    text = writer(sub)
    # Expected score from the very text that will be parsed, so test and grade agree.
    parsed, _ = pl.string_to_2darray(text, allow_complex=opts["allow_complex"])
    data["raw_submitted_answers"][name] = text
    data["partial_scores"][name] = {"score": _score(opts, parsed, tru), "weight": opts["weight"]}
