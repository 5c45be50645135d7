"""<pl-symbolic-input>: a math expression parsed safely with sympy and graded by symbolic equality."""

import html
import random
import re
from typing import Any

import prairielearn as pl
import prairielearn.sympy_utils as psu
import sympy
from symbolic_input_abs_bars import MismatchedBars, replace_abs_bars
from symbolic_input_formula_editor import formula_editor_text
from prairielearn import element_ui as ui

OPTIONAL = [
    "weight", "correct-answer", "label", "aria-label", "display", "variables", "custom-functions", "allow-complex",
    "imaginary-unit-for-display", "allow-trig-functions", "allow-sets", "size", "show-help-text", "allow-blank",
    "blank-value", "placeholder", "formula-editor", "display-log-as-ln", "display-simplified-expression",
    "additional-simplifications", "show-score", "initial-value", "suffix",
]
SIMPLIFICATIONS = {"expand": sympy.expand, "powsimp": sympy.powsimp, "trigsimp": sympy.trigsimp, "expand_log": sympy.expand_log}
TIMEOUT_MESSAGE = "Your answer did not converge, try a simpler expression."


def _names(text: str | None) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


class Options:
    def __init__(self, element: Any, data: dict | None = None) -> None:
        self.name = pl.get_string_attrib(element, "answers-name")
        self.weight = pl.get_integer_attrib(element, "weight", 1)
        self.allow_complex = pl.get_boolean_attrib(element, "allow-complex", False)
        self.allow_trig = pl.get_boolean_attrib(element, "allow-trig-functions", True)
        self.allow_sets = pl.get_boolean_attrib(element, "allow-sets", False)
        self.allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
        self.blank_value = pl.get_string_attrib(element, "blank-value", "0")
        self.imaginary_unit = pl.get_string_attrib(element, "imaginary-unit-for-display", "i")
        if self.imaginary_unit not in ("i", "j"):
            raise ValueError("imaginary-unit-for-display must be either i or j")
        self.simplified = pl.get_boolean_attrib(element, "display-simplified-expression", True)
        self.log_as_ln = pl.get_boolean_attrib(element, "display-log-as-ln", False)
        self.custom_functions = _names(pl.get_string_attrib(element, "custom-functions", None))
        self.simplifications = _names(pl.get_string_attrib(element, "additional-simplifications", None))
        for s in self.simplifications:
            if s not in SIMPLIFICATIONS:
                raise ValueError(f'Unknown additional simplification "{s}"; use expand, powsimp, trigsimp or expand_log')
        self.label = pl.get_string_attrib(element, "label", None)
        self.aria_label = pl.get_string_attrib(element, "aria-label", None)
        self.suffix = pl.get_string_attrib(element, "suffix", None)
        self.display = pl.get_string_attrib(element, "display", "inline")
        self.size = pl.get_integer_attrib(element, "size", 35)
        self.placeholder = pl.get_string_attrib(element, "placeholder", "symbolic expression")
        self.show_help = pl.get_boolean_attrib(element, "show-help-text", True)
        self.show_score = pl.get_boolean_attrib(element, "show-score", True)
        self.initial_value = pl.get_string_attrib(element, "initial-value", None)
        self.formula_editor = pl.get_boolean_attrib(element, "formula-editor", False)
        variables = pl.get_string_attrib(element, "variables", None)
        correct = (data or {}).get("correct_answers", {}).get(self.name)
        if variables is None and psu.is_sympy_json(correct):
            self.variables = list(correct.get("_variables", []))
        else:
            self.variables = _names(variables)
        self.assumptions = correct.get("_assumptions") if psu.is_sympy_json(correct) else None

    def parse(self, text: str) -> "psu.SympyParseSuccess | psu.SympyParseFailure":
        """Parses text in the element's syntax; raises MismatchedBars for unpaired |...|."""
        return psu.try_parse_string_as_sympy(
            replace_abs_bars(text), self.variables, allow_complex=self.allow_complex, allow_trig_functions=self.allow_trig,
            allow_sets=self.allow_sets, custom_functions=self.custom_functions,
            imaginary_unit=self.imaginary_unit, assumptions=self.assumptions, simplify_expression=self.simplified,
        )

    def to_sympy(self, value: Any, *, simplify_json: bool | None = None) -> Any:
        """A sympy object for a stored answer (tagged JSON, or a string in the element's own syntax); with
        display-simplified-expression="false" it stays as written, as PrairieLearn parses it."""
        if psu.is_sympy_json(value):
            simplify = self.simplified if simplify_json is None else simplify_json
            return psu.json_to_sympy(value, allow_complex=self.allow_complex, simplify_expression=simplify)
        try:
            result = self.parse(str(value))
        except MismatchedBars:
            result = psu.SympyParseFailure("mismatched bars")
        if isinstance(result, psu.SympyParseFailure):
            raise ValueError(f'Parsing correct answer "{value}" for "{self.name}" failed.')
        return result.expr

    def latex(self, expr: Any) -> str:
        return sympy.latex(expr, ln_notation=self.log_as_ln, imaginary_unit=self.imaginary_unit)


def prepare(element_html: str, data: dict) -> None:
    element = ui.parse_element(element_html)
    pl.check_attribs(element, required_attribs=["answers-name"], optional_attribs=OPTIONAL)
    o = Options(element, data)
    pl.check_answers_names(data, o.name)
    builtins = set(psu.get_builtin_constants(allow_complex=o.allow_complex)) | set(
        psu.get_builtin_functions(allow_trig_functions=o.allow_trig, allow_sets=o.allow_sets)
    )
    for name in o.variables + o.custom_functions:
        if name in builtins:
            raise ValueError(f'Variable or function name "{name}" is already a built-in name and cannot be used.')
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise ValueError(f'Invalid variable or function name "{name}".')
    correct = pl.get_string_attrib(element, "correct-answer", None)
    if correct is not None:
        if o.name in data["correct_answers"]:
            raise ValueError(f"duplicate correct_answers variable name: {o.name}")
        if correct.strip() != "":
            o.to_sympy(correct)  # raises when the author's answer does not parse
        elif not (o.allow_blank and o.blank_value == ""):
            # PrairieLearn 88fb855, elements/pl-symbolic-input/pl-symbolic-input.py prepare(): a blank
            # correct answer is an answer only where a blank submission stays blank.
            raise ValueError(
                "Correct answer cannot be blank unless 'allow-blank' is true and 'blank-value' is empty."
            )
        else:
            correct = ""
        data["correct_answers"][o.name] = correct


def _help_text(o: Options) -> str:
    variables = ", ".join(f"<code>{html.escape(v)}</code>" for v in o.variables) or "none"
    extra = ""
    if o.custom_functions:
        extra = " Functions: " + ", ".join(f"<code>{html.escape(f)}()</code>" for f in o.custom_functions) + "."
    return (
        f"Enter a symbolic expression using the variables {variables}; write <code>^</code> or <code>**</code> "
        f"for powers and use integers or fractions, not decimals.{extra}"
    )


def _formula_editor_fields(o: Options, data: dict) -> str:
    """PrairieLearn 88fb855's formula editor submits through two hidden fields: the answer (empty until the
    page fills it) and `<name>-latex`, the editor's LaTeX (what was submitted, or the initial value as math).
    Here a plain text box stands in for its math field; pl-symbolic-input.js copies the text into the answer."""
    latex = data.get("raw_submitted_answers", {}).get(f"{o.name}-latex")
    if latex is None and o.initial_value is not None and o.initial_value.strip() != "":
        latex = o.latex(o.to_sympy(o.initial_value).subs(sympy.I, sympy.Symbol(o.imaginary_unit)))
    name = html.escape(o.name)
    return (
        f'<input name="{name}" id="symbolic-input-sub-{name}" type="hidden" value="" data-restore-hidden>'
        f'<input name="{name}-latex" id="symbolic-input-latex-{name}" type="hidden" value="{html.escape(latex or "")}">'
    )


def render(element_html: str, data: dict) -> str:
    o = Options(ui.parse_element(element_html), data)
    panel = data["panel"]
    if panel == "question":
        return ui.text_input_html(
            data, o.name, label=o.label, suffix=o.suffix, size=o.size, placeholder=o.placeholder,
            aria_label=o.aria_label, initial_value=o.initial_value, display=o.display,
            help_text=_help_text(o) if o.show_help else "", show_score=o.show_score,
            hidden_fields=_formula_editor_fields(o, data) if o.formula_editor else "",
        )
    if panel == "submission":
        value = data["submitted_answers"].get(o.name)
        shown = None
        if isinstance(value, str) and value == "":
            shown = ""
        elif value is not None and o.name not in data.get("format_errors", {}):
            # As PrairieLearn 88fb855 (pl-symbolic-input.py render()): the stored answer as math, unevaluated
            # when display-simplified-expression is false.
            try:
                shown = f"${o.latex(o.to_sympy(value))}$"
            except ValueError:
                # A stored answer this element cannot read (not from its own parse): shown as text.
                shown = html.escape(str(value))
            shown = ui.labelled(o.label, shown, o.suffix)
        return ui.submission_html(data, o.name, shown, show_score=o.show_score)
    if panel == "answer":
        correct = data["correct_answers"].get(o.name)
        if correct is None:
            return ""
        label = f"{o.label} " if o.label else ""
        # A blank correct answer (allow-blank with an empty blank-value) shows as empty math, as PrairieLearn.
        shown = o.latex(o.to_sympy(correct)) if correct != "" else ""
        return f'<span class="pl-symbolic-input-answer">{label}${shown}$</span>'
    return ""


def parse(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html), data)
    submitted = data["submitted_answers"].get(o.name)
    if o.formula_editor:
        submitted = formula_editor_text(submitted, o.allow_trig, o.variables, o.custom_functions)
    if o.allow_blank and submitted is not None and submitted.strip() == "":
        submitted = o.blank_value
        if submitted.strip() == "":
            data["submitted_answers"][o.name] = ""
            return
    if submitted is None or submitted.strip() == "":
        data["format_errors"][o.name] = "No submitted answer."
        data["submitted_answers"][o.name] = None
        return
    try:
        result = o.parse(submitted)
    except MismatchedBars:
        data["format_errors"][o.name] = (
            "The absolute value bars in your answer are mismatched or ambiguous: "
            f"<code>{html.escape(submitted)}</code>."
        )
        data["submitted_answers"][o.name] = None
        return
    if isinstance(result, psu.SympyParseFailure):
        data["format_errors"][o.name] = result.error
        data["submitted_answers"][o.name] = None
        return
    data["submitted_answers"][o.name] = psu.sympy_to_json(result.expr, allow_complex=o.allow_complex)


def _simplify(o: Options, expr: Any) -> Any:
    for name in o.simplifications:
        expr = SIMPLIFICATIONS[name](expr)
    return expr


def grade(element_html: str, data: dict) -> None:
    o = Options(ui.parse_element(element_html), data)
    correct = data["correct_answers"].get(o.name)
    if correct is None:
        return

    def grade_one(submitted: Any) -> tuple[bool, str | None]:
        if isinstance(submitted, str) and submitted.strip() == "" or isinstance(correct, str) and correct.strip() == "":
            both = isinstance(submitted, str) and submitted.strip() == "" and isinstance(correct, str) and not correct.strip()
            return both, None
        tru = _simplify(o, o.to_sympy(correct))
        sub = _simplify(o, o.to_sympy(submitted))
        if isinstance(tru, sympy.Set) or isinstance(sub, sympy.Set):
            return tru == sub, None
        return tru.equals(sub) is True, None

    try:
        pl.grade_answer_parameterized(data, o.name, grade_one, weight=o.weight, timeout=3, timeout_format_error=TIMEOUT_MESSAGE)
    except ValueError as e:
        if "integer string conversion" not in str(e) and "Exceeds the limit" not in str(e):
            raise
        data["format_errors"][o.name] = "Your answer was too large to process."
        data["partial_scores"][o.name] = {"score": 0.0, "weight": o.weight}


# PrairieLearn's invalid test answers (elements/pl-symbolic-input, 88fb855), in its order.
INVALID_SAMPLES = ["n + 1.234", "x + (1+2j)", "1 and 0", "aatan(n)", "x + y", "x +* 1", "x + 1\\n", "x # some text"]


def test(element_html: str, data: dict) -> None:
    # As PrairieLearn's: the correct answer printed by sympy (its imaginary unit shown as the element shows it),
    # one random.choice of equivalent spellings, and a random integer added for the wrong answer.
    o = Options(ui.parse_element(element_html), data)
    kind = data["test_type"]
    if kind == "invalid":
        samples = INVALID_SAMPLES + ([] if o.allow_complex else ["3j"]) + ([] if o.allow_trig else ["cos(2)"])
        data["raw_submitted_answers"][o.name] = random.choice(samples)
        data["format_errors"][o.name] = ""
        return
    if o.name not in data["correct_answers"]:
        return
    correct = data["correct_answers"][o.name]
    text = ""
    if correct != "":
        # PrairieLearn 88fb855 test(): a string answer parsed as the element parses, a stored JSON one simplified.
        text = str(o.to_sympy(correct, simplify_json=True).subs(sympy.I, sympy.Symbol(o.imaginary_unit)))
    if kind == "correct":
        if text == "":
            data["raw_submitted_answers"][o.name] = ""
        else:
            spellings = [text]
            if not o.allow_sets:  # arithmetic does not apply to sets
                spellings.append(f"{text} + 0")
                if o.allow_complex:
                    spellings.append(f"2j + {text} - 3j + j")
                if o.allow_trig:
                    spellings.append(f"cos(0) * ( {text} )")
            data["raw_submitted_answers"][o.name] = random.choice(spellings)
        data["partial_scores"][o.name] = {"score": 1, "weight": o.weight}
        return
    if text == "" or o.allow_sets:
        data["raw_submitted_answers"][o.name] = f"{random.randint(1, 100):d}"
    else:
        data["raw_submitted_answers"][o.name] = f"{text} + {random.randint(1, 100):d}"
    data["partial_scores"][o.name] = {"score": 0, "weight": o.weight}
