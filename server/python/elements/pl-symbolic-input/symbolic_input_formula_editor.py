"""The text a formula editor (formula-editor="true") submits, rewritten as PrairieLearn rewrites it before parsing.

A math field writes multi-letter names one letter at a time ("s i n ( x )"), Greek letters as symbols and
may leave "{:" / ":}" grouping marks. PrairieLearn 88fb855 (elements/pl-symbolic-input, parse) drops the
marks, spells Greek letters out letter by letter, joins the spaced letters of every known name (longest
first) and puts a space between a letter and a digit unless the digit belongs to a known name (f2, x1).
"""

import re
import unicodedata

# The multi-character names PrairieLearn's rewrite knows besides the question's variables and functions:
# its operators, its base functions and (when allowed) its trigonometric functions.
OPERATOR_TOKENS = ("( )", "**")
BASE_FUNCTION_TOKENS = (
    "exp", "log", "ln", "sqrt", "factorial", "abs", "sgn", "max", "min", "sign", "Abs", "Max", "Min",
)
TRIG_FUNCTION_TOKENS = (
    "cos", "sin", "tan", "sec", "cot", "csc", "cosh", "sinh", "tanh", "arccos", "arcsin", "arctan",
    "acos", "asin", "atan", "arctan2", "atan2", "atanh", "acosh", "asinh",
)


def _greek_names() -> dict[int, str]:
    """Greek letters (not the final sigma) to their names: capital ones capitalised, "lambda" spelled so."""
    names: dict[int, str] = {}
    for code in list(range(0x391, 0x3AA)) + list(range(0x3B1, 0x3CA)):
        if code in (0x3A2, 0x3C2):
            continue
        word = unicodedata.name(chr(code)).split()[-1].lower().replace("lamda", "lambda")
        names[code] = word.capitalize() if code < 0x3B1 else word
    return names


GREEK_NAMES = _greek_names()


def spell_greek(text: str) -> str:
    return text.translate(GREEK_NAMES)


def known_tokens(allow_trig: bool, variables: list[str], custom_functions: list[str]) -> list[str]:
    tokens = [*OPERATOR_TOKENS, *BASE_FUNCTION_TOKENS, *custom_functions, *variables]
    if allow_trig:
        tokens += TRIG_FUNCTION_TOKENS
    tokens += [spell_greek(t) for t in tokens if spell_greek(t) != t]
    return [t for t in tokens if len(t) > 1]


def _spread_greek(char: str) -> str:
    spelled = spell_greek(char)
    return f" {' '.join(spelled)} " if spelled != char else char


def _join_spaced(text: str, tokens: list[str]) -> str:
    spaced = sorted(((t, " ".join(t)) for t in tokens), key=lambda pair: -len(pair[1]))
    out: list[str] = []
    i = 0
    while i < len(text):
        for token, form in spaced:
            if text.startswith(form, i):
                out.append(token)
                i += len(form)
                break
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _space_digits(text: str, tokens: list[str]) -> str:
    kept: set[int] = set()
    for token in tokens:
        if re.search(r"\d", token):
            for match in re.finditer(re.escape(token), text):
                kept.update(range(match.start(), match.end()))
    out: list[str] = []
    for i, char in enumerate(text):
        out.append(char)
        if i + 1 < len(text) and char.isalpha() and text[i + 1].isdigit() and i + 1 not in kept:
            out.append(" ")
    return "".join(out)


def formula_editor_text(
    text: str | None, allow_trig: bool, variables: list[str], custom_functions: list[str]
) -> str | None:
    """The formula editor's submitted text made readable by the parser (None stays None)."""
    if text is None:
        return None
    tokens = known_tokens(allow_trig, variables, custom_functions)
    text = text.replace("{:", "").replace(":}", "")
    text = "".join(_spread_greek(c) for c in text)
    return _space_digits(_join_spaced(text, tokens), tokens)
