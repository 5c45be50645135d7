"""pl-big-o-input: an asymptotic bound (big-O, theta, omega, little-o, little-omega) graded by limits."""

import html
import random

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import score_badge
import prairielearn.sympy_utils as psu
import sympy

OPTIONAL = ["weight", "correct-answer", "aria-label", "variable", "variables", "size", "display", "show-help-text",
            "type", "placeholder", "show-score", "allow-blank", "blank-value", "initial-value"]
TYPES = {"big-o": "O", "theta": "\\Theta", "omega": "\\Omega", "little-o": "o", "little-omega": "\\omega"}
TIMEOUT = "Your answer did not converge, so your expression may be too loose or tight."
# Feedback texts as PrairieLearn shows them (elements/pl-big-o-input/big_o_utils.py at 88fb855).
CORRECT = "Correct!"
COMPLEX = "Correct! Note that your expression may be unnecessarily complex."
NEGATIVE = "Your expression is negative."
WRONG = "Your answer is incorrect."
LOOSE = "Your answer is correct, but too loose."
LOWER_ORDER = "Your answer is correct, but you have unnecessary lower order terms."
CONSTANTS = "Your answer is correct but has unnecessary constant factors."
THETA_LOWER_ORDER = "Incorrect, your answer has unnecessary lower order terms."
THETA_CONSTANTS = "Incorrect, your answer has unnecessary constant factors."
TYPE_ERROR = "Your answer could not be processed by the autograder. Did you divide by 0?"
# PrairieLearn's invalid test answers, in its order (one random.choice picks one).
INVALID_SAMPLES = ["n + 1.234", "1 and 0", "tan(n)", "n + m", "n +* 1", "n + 1\\n", "n # some text"]


def _kind(element):
    kind = pl.get_string_attrib(element, "type", "big-o")
    if kind not in TYPES:
        raise ValueError(f'type must be one of {", ".join(TYPES)}')
    return kind


def _variables(element, data):
    if pl.has_attrib(element, "variable") and pl.has_attrib(element, "variables"):
        raise ValueError('Cannot use both "variable" and "variables"; use "variables".')
    text = pl.get_string_attrib(element, "variables", pl.get_string_attrib(element, "variable", ""))
    names = [v.strip() for v in text.split(",") if v.strip()]
    if names:
        return names
    correct = data["correct_answers"].get(pl.get_string_attrib(element, "answers-name"))
    if not correct:
        return []
    expr = psu.convert_string_to_sympy(str(correct), allow_trig_functions=False, allow_extra_symbols=True)
    names = sorted(str(s) for s in expr.free_symbols)
    if len(names) > 7:
        raise ValueError("pl-big-o-input infers at most 7 variables from the correct answer; list them in variables")
    return names


def _parse(text, variables):
    return psu.convert_string_to_sympy(text, variables, allow_complex=False, allow_trig_functions=False)


def _limit(expr, variables):
    """The limit as every variable goes to infinity together."""
    t = sympy.Symbol("_t", positive=True)
    return sympy.limit(expr.subs({sympy.Symbol(v): t for v in variables}, simultaneous=True), t, sympy.oo)


def _grade(kind, submitted_text, correct_text, variables):
    if submitted_text == "" or correct_text == "":
        return (1.0, CORRECT) if submitted_text == correct_text else (0.0, WRONG)
    sub, tru = _parse(submitted_text, variables), _parse(correct_text, variables)
    if submitted_text.replace(" ", "") == correct_text.replace(" ", ""):
        return 1.0, CORRECT
    try:
        if sub.equals(tru) is True:
            return 1.0, COMPLEX
        if _limit(sub, variables) < 0:
            return 0.0, NEGATIVE
        lower_bound = kind in ("omega", "little-omega")
        # ratio -> 0: the submission grows slower than it may; -> oo: faster.
        ratio = _limit(tru / sub if lower_bound else sub / tru, variables)
        if ratio < 0:
            return 0.0, NEGATIVE
        if kind == "theta":
            if ratio in (0, sympy.oo):
                return 0.0, WRONG
            return 0.25, (THETA_LOWER_ORDER if ratio == 1 else THETA_CONSTANTS)
        if ratio == 0:
            return 0.0, WRONG
        if ratio == sympy.oo:
            return 0.25, LOOSE
        return 0.5, (LOWER_ORDER if ratio == 1 else CONSTANTS)
    except TypeError:  # a limit sympy cannot order, e.g. from dividing by zero
        return 0.0, TYPE_ERROR


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["answers-name"], OPTIONAL)
    name = pl.get_string_attrib(element, "answers-name")
    pl.check_answers_names(data, name)
    _kind(element)
    _variables(element, data)
    correct = pl.get_string_attrib(element, "correct-answer", None)
    if correct is not None:
        if name in data["correct_answers"]:
            raise ValueError("duplicate correct_answers variable name")
        data["correct_answers"][name] = correct
    blank_ok = pl.get_boolean_attrib(element, "allow-blank", False) and pl.get_string_attrib(element, "blank-value", "1") == ""
    if data["correct_answers"].get(name) == "" and not blank_ok:
        raise ValueError("Correct answer cannot be blank unless 'allow-blank' is true and 'blank-value' is empty.")
    if data["correct_answers"].get(name):
        variables = _variables(element, data)
        failure = psu.validate_string_as_sympy(str(data["correct_answers"][name]), variables, allow_trig_functions=False)
        if failure:
            raise ValueError(f'Parsing correct answer "{data["correct_answers"][name]}" for "{name}" failed.')


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    text = data["submitted_answers"].get(name)
    if text is None or not str(text).strip():
        if not pl.get_boolean_attrib(element, "allow-blank", False):
            data["format_errors"][name] = "No submitted answer."
            data["submitted_answers"][name] = None
            return
        text = pl.get_string_attrib(element, "blank-value", "1")
        if not text.strip():
            data["submitted_answers"][name] = ""
            return
    failure = psu.validate_string_as_sympy(text, _variables(element, data), allow_complex=False, allow_trig_functions=False)
    if failure:
        data["format_errors"][name] = failure
        data["submitted_answers"][name] = None
    else:
        data["submitted_answers"][name] = text


def grade(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    correct = data["correct_answers"].get(name)
    if correct is None:
        return
    kind, variables = _kind(element), _variables(element, data)
    pl.grade_answer_parameterized(data, name, lambda sub: _grade(kind, sub, str(correct), variables),
                                  weight=pl.get_integer_attrib(element, "weight", 1), timeout=3,
                                  timeout_format_error=TIMEOUT)


def test(element_html, data):
    # As PrairieLearn's (elements/pl-big-o-input, 88fb855): a random constant factor for the wrong answer, with the
    # partial score PrairieLearn expects for it (not graded here).
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    weight = pl.get_integer_attrib(element, "weight", 1)
    kind = data["test_type"]
    if kind == "invalid":
        data["raw_submitted_answers"][name] = random.choice(INVALID_SAMPLES)
        data["format_errors"][name] = ""
        return
    if name not in data["correct_answers"]:
        return
    correct = data["correct_answers"][name]
    if kind == "correct":
        data["raw_submitted_answers"][name] = correct
        data["partial_scores"][name] = {"score": 1, "weight": weight, "feedback": CORRECT}
    elif correct == "":
        data["raw_submitted_answers"][name] = f"{random.randint(4, 100):d} * 1"
        data["partial_scores"][name] = {"score": 0, "weight": weight, "feedback": WRONG}
    else:
        data["raw_submitted_answers"][name] = f"{random.randint(4, 100):d} * {correct}"
        theta = _kind(element) == "theta"
        data["partial_scores"][name] = {"score": 0.25 if theta else 0.5, "weight": weight,
                                        "feedback": THETA_CONSTANTS if theta else CONSTANTS}


def _latex(text, variables):
    try:
        return sympy.latex(_parse(text, variables))
    except Exception:  # display only: fall back to the typed text
        return html.escape(text)


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    kind = _kind(element)
    symbol = TYPES[kind]
    variables = _variables(element, data)
    partial = data["partial_scores"].get(name, {})
    show_score = pl.get_boolean_attrib(element, "show-score", True)
    badge = score_badge(partial["score"]) if show_score and partial.get("score") is not None else ""
    error = data["format_errors"].get(name)
    panel = data["panel"]
    if panel == "question":
        raw = data["raw_submitted_answers"].get(name, pl.get_string_attrib(element, "initial-value", ""))
        disabled = "" if data["editable"] else " disabled"
        invalid = " is-invalid" if error else ""
        error_html = f'<div class="invalid-feedback d-block">{error}</div>' if error else ""
        aria = html.escape(pl.get_string_attrib(element, "aria-label", "asymptotic expression"))
        placeholder = html.escape(pl.get_string_attrib(element, "placeholder", "asymptotic expression"))
        help_html = ""
        if pl.get_boolean_attrib(element, "show-help-text", True):
            help_html = (f'<div class="form-text">An expression in {", ".join(variables) or "the variables"}, '
                         "e.g. <code>n^2 log(n)</code>; no trigonometric functions.</div>")
        return (f'<span class="pl-big-o-input"><span class="input-group"><span class="input-group-text">${symbol}($</span>'
                f'<input type="text" class="form-control{invalid}" name="{html.escape(name)}" '
                f'size="{pl.get_integer_attrib(element, "size", 35)}" value="{html.escape(str(raw))}" '
                f'placeholder="{placeholder}" aria-label="{aria}"{disabled}>'
                f'<span class="input-group-text">$)$</span>{badge}</span>{help_html}{error_html}</span>')
    if panel == "submission":
        if error is not None:
            raw = data["raw_submitted_answers"].get(name)
            shown = pl.escape_invalid_string(raw) if raw else "<em>blank</em>"
            return (f'<span class="pl-big-o-input">{shown} <span class="badge text-bg-danger">Invalid</span>'
                    f'<div class="invalid-feedback d-block">{error}</div></span>')
        submitted = data["submitted_answers"].get(name)
        if submitted is None:
            return '<span class="pl-big-o-input"><span class="badge text-bg-dark">missing input</span></span>'
        feedback = partial.get("feedback")
        return (f'<span class="pl-big-o-input">${symbol}({_latex(submitted, variables)})$ {badge}'
                f'{f"<div class=pl-big-o-input-feedback>{feedback}</div>" if feedback else ""}</span>')
    correct = data["correct_answers"].get(name)
    if correct is None:
        return ""
    return f'<span class="pl-big-o-input">${symbol}({_latex(str(correct), variables)})$</span>'
