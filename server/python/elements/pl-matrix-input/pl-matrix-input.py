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
# PrairieLearn's invalid MATLAB-style test answers by kind (elements/pl-matrix-input, 88fb855), in its order:
# test() picks a kind, then an answer of it.
INVALID_MATLAB = {
    "invalid commas": ["[,,1, 2, 3]", "[1,, 2, 3]", "[1, 2,, 3]", "[1, 2, 3,,]", "[, ,1, 2, 3]", "[1, , 2, 3]", "[1, 2, , 3]",
                       "[1, 2, 3, ,]"],
    "uneven dimensions": ["[1; 2 3]", "[1 2; 3]", "[1; 2, 3]", "[1, 2; 3]"],
    "unbalanced brackets": ["[1 2 3", "1 2 3]", "[1, 2, 3", "1, 2, 3]"],
    "non-spaces outside brackets": ["1 [2 3]", "[1 2] 3", "1 [2, 3]", "[1, 2] 3"],
    "not finite": ["np.inf", "[np.inf]", "[1 2 np.inf]", "[1, 2, np.inf]"],
    "empty matrix": ["[]", "[,]"],
}


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
    """The message, then how to write a matrix: the same text and layout (whitespace included) as PrairieLearn's
    format error (elements/pl-matrix-input, 88fb855; it never passes its complex flag, so the real-number text)."""
    def para(text, indent="        "):
        return f"<p>\n{indent}{text}\n    </p>"

    matlab = ("<p> <strong>Matlab Format:</strong> Enclose it by a single pair of square brackets. Separate entries in each "
              "row with a space or comma. Indicate the end of each intermediate row with a semicolon. <br> Examples: "
              '<code class="small">[1 2 3; 4 5 6]</code> or <code class="small">[1, 2, 3; 4, 5, 6]</code> </p>')
    python = ("<p> <strong>Python Format:</strong> Enclose it by a single pair of square brackets. Enclose each row by a "
              "single pair of square brackets. Separate rows with a comma. Separate entries in each row with a comma. <br> "
              'Example: <code class="small">[[1, 2, 3], [4, 5, 6]]</code> </p>')
    entries = ("<p> Each entry of the submitted answer must be formatted as a <i>double-precision floating-point</i>  "
               "number.  These numbers  lie roughly in the range of -1.79 &times; 10<sup>308</sup> to 1.79 &times; "
               "10<sup>308</sup>. </p>")
    blocks = [para(message), para("Answers should be submitted in Matlab or Python array format."),
              para("Example <i>valid</i> inputs:"), para("<code>[[0.40, -0.60], [-0.20, -0.50]]</code>"),
              para("<code>[0.40 -0.60; -0.20 -0.50]</code>"), "<hr>", "<small>",
              para("Your answer must be a matrix (i.e., a 2D array). It can be expressed in one of two ways:", "      "),
              matlab, python, entries, "</small>"]
    return "\n    ".join(blocks)


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
    # As PrairieLearn's: one coin flip picks MATLAB or Python syntax first, then the answer; the wrong answer is
    # the correct matrix shifted by one random amount, expected to score 0.
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    if name not in data["correct_answers"]:
        return
    tru = np.array(pl.from_json(data["correct_answers"][name]))
    kind = data["test_type"]
    matlab = random.choice([True, False])
    if kind == "correct":
        text = pl.numpy_to_matlab(tru, ndigits=12, wtype="g") if matlab else str(tru.tolist())
    elif kind == "incorrect":
        shifted = tru + random.uniform(1, 10) * random.choice([-1, 1])
        text = pl.numpy_to_matlab(shifted, ndigits=12, wtype="g") if matlab else str(shifted.tolist())
    else:
        if matlab:
            error = random.choice(list(INVALID_MATLAB))
            data["raw_submitted_answers"][name] = random.choice(INVALID_MATLAB[error])
        else:
            error = "invalid"
            data["raw_submitted_answers"][name] = "[[1, 2, 3], [4, 5]]"
        data["format_errors"][name] = error
        return
    data["raw_submitted_answers"][name] = text
    data["partial_scores"][name] = {"score": 1 if kind == "correct" else 0, "weight": opts["weight"]}
