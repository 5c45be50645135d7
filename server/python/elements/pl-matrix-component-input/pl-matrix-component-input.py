"""pl-matrix-component-input: a matrix entered one number per cell, graded cell by cell.

Each cell is its own form field, named answers-name + its 1-based row-major index (A1, A2, ...), as
PrairieLearn names them. The matrix goes to submitted_answers[name]; partial credit counts cells.
"""

import html
import random

import numpy as np
import prairielearn as pl
from prairielearn import element_ui as ui

OPTIONAL = ["weight", "label", "aria-label", "suffix", "comparison", "rtol", "atol", "digits",
            "allow-partial-credit", "allow-feedback", "allow-fractions", "rows", "columns", "allow-blank",
            "blank-value"]
COMPARISONS = ("relabs", "sigfig", "decdig")


class Options:
    def __init__(self, element):
        self.name = pl.get_string_attrib(element, "answers-name")
        self.weight = pl.get_integer_attrib(element, "weight", 1)
        self.label = pl.get_string_attrib(element, "label", None)
        self.aria_label = pl.get_string_attrib(element, "aria-label", None)
        self.suffix = pl.get_string_attrib(element, "suffix", None)
        self.comparison = pl.get_string_attrib(element, "comparison", "relabs")
        if self.comparison not in COMPARISONS:
            raise ValueError(f'method of comparison "{self.comparison}" is not valid '
                             '(must be "relabs", "sigfig", or "decdig")')
        self.rtol = pl.get_float_attrib(element, "rtol", 1e-2)
        self.atol = pl.get_float_attrib(element, "atol", 1e-8)
        self.digits = pl.get_integer_attrib(element, "digits", 2)
        for key in ("rtol", "atol", "digits"):
            if getattr(self, key) < 0:
                raise ValueError(f"Attribute {key} = {getattr(self, key):g} must be non-negative")
        self.partial_credit = pl.get_boolean_attrib(element, "allow-partial-credit", False)
        # Per-cell marks in the submission panel default to on exactly when partial credit is.
        self.feedback = pl.get_boolean_attrib(element, "allow-feedback", self.partial_credit)
        self.allow_fractions = pl.get_boolean_attrib(element, "allow-fractions", True)
        self.allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
        self.blank_value = pl.get_string_attrib(element, "blank-value", "0")
        self.rows = pl.get_integer_attrib(element, "rows", None)
        self.columns = pl.get_integer_attrib(element, "columns", None)


def cell_name(name, n, i, j):
    return f"{name}{n * i + j + 1}"


def _correct(data, name):
    """The correct answer as a 2-D array, or None when server.py did not set one."""
    value = pl.from_json(data["correct_answers"].get(name))
    if value is None:
        return None
    if np.isscalar(value):
        raise ValueError(f'Value in data["correct_answers"] for variable {name} in pl-matrix-component-input '
                         "element cannot be a scalar.")
    value = np.array(value)
    if value.ndim != 2:
        raise ValueError(f'Value in data["correct_answers"] for variable {name} in pl-matrix-component-input '
                         "element must be a 2D array.")
    return value


def _shape(o, data):
    tru = _correct(data, o.name)
    return tru.shape if tru is not None else (o.rows, o.columns)


def _is_correct(o, sub, tru):
    if o.comparison == "sigfig":
        return pl.is_correct_scalar_sf(sub, tru, o.digits)
    if o.comparison == "decdig":
        return pl.is_correct_scalar_dd(sub, tru, o.digits)
    return pl.is_correct_scalar_ra(sub, tru, o.rtol, o.atol)


def _tolerance_text(o):
    if o.comparison == "sigfig":
        return f"Numbers must be accurate to {o.digits} significant figures."
    if o.comparison == "decdig":
        return f"Numbers must be accurate to {o.digits} digits after the decimal."
    return f"Numbers must be accurate to within relative tolerance {o.rtol:g} and absolute tolerance {o.atol:g}."


def _help_html(o):
    symbols = "square roots, variables" if o.allow_fractions else "fractions, square roots, variables"
    fractions = " Fractions are accepted." if o.allow_fractions else ""
    return (f"<p>Enter every entry of the matrix. Each must be a real number; no symbolic expressions "
            f"({symbols}, etc.). Scientific notation such as <code>1.2e03</code> is accepted.{fractions}</p>"
            f"<p>{_tolerance_text(o)}</p>")


def _format_error(o):
    """The same text and layout (whitespace included) as PrairieLearn's format error
    (elements/pl-matrix-component-input, 88fb855)."""
    fractions_banned = "" if o.allow_fractions else "fractions,"
    fractions_ok = "Fractions are accepted." if o.allow_fractions else ""
    examples = " &nbsp; ".join
    return ("<p> Invalid format: one or more entries of the submitted answer could not be interpreted as a decimal number.  "
            f"No symbolic expressions (those that involve {fractions_banned} square roots, variables, etc.) will be accepted. "
            f"Scientific notation is accepted. {fractions_ok} </p>\n"
            f"    <p> Example <i>valid</i> inputs: {examples(f'<code>{x}</code>' for x in ['5', '-17.3', '4.25e7'])} </p>\n"
            "    <p> Example <i>invalid</i> inputs: "
            f"{examples(f'<code>{x}</code>' for x in ['2/3', '6+9', '4*10^7', '3*pi', '3.6i'])} </p>\n"
            "    <hr>\n    <small>\n        <p> You must enter all the components of the matrix. </p>\n"
            "        <p> Each entry of the submitted answer must be formatted as a <i>double-precision floating-point</i> "
            "number.  These numbers lie roughly in the range of -1.79 &times; 10<sup>308</sup> to 1.79 &times; "
            "10<sup>308</sup>. </p>\n    </small>")


def _table(m, n, cell):
    """A bracketed grid; cell(i, j) gives each cell's inner HTML."""
    rows = "".join("<tr>" + "".join(f"<td>{cell(i, j)}</td>" for j in range(n)) + "</tr>" for i in range(m))
    return f'<table class="pl-matrix-component-input-table"><tbody>{rows}</tbody></table>'


def _input_grid(o, data, m, n):
    editable = bool(data["editable"])
    who = o.aria_label or o.name

    def cell(i, j):
        field = cell_name(o.name, n, i, j)
        raw = data["raw_submitted_answers"].get(field)
        invalid = " is-invalid" if field in data["format_errors"] else ""
        value = "" if raw is None else f' value="{html.escape(str(raw))}"'
        return (f'<input type="text" class="form-control form-control-sm pl-input{invalid}" size="8" '
                f'name="{html.escape(field)}" aria-label="{html.escape(who)}, row {i + 1}, column {j + 1}"'
                f'{value} autocomplete="off"{"" if editable else " disabled"}>')

    return _table(m, n, cell)


def _raw_grid(data, name, m, n, marks=None):
    def cell(i, j):
        field = cell_name(name, n, i, j)
        raw = data["raw_submitted_answers"].get(field)
        cls = "user-output-invalid" if field in data["format_errors"] else "user-output"
        text = "" if raw is None else html.escape(pl.escape_unicode_string(str(raw)))
        mark = ""
        if marks is not None and field in marks:
            mark = (' <span class="badge text-bg-success" aria-label="correct">&#10003;</span>' if marks[field] == "correct"
                    else ' <span class="badge text-bg-danger" aria-label="incorrect">&#10007;</span>')
        return f'<code class="{cls}">{text}</code>{mark}'

    return _table(m, n, cell)


def _wrap(o, inner, extra=""):
    label = f'<span class="pl-label">{o.label}</span> ' if o.label else ""
    suffix = f' <span class="pl-suffix">{html.escape(o.suffix)}</span>' if o.suffix else ""
    return (f'<span class="pl-matrix-component-input d-inline-flex align-items-center gap-1">'
            f'{label}{inner}{suffix}{extra}</span>')


def _latex_answer(o, tru):
    if o.comparison == "sigfig":
        return "$" + pl.latex_from_2darray(tru, presentation_type="sigfig", digits=o.digits) + "$"
    if o.comparison == "decdig":
        return "$" + pl.latex_from_2darray(tru, presentation_type="f", digits=o.digits) + "$"
    return "$" + pl.latex_from_2darray(tru, presentation_type="g", digits=12) + "$"


def prepare(element_html, data):
    element = ui.parse_element(element_html)
    pl.check_attribs(element, ["answers-name"], OPTIONAL)
    o = Options(element)
    pl.check_answers_names(data, o.name)
    if o.name not in data["correct_answers"]:
        for key, value in (("rows", o.rows), ("columns", o.columns)):
            if value is None:
                raise ValueError(f"Number of {key} is not set in pl-matrix-component-input with no correct answer.")
            if value < 1:
                raise ValueError(f"Number of {key} in pl-matrix-component-input must be strictly positive.")


def render(element_html, data):
    o = Options(ui.parse_element(element_html))
    panel = data["panel"]
    if panel == "question":
        m, n = _shape(o, data)
        error = data["format_errors"].get(o.name)
        badge = ui.invalid_badge() if error is not None else ui.partial_score_badge(data, o.name)
        help_html = ('<details class="pl-help-text d-inline-block ms-1 small text-muted">'
                     f'<summary aria-label="Help"><i class="bi bi-question-circle"></i></summary>{_help_html(o)}</details>')
        shown_error = ui.format_error_html(error) if error is not None and data["editable"] else ""
        return _wrap(o, _input_grid(o, data, m, n), f" {badge}{help_html}") + shown_error
    if panel == "submission":
        error = data["format_errors"].get(o.name)
        if error is not None:
            m, n = _shape(o, data)
            return _wrap(o, _raw_grid(data, o.name, m, n), f" {ui.invalid_badge()}") + ui.format_error_html(error)
        submitted = data["submitted_answers"].get(o.name)
        if o.name not in data["submitted_answers"] or submitted is None:
            return ui.missing_input_html(o.name)
        matrix = np.array(pl.from_json(submitted))
        part = data["partial_scores"].get(o.name) or {}
        score = part.get("score")
        badge = ui.partial_score_badge(data, o.name)
        if o.feedback and score is not None and float(score) < 1 and isinstance(part.get("feedback"), dict):
            m, n = matrix.shape
            return _wrap(o, _raw_grid(data, o.name, m, n, part["feedback"]), f" {badge}")
        latex = "$" + pl.latex_from_2darray(matrix, presentation_type="g", digits=12) + "$"
        return _wrap(o, latex, f" {badge}")
    tru = _correct(data, o.name)
    return "" if tru is None else _wrap(o, _latex_answer(o, tru))


def parse(element_html, data):
    o = Options(ui.parse_element(element_html))
    m, n = _shape(o, data)
    matrix = np.empty((m, n))
    invalid = False
    for i in range(m):
        for j in range(n):
            field = cell_name(o.name, n, i, j)
            text = data["submitted_answers"].get(field)
            if o.allow_blank and text is not None and str(text).strip() == "":
                text = o.blank_value
            value, result = pl.string_fraction_to_number(text, o.allow_fractions, allow_complex=False)
            if value is None:
                invalid = True
                data["format_errors"][field] = result["format_errors"]
                data["submitted_answers"][field] = None
            else:
                matrix[i, j] = value
                data["submitted_answers"][field] = result["submitted_answers"]
    if invalid:
        data["format_errors"][o.name] = _format_error(o)
        data["submitted_answers"][o.name] = None
    else:
        data["submitted_answers"][o.name] = pl.to_json(matrix)


def _scored(o, correct, feedback, cells):
    if correct == cells:
        return {"score": 1, "weight": o.weight}
    score = correct / cells if o.partial_credit else 0
    return {"score": score, "weight": o.weight, "feedback": feedback}


def grade(element_html, data):
    o = Options(ui.parse_element(element_html))
    tru = _correct(data, o.name)
    if tru is None:
        return
    m, n = tru.shape
    correct, feedback = 0, {}
    for i in range(m):
        for j in range(n):
            field = cell_name(o.name, n, i, j)
            sub = data["submitted_answers"].get(field)
            if sub is None:
                data["partial_scores"][o.name] = {"score": 0, "weight": o.weight}
                return
            ok = _is_correct(o, pl.from_json(sub), tru[i, j])
            correct += ok
            feedback[field] = "correct" if ok else "incorrect"
    data["partial_scores"][o.name] = _scored(o, correct, feedback, m * n)


def test(element_html, data):
    # As PrairieLearn's (elements/pl-matrix-component-input, 88fb855): each entry as numpy prints it, the wrong
    # answer shifted by one draw per entry, and the invalid one a coin flip per entry between "1,2" and a blank
    # (PrairieLearn's blank lands on the element's own name, so the entry's field is left out).
    o = Options(ui.parse_element(element_html))
    tru = _correct(data, o.name)
    if tru is None:
        return  # no correct answer: server.py test() decides
    m, n = tru.shape
    kind = data["test_type"]
    correct, feedback = 0, {}
    for i in range(m):
        for j in range(n):
            field = cell_name(o.name, n, i, j)
            if kind == "correct":
                data["raw_submitted_answers"][field] = str(tru[i, j])
                correct += 1
                feedback[field] = "correct"
            elif kind == "incorrect":
                data["raw_submitted_answers"][field] = str(tru[i, j] + random.uniform(1, 10) * random.choice([-1, 1]))
                feedback[field] = "incorrect"
            elif random.choice([True, False]):
                data["raw_submitted_answers"][field] = "1,2"
                data["format_errors"][field] = "(Invalid format)"
            else:
                data["raw_submitted_answers"][o.name] = ""
                data["format_errors"][field] = "(Invalid blank entry)"
    if kind == "invalid":
        data["format_errors"][o.name] = ("At least one of the entries has invalid format (empty entries or not a double "
                                         "precision floating point number)")
    data["partial_scores"][o.name] = _scored(o, correct, feedback, m * n)
