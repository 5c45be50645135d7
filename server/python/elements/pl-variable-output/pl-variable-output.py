"""pl-variable-output (alias pl-matrix-output): params variables as assignments in several languages, one tab each."""

import html

import lxml.html
import numpy as np
import prairielearn as pl

LANGUAGES = ["matlab", "mathematica", "numpy", "r", "sympy"]
TITLES = {"matlab": "MATLAB", "mathematica": "Mathematica", "numpy": "NumPy", "r": "R", "sympy": "SymPy"}
MATHEMATICA_RESERVED = set("CDEIKNO")
OPTIONAL = ["digits", "default-tab", "show-matlab", "show-mathematica", "show-numpy", "show-python",
            "show-r", "show-sympy"]


def _number(x, digits):
    x = complex(x) if np.iscomplexobj(x) else float(x)
    if isinstance(x, complex):
        return f"{x.real:.{digits}g}{x.imag:+.{digits}g}"
    return f"{x:.{digits}g}"


def _row(row, digits, sep):
    return sep.join(_number(x, digits) for x in row)


def _value_text(value, language, digits):
    """The right-hand side of an assignment of a number or an array of at most 2 dimensions."""
    a = np.array(value)
    if a.ndim > 2:
        raise ValueError("pl-variable-output shows numbers and arrays of at most two dimensions")
    if a.ndim == 0:
        text = _number(a, digits)
        if np.iscomplexobj(a):
            text = {"matlab": text + "i", "mathematica": text + " I", "numpy": text + "j",
                    "r": text + "i", "sympy": text + "*I"}[language]
        return text
    rows = a if a.ndim == 2 else [a]
    if np.iscomplexobj(a):
        raise ValueError("pl-variable-output does not show complex arrays")
    if language == "matlab":
        return "[" + "; ".join(_row(r, digits, " ") for r in rows) + "]"
    if language == "mathematica":
        body = ", ".join("{" + _row(r, digits, ", ") + "}" for r in rows)
        return "{" + body + "}" if a.ndim == 2 else "{" + _row(rows[0], digits, ", ") + "}"
    if language == "r":
        flat = ", ".join(_number(x, digits) for r in rows for x in r)
        return f"matrix(c({flat}), nrow = {len(rows)}, ncol = {len(rows[0])}, byrow = TRUE)"
    body = ", ".join("[" + _row(r, digits, ", ") + "]" for r in rows)
    inner = "[" + body + "]" if a.ndim == 2 else "[" + _row(rows[0], digits, ", ") + "]"
    return ("np.array(" if language == "numpy" else "sympy.Matrix(") + inner + ")"


def _assignment(language, name, value, digits, comment):
    if language == "mathematica" and name in MATHEMATICA_RESERVED:
        name += "m"
    operator = " <- " if language == "r" else " = "
    line = name + operator + _value_text(value, language, digits)
    if language == "matlab":
        line += ";"
    if comment:
        marker = {"matlab": "%", "mathematica": None, "numpy": "#", "r": "#", "sympy": "#"}[language]
        line += f" (* {comment} *)" if marker is None else f" {marker} {comment}"
    return line


def _variables(element):
    result = []
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag not in ("pl-variable", "variable"):
            raise ValueError(f"pl-variable-output: unexpected child <{child.tag}>")
        pl.check_attribs(child, ["params-name"], ["comment", "digits"])
        result.append({
            "params_name": pl.get_string_attrib(child, "params-name"),
            "name": (child.text or "").strip(),
            "comment": pl.get_string_attrib(child, "comment", None),
            "digits": pl.get_integer_attrib(child, "digits", None),
        })
    return result


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, [], OPTIONAL)
    _variables(element)


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    digits = pl.get_integer_attrib(element, "digits", 2)
    if element.tag.replace("_", "-") == "pl-matrix-output":
        shown = ["matlab", "numpy"]
        default = "matlab"
    else:
        numpy_default = pl.get_boolean_attrib(element, "show-python", True)
        shown = [lang for lang in LANGUAGES if pl.get_boolean_attrib(
            element, f"show-{lang}", numpy_default if lang == "numpy" else True)]
        if not shown:
            raise ValueError("pl-variable-output must show at least one language")
        default = pl.get_string_attrib(element, "default-tab", "matlab")
        if default not in shown:
            default = shown[0]
    variables = _variables(element)
    uid = pl.get_uuid()
    tabs, panes = [], []
    for lang in shown:
        lines = []
        for var in variables:
            if var["params_name"] not in data["params"]:
                raise KeyError(f'Could not find {var["params_name"]} in params')
            value = pl.from_json(data["params"][var["params_name"]])
            lines.append(_assignment(lang, var["name"] or var["params_name"], value,
                                     var["digits"] or digits, var["comment"]))
        active = " active" if lang == default else ""
        tabs.append(f'<li class="nav-item"><a class="nav-link{active}" data-bs-toggle="tab" '
                    f'href="#{uid}-{lang}" role="tab">{TITLES[lang]}</a></li>')
        panes.append(f'<div class="tab-pane{active}" id="{uid}-{lang}" role="tabpanel" data-language="{lang}">'
                     f'<pre class="mb-0"><code>{html.escape(chr(10).join(lines))}</code></pre></div>')
    return (f'<div class="pl-variable-output card"><div class="card-header"><ul class="nav nav-tabs card-header-tabs">'
            f'{"".join(tabs)}</ul></div><div class="card-body tab-content">{"".join(panes)}</div></div>')
