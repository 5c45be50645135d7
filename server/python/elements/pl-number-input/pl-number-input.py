"""<pl-number-input>: a real (or complex) number graded within a tolerance."""

import html
import random
from typing import Any

import numpy as np
import prairielearn as pl
from number_input_precision import decimal_digits, place_value, significant_digits
from prairielearn import element_ui as ui

OPTIONAL = [
    "weight", "correct-answer", "label", "aria-label", "suffix", "display", "comparison", "rtol", "atol", "digits",
    "allow-complex", "show-help-text", "size", "show-correct-answer", "show-placeholder", "allow-fractions",
    "allow-blank", "blank-value", "custom-format", "placeholder", "show-score", "initial-value",
]
COMPARISONS = ("relabs", "sigfig", "decdig")
PRECISION_WARNING = "Your answer does not have precision within the specified relative tolerance."
BLANK_FEEDBACK = "The correct answer used for grading was blank."


class Options:
    def __init__(self, element: Any) -> None:
        g = pl
        self.name = g.get_string_attrib(element, "answers-name")
        self.weight = g.get_integer_attrib(element, "weight", 1)
        self.comparison = g.get_string_attrib(element, "comparison", "relabs")
        if self.comparison not in COMPARISONS:
            raise ValueError(f'Invalid comparison "{self.comparison}", must be one of: relabs, sigfig, decdig')
        self.rtol = g.get_float_attrib(element, "rtol", 1e-2)
        self.atol = g.get_float_attrib(element, "atol", 1e-8)
        self.digits = g.get_integer_attrib(element, "digits", 2)
        self.allow_complex = g.get_boolean_attrib(element, "allow-complex", False)
        self.allow_fractions = g.get_boolean_attrib(element, "allow-fractions", True)
        self.allow_blank = g.get_boolean_attrib(element, "allow-blank", False)
        self.blank_value = g.get_string_attrib(element, "blank-value", "0")
        self.show_correct = g.get_boolean_attrib(element, "show-correct-answer", True)
        self.custom_format = g.get_string_attrib(element, "custom-format", None)
        self.show_score = g.get_boolean_attrib(element, "show-score", True)
        self.show_help = g.get_boolean_attrib(element, "show-help-text", True)
        self.show_placeholder = g.get_boolean_attrib(element, "show-placeholder", True)
        self.label = g.get_string_attrib(element, "label", None)
        self.aria_label = g.get_string_attrib(element, "aria-label", None)
        self.suffix = g.get_string_attrib(element, "suffix", None)
        self.display = g.get_string_attrib(element, "display", "inline")
        self.size = g.get_integer_attrib(element, "size", 35)
        self.placeholder = g.get_string_attrib(element, "placeholder", None)
        self.initial_value = g.get_string_attrib(element, "initial-value", None)


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    o = Options(element)
    pl.check_answers_names(data, o.name)
    if pl.has_attrib(element, "correct-answer"):
        if o.name in data["correct_answers"]:
            raise ValueError(f"duplicate correct_answers variable name: {o.name}")
        text = pl.get_string_attrib(element, "correct-answer")
        if text.strip() == "":
            if not (o.allow_blank and o.blank_value == ""):
                raise ValueError('"correct-answer" may be blank only with allow-blank="true" and blank-value=""')
            data["correct_answers"][o.name] = ""
        else:
            data["correct_answers"][o.name] = pl.get_float_attrib(element, "correct-answer")
    if o.custom_format is not None:
        try:
            format(1.0, o.custom_format)
        except ValueError:
            raise ValueError(f"Invalid custom format: {o.custom_format}") from None
    for attr, value in (("rtol", o.rtol), ("atol", o.atol), ("digits", o.digits)):
        if value < 0:
            raise ValueError(f"Attribute {attr} = {value} must be non-negative")


def _as_number(value: Any) -> Any:
    return np.complex128(value) if np.iscomplexobj(value) else np.float64(value)


def _format_correct(o: Options, data: dict) -> str | None:
    correct = pl.from_json(data["correct_answers"].get(o.name))
    if correct is None:
        return None
    if isinstance(correct, str) and correct.strip() == "":
        return ""
    value = _as_number(correct)
    if o.custom_format is not None:
        return format(value, o.custom_format)
    if o.comparison == "sigfig":
        return pl.string_from_number_sigfig(value, digits=o.digits)
    if o.comparison == "decdig":
        return f"{value:.{o.digits}f}"
    return f"{value:.12g}"


def _help_text(o: Options) -> str:
    kind = "a real or complex number" if o.allow_complex else "a real number"
    if o.comparison == "relabs":
        rule = f"relative tolerance {o.rtol:g} and absolute tolerance {o.atol:g}"
    elif o.comparison == "sigfig":
        rule = f"{o.digits} significant figure{'s' if o.digits != 1 else ''}"
    else:
        rule = f"{o.digits} digit{'s' if o.digits != 1 else ''} after the decimal point"
    fractions = ", or a fraction such as 1/3" if o.allow_fractions else ""
    return f"Enter {kind} (for example 1.23 or 4e-5{fractions}); graded with {rule}."


def _placeholder(o: Options) -> str:
    if o.placeholder is not None:
        return o.placeholder
    if not o.show_placeholder:
        return ""
    if o.comparison == "relabs":
        return "number" if o.rtol == 0 else f"rtol {o.rtol:g}"
    return f"{o.digits} significant figures" if o.comparison == "sigfig" else f"{o.digits} decimal places"


def render(element_html: str, data: dict) -> str:
    o = Options(ui.parse_element(element_html))
    panel = data["panel"]
    if panel == "question":
        help_text = _help_text(o) if o.show_help else ""
        return ui.text_input_html(
            data, o.name, label=o.label, suffix=o.suffix, size=o.size, placeholder=_placeholder(o),
            aria_label=o.aria_label, initial_value=o.initial_value, display=o.display, help_text=help_text,
            show_score=o.show_score,
        )
    if panel == "submission":
        shown = None
        if o.name in data["submitted_answers"] and o.name not in data["format_errors"]:
            value = pl.from_json(data["submitted_answers"][o.name])
            if isinstance(value, str):
                shown = html.escape(value)
            elif value is not None:
                shown = html.escape(format(_as_number(value), o.custom_format or ".12g"))
            shown = ui.labelled(o.label, shown, o.suffix)
        return ui.submission_html(data, o.name, shown, show_score=o.show_score)
    if panel == "answer":
        correct = _format_correct(o, data)
        if not o.show_correct or correct is None:
            return ""
        return f'<span class="pl-number-input-answer">{ui.labelled(o.label, html.escape(correct), o.suffix)}</span>'
    return ""


def _format_error(o: Options, message: str) -> str:
    """The message, then example inputs that are valid and invalid here: the same text and layout (whitespace
    included) as PrairieLearn's format error (elements/pl-number-input, 88fb855)."""
    examples = ["5", "-17", "4.25e7", "3.6i", "3/7"]
    allowed = {"3.6i": o.allow_complex, "3/7": o.allow_fractions}
    valid = [e for e in examples if allowed.get(e, True)]
    invalid = ["6+9", "4*10^7", "3*pi"] + [e for e in examples if not allowed.get(e, True)]

    def codes(items: list[str]) -> str:
        spaced = ' class="ms-3"'
        return "".join(f"<code{'' if i == 0 else spaced}>{x}</code>" for i, x in enumerate(items))

    forbidden = "variables or other symbols" if o.allow_fractions else "variables, fractions, or other symbols"
    return (f"<p>\n            {message}\n        Do not write {forbidden}.\n    </p>\n"
            f"    <p>Example <i>valid</i> inputs: {codes(valid)}</p>\n"
            f"    <p>Example <i>invalid</i> inputs: {codes(invalid)}</p>")


def parse(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    submitted = data["submitted_answers"].get(o.name)
    if o.allow_blank and submitted is not None and submitted.strip() == "":
        submitted = o.blank_value
    if o.allow_blank and submitted == "":
        data["submitted_answers"][o.name] = ""
        return
    value, result = pl.string_fraction_to_number(
        submitted, allow_fractions=o.allow_fractions, allow_complex=o.allow_complex
    )
    if value is None:
        data["format_errors"][o.name] = _format_error(o, result["format_errors"])
        data["submitted_answers"][o.name] = None
    else:
        data["submitted_answers"][o.name] = result["submitted_answers"]


def _too_coarse(o: Options, raw: str) -> bool:
    if o.comparison == "relabs":
        return place_value(raw) > o.rtol
    if o.comparison == "sigfig":
        return significant_digits(raw) < o.digits
    return decimal_digits(raw) < o.digits


def _is_close(o: Options, sub: Any, tru: Any) -> bool:
    if o.comparison == "relabs":
        return pl.is_correct_scalar_ra(sub, tru, o.rtol, o.atol)
    if o.comparison == "sigfig":
        return pl.is_correct_scalar_sf(sub, tru, o.digits)
    return pl.is_correct_scalar_dd(sub, tru, o.digits)


def grade(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    correct = pl.from_json(data["correct_answers"].get(o.name))
    if correct is None:
        return
    raw = data.get("raw_submitted_answers", {}).get(o.name)

    def grade_one(submitted: Any) -> tuple[bool, str | None]:
        sub_blank = isinstance(submitted, str) and submitted.strip() == ""
        tru_blank = isinstance(correct, str) and correct.strip() == ""
        if sub_blank or tru_blank:
            both = sub_blank and tru_blank
            return both, (BLANK_FEEDBACK if both and o.show_correct else "")
        value = pl.from_json(submitted)
        if np.iscomplexobj(value) or np.iscomplexobj(correct):
            sub, tru = np.complex128(value), np.complex128(correct)
        else:
            sub, tru = np.float64(value), np.float64(correct)
        if _is_close(o, sub, tru):
            return True, (f"The correct answer used for grading was {tru}." if o.show_correct else "")
        typed = raw if raw is not None else str(submitted)
        return False, (PRECISION_WARNING if _too_coarse(o, str(typed)) else "")

    pl.grade_answer_parameterized(data, o.name, grade_one, weight=o.weight)


def test(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html))
    kind = data["test_type"]
    if kind == "invalid":
        choices = ["1 + 2", "test", "pi", "None"] + ([] if o.allow_blank else [""])
        data["raw_submitted_answers"][o.name] = random.choice(choices)
        data["format_errors"][o.name] = "invalid"
        return
    if o.name not in data["correct_answers"]:
        return  # nothing to test against: server.py test() must cover this answer
    correct = pl.from_json(data["correct_answers"][o.name])
    blank = isinstance(correct, str) and correct.strip() == ""
    if kind == "correct":
        data["raw_submitted_answers"][o.name] = str(correct)
        part: dict[str, Any] = {"score": 1, "weight": o.weight}
        if o.show_correct:
            shown = "blank" if blank else str(_as_number(correct))
            part["feedback"] = f"The correct answer used for grading was {shown}."
        data["partial_scores"][o.name] = part
        return
    part = {"score": 0, "weight": o.weight}
    if blank:
        answer: Any = random.choice([-1.1, 1.1])
    elif o.comparison == "relabs":
        eps = abs(_as_number(correct)) * o.rtol + o.atol
        answer = correct + eps * random.choice([-1.1, 1.1])
    else:
        tru = np.float64(correct)
        if o.comparison == "sigfig":
            n = o.digits - 1 if tru == 0 else o.digits - 1 - int(np.floor(np.log10(abs(tru))))
        else:
            n = o.digits
        answer = correct + (0.51 * 10.0**-n + random.uniform(1, 10)) * random.choice([-1, 1])
    # No precision warning here: PrairieLearn 88fb855's test() measures the precision of
    # str(string_fraction_to_number(...)), a (value, dict) tuple, so its warning never fires
    # (recorded in fixtures/upstream/moreElements.json).
    data["raw_submitted_answers"][o.name] = str(answer)
    data["partial_scores"][o.name] = part
