"""pl-units-input: a number with units (or units alone), parsed and compared with pint."""

import html
import random

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import score_badge

OPTIONAL = ["weight", "correct-answer", "custom-format", "label", "aria-label", "suffix", "display", "allow-blank",
            "blank-value", "grading-mode", "comparison", "rtol", "atol", "digits", "size", "show-help-text",
            "placeholder", "magnitude-partial-credit", "allow-feedback", "show-score", "initial-value"]
MODES = ("with-units", "exact-units", "only-units")
COMPARISONS = ("relabs", "sigfig", "exact", "decdig")
INCORRECT = "Your answer is incorrect."
CORRECT_UNITS_ONLY = "Your answer has correct units, but incorrect magnitude."
INVALID_SAMPLES = ["1 vfg", "1/0", "tan x"]
_registry = None


def _ureg():
    global _registry
    if _registry is None:
        _registry = pl.get_unit_registry()
    return _registry


def _options(element):
    mode = pl.get_string_attrib(element, "grading-mode", "with-units")
    comparison = pl.get_string_attrib(element, "comparison", "relabs")
    if mode not in MODES:
        raise ValueError(f'grading-mode must be one of {", ".join(MODES)}')
    if comparison not in COMPARISONS:
        raise ValueError(f'comparison must be one of {", ".join(COMPARISONS)}')
    return {
        "name": pl.get_string_attrib(element, "answers-name"),
        "weight": pl.get_integer_attrib(element, "weight", 1),
        "mode": mode,
        "comparison": comparison,
        "rtol": pl.get_float_attrib(element, "rtol", 1e-2),
        "atol": pl.get_string_attrib(element, "atol", "1e-8"),
        "atol_given": pl.has_attrib(element, "atol"),
        "digits": pl.get_integer_attrib(element, "digits", 2),
        "partial": pl.get_float_attrib(element, "magnitude-partial-credit", None),
        "feedback": pl.get_boolean_attrib(element, "allow-feedback", True),
        "allow_blank": pl.get_boolean_attrib(element, "allow-blank", False),
        "blank_value": pl.get_string_attrib(element, "blank-value", ""),
    }


def _check(text, only_units):
    """(stored string, None) or (None, format error) for a submitted text."""
    try:
        quantity = _ureg().Quantity(text)
    except Exception as error:  # pint raises many kinds; each is a format error for the student
        if type(error).__name__ == "UndefinedUnitError":
            return None, "Invalid unit."
        return None, f"Exception when parsing submission: {html.escape(str(error))}"
    if not isinstance(quantity, _ureg().Quantity):
        quantity = _ureg().Quantity(quantity)
    # PrairieLearn's rule: no magnitude means pint gave 1 and the text has no digit "1" in it.
    has_magnitude = "1" in text or quantity.magnitude != 1
    if quantity.unitless:
        return None, "Invalid format. The submitted answer has no unit."
    if only_units:
        if has_magnitude:
            return None, "Invalid format. The submitted answer should not include a magnitude."
        return str(quantity.units), None
    if not has_magnitude:
        return None, "Invalid format. The submitted answer should include a magnitude."
    return str(quantity), None


def _atol(opts, correct):
    """with-units: a quantity (default 1e-8 in the correct answer's units); otherwise a plain number."""
    atol = _ureg().Quantity(opts["atol"])
    if opts["mode"] != "with-units":
        return atol.magnitude
    return atol * correct.units if not opts["atol_given"] else atol


def _grade(opts, submitted, correct_text):
    """(score, feedback or None) for a parsed submission against the correct answer string."""
    if submitted == "" or correct_text == "":
        return (1.0, None) if submitted == correct_text else (0.0, INCORRECT)
    ureg = _ureg()
    if opts["mode"] == "only-units":
        ok = ureg.Quantity(submitted).units == ureg.Quantity(correct_text).units
        return (1.0, None) if ok else (0.0, INCORRECT)
    sub, tru = ureg.Quantity(submitted), ureg.Quantity(correct_text)
    if opts["mode"] == "with-units":
        sub_base, tru_base = sub.to_base_units(), tru.to_base_units()
        if sub_base.dimensionality != tru_base.dimensionality:
            return 0.0, (f"Your answer has dimensionality <code>{sub_base.dimensionality}</code>, which is inconsistent "
                         f"with <code>{tru_base.dimensionality}</code>.")
        atol = _atol(opts, tru).to_base_units().magnitude
        ok = pl.is_correct_scalar_ra(float(sub_base.magnitude), float(tru_base.magnitude), opts["rtol"], atol)
        return (1.0, None) if ok else (0.0, INCORRECT)
    units_ok = sub.units == tru.units
    a_sub, a_tru = float(sub.magnitude), float(tru.magnitude)
    if opts["comparison"] == "exact":
        magnitude_ok = a_sub == a_tru
    elif opts["comparison"] == "sigfig":
        magnitude_ok = pl.is_correct_scalar_sf(a_sub, a_tru, opts["digits"])
    elif opts["comparison"] == "decdig":
        magnitude_ok = pl.is_correct_scalar_dd(a_sub, a_tru, opts["digits"])
    else:
        magnitude_ok = pl.is_correct_scalar_ra(a_sub, a_tru, opts["rtol"], _atol(opts, tru))
    p = opts["partial"]
    if units_ok and magnitude_ok:
        return 1.0, None
    if magnitude_ok:
        return (p if p is not None else 0.0), "Your answer has correct magnitude, but incorrect units."
    if units_ok:
        return (1 - p if p is not None else 0.0), CORRECT_UNITS_ONLY
    return 0.0, "Your answer has incorrect units and magnitude."


def _partial_score(opts, submitted, correct_text):
    score, feedback = _grade(opts, submitted, correct_text)
    result = {"score": float(score), "weight": opts["weight"]}
    if feedback:  # kept even with allow-feedback="false", as PrairieLearn: that attribute only hides it
        result["feedback"] = feedback
    return result


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["answers-name"], OPTIONAL)
    opts = _options(element)
    name = opts["name"]
    pl.check_answers_names(data, name)
    correct = pl.get_string_attrib(element, "correct-answer", None)
    if correct is not None:
        if name in data["correct_answers"]:
            raise ValueError(f"Duplicate correct_answers variable name: {name}")
        data["correct_answers"][name] = correct.strip() and correct
    correct = data["correct_answers"].get(name)
    if correct == "" and not (opts["allow_blank"] and opts["blank_value"] == ""):
        raise ValueError("Correct answer cannot be blank unless 'allow-blank' is true and 'blank-value' is empty.")
    if opts["digits"] <= 0:
        raise ValueError(f"Number of digits specified must be at least 1, not {opts['digits']}.")
    if correct:
        _, error = _check(str(correct), opts["mode"] == "only-units")
        # PrairieLearn takes a correct answer with or without a magnitude in every mode (only-units compares units).
        if error and "a magnitude" not in error:
            raise ValueError(f'correct answer "{correct}" of "{name}" is not valid: {error}')
    atol = _ureg().Quantity(opts["atol"])
    if opts["mode"] == "with-units":
        if correct == "" and not opts["atol_given"]:
            raise ValueError('In "with-units" grading with a blank "correct-answer", "atol" units cannot be inferred and '
                             "must be set for display in the question panel.")
        if opts["atol_given"] and atol.dimensionless:
            raise ValueError(f'"atol" attribute "{opts["atol"]}" must have units in "with-units" grading.')
        if pl.has_attrib(element, "comparison"):
            raise ValueError('Cannot set attribute "comparison" in "with-units" grading.')
        if correct and not _ureg().Quantity(str(correct)).check(_atol(opts, _ureg().Quantity(str(correct))).dimensionality):
            raise ValueError(f'Correct answer "{correct}" and atol "{opts["atol"]}" have different dimensionality.')
    elif not atol.dimensionless:
        raise ValueError(f'"atol" attribute "{opts["atol"]}" may only have units in with-units grading.')
    if opts["partial"] is not None and not 0.0 <= opts["partial"] <= 1.0:
        raise ValueError(f'"magnitude-partial-credit" must be in the range [0.0, 1.0], not {opts["partial"]}')


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    text = data["submitted_answers"].get(name)
    if text is None:
        data["format_errors"][name] = "No submitted answer."
        return
    if not text.strip():
        if opts["allow_blank"]:
            text = opts["blank_value"]
            if text == "":
                data["submitted_answers"][name] = ""
                return
        else:
            data["format_errors"][name] = "Invalid format. The submitted answer was left blank."
            data["submitted_answers"][name] = None
            return
    stored, error = _check(text, opts["mode"] == "only-units")
    if error:
        data["format_errors"][name] = error
        # As PrairieLearn: text pint cannot read stays as submitted; a readable but wrong-shaped one is cleared.
        if error != "Invalid unit." and not error.startswith("Exception when parsing submission:"):
            data["submitted_answers"][name] = None
    else:
        data["submitted_answers"][name] = stored


def grade(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    if name not in data["correct_answers"]:
        return
    submitted = data["submitted_answers"].get(name)
    if submitted is None:
        data["partial_scores"][name] = {"score": 0.0, "weight": opts["weight"]}
        return
    data["partial_scores"][name] = _partial_score(opts, submitted, str(data["correct_answers"][name]))


def test(element_html, data):
    # As PrairieLearn's (elements/pl-units-input, 88fb855): the wrong answer is twice the correct quantity (or,
    # grading units only, its units times meters), with the partial score and feedback PrairieLearn expects.
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    kind = data["test_type"]
    if kind == "invalid":
        data["raw_submitted_answers"][name] = random.choice(INVALID_SAMPLES)
        data["format_errors"][name] = ""
        return
    if name not in data["correct_answers"]:
        return
    correct = data["correct_answers"][name]
    ureg = _ureg()
    if kind == "correct":
        only_units = isinstance(correct, str) and correct.strip() != "" and opts["mode"] == "only-units"
        data["raw_submitted_answers"][name] = str(ureg.Quantity(correct).units) if only_units else correct
        data["partial_scores"][name] = {"score": 1, "weight": opts["weight"]}
        return
    if isinstance(correct, str) and correct.strip() == "":
        correct = "1 meter"
    if opts["mode"] == "only-units":
        answer, score, feedback = (ureg.Quantity(correct) * ureg.meters).units, 0.0, INCORRECT
    elif opts["mode"] == "exact-units":
        p = opts["partial"]
        answer, score, feedback = ureg.Quantity(correct) * 2, (1.0 - p if p is not None else 0.0), CORRECT_UNITS_ONLY
    else:
        answer, score, feedback = ureg.Quantity(correct) * 2, 0.0, INCORRECT
    data["partial_scores"][name] = {"score": score, "weight": opts["weight"], "feedback": feedback}
    data["raw_submitted_answers"][name] = str(answer)


def _placeholder(opts, data):
    if opts["mode"] == "only-units":
        return "Unit"
    if opts["mode"] == "with-units" or opts["comparison"] == "relabs":
        atol = opts["atol"]
        correct = data["correct_answers"].get(opts["name"])
        if opts["mode"] == "with-units" and not opts["atol_given"] and correct:
            atol = f'{atol} {_ureg().Quantity(str(correct)).units}'
        return f'Number (rtol={opts["rtol"]}, atol={atol}) + Unit'
    if opts["comparison"] == "exact":
        return "Number (exact) + Unit"
    if opts["comparison"] == "sigfig":
        return f'Number ({opts["digits"]} significant figure{"" if opts["digits"] == 1 else "s"}) + Unit'
    return f'Number ({opts["digits"]} digit{"" if opts["digits"] == 1 else "s"} after decimal) + Unit'


def _pretty(text):
    try:
        return f"{_ureg().Quantity(text):~P}"
    except Exception:  # a stored value always parses; keep the text if pint disagrees with itself
        return text


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    label = pl.get_string_attrib(element, "label", "")
    suffix = pl.get_string_attrib(element, "suffix", "")
    show_score = pl.get_boolean_attrib(element, "show-score", True)
    partial = data["partial_scores"].get(name, {})
    badge = score_badge(partial["score"]) if show_score and partial.get("score") is not None else ""
    error = data["format_errors"].get(name)
    panel = data["panel"]
    if panel == "question":
        raw = data["raw_submitted_answers"].get(name, pl.get_string_attrib(element, "initial-value", ""))
        aria = html.escape(pl.get_string_attrib(element, "aria-label", label or "answer with units"))
        placeholder = html.escape(pl.get_string_attrib(element, "placeholder", _placeholder(opts, data)))
        size = pl.get_integer_attrib(element, "size", 35)
        disabled = "" if data["editable"] else " disabled"
        invalid = " is-invalid" if error else ""
        error_html = f'<div class="invalid-feedback d-block">{error}</div>' if error else ""
        help_html = ""
        if pl.get_boolean_attrib(element, "show-help-text", True):
            help_html = ('<div class="form-text">Units only, e.g. <code>m/s^2</code>.</div>' if opts["mode"] == "only-units"
                         else '<div class="form-text">A number followed by units, e.g. <code>9.8 m/s^2</code>.</div>')
        display = pl.get_string_attrib(element, "display", "inline")
        wrapper = "d-inline-block" if display == "inline" else "d-block"
        return (f'<span class="pl-units-input {wrapper}"><span class="input-group">'
                f'{f"<span class=input-group-text>{label}</span>" if label else ""}'
                f'<input type="text" class="form-control{invalid}" name="{html.escape(name)}" size="{size}" '
                f'value="{html.escape(str(raw))}" placeholder="{placeholder}" aria-label="{aria}"{disabled}>'
                f'{f"<span class=input-group-text>{suffix}</span>" if suffix else ""}{badge}</span>{help_html}{error_html}</span>')
    if panel == "submission":
        if error is not None:
            raw = data["raw_submitted_answers"].get(name)
            shown = pl.escape_invalid_string(raw) if raw else "<em>blank</em>"
            return (f'<span class="pl-units-input">{label} {shown} <span class="badge text-bg-danger">Invalid</span>'
                    f'<div class="invalid-feedback d-block">{error}</div></span>')
        if name not in data["submitted_answers"]:
            return '<span class="pl-units-input"><span class="badge text-bg-dark">missing input</span></span>'
        submitted = data["submitted_answers"][name]
        feedback = partial.get("feedback")
        return (f'<span class="pl-units-input">{label} {html.escape(_pretty(submitted or ""))} {suffix} {badge}'
                f'{f"<div class=pl-units-input-feedback>{feedback}</div>" if feedback else ""}</span>')
    if name not in data["correct_answers"]:
        return ""
    return f'<span class="pl-units-input">{label} {html.escape(_pretty(str(data["correct_answers"][name])))} {suffix}</span>'
