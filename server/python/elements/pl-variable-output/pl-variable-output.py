"""pl-variable-output (alias pl-matrix-output): params variables as assignments in several languages, one tab each."""

import html

import lxml.etree
import lxml.html
import numpy as np
import prairielearn as pl

# (language key for string_from_numpy, tab title, first lines, comment format, line end)
TABS = {
    "matlab": ("matlab", "MATLAB", "", " % {}", ";"),
    "mathematica": ("mathematica", "Mathematica", "", " (* {} *)", ";"),
    "python": ("python", "NumPy", "import numpy as np\n\n", " # {}", ""),
    "r": ("r", "R", "", " # {}", ""),
    "sympy": ("sympy", "SymPy", "from sympy import *\n\n", " # {}", ""),
}
MATHEMATICA_RESERVED = {"C", "D", "E", "I", "K", "N", "O"}
OPTIONAL = ["digits", "default-tab", "show-matlab", "show-mathematica", "show-numpy", "show-python",
            "show-r", "show-sympy"]


def _variables(element):
    result = []
    for child in element:
        if child.tag is lxml.etree.Comment:
            continue
        if child.tag not in ("pl-variable", "variable"):
            raise ValueError(f'Tags inside of pl-variable-output must be pl-variable, not "{child.tag}".')
        pl.check_attribs(child, ["params-name"], ["comment", "digits"])
        result.append((pl.get_string_attrib(child, "params-name"), pl.inner_html(child),
                       pl.get_string_attrib(child, "comment", None), pl.get_integer_attrib(child, "digits", None)))
    return result


def _shown_tabs(element):
    if element.tag.replace("_", "-") == "pl-matrix-output":
        return ["matlab", "python"], "matlab"
    numpy_shown = pl.get_boolean_attrib(element, "show-numpy", pl.get_boolean_attrib(element, "show-python", True))
    # show-python is the older spelling of show-numpy.
    shown = [tab for tab in TABS if (numpy_shown if tab == "python" else pl.get_boolean_attrib(element, f"show-{tab}", True))]
    if not shown:
        raise ValueError("All tabs have been hidden from display. At least one tab must be shown.")
    default = pl.get_string_attrib(element, "default-tab", "matlab")
    default = "python" if default == "numpy" else default
    if default not in TABS:
        raise ValueError(f'default-tab must be one of matlab, mathematica, numpy, python, r, sympy, not "{default}"')
    return shown, default if default in shown else shown[0]


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, [], OPTIONAL)
    _variables(element)


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    digits = pl.get_integer_attrib(element, "digits", 2)
    shown, default = _shown_tabs(element)
    texts = {tab: TABS[tab][2] for tab in shown}
    for params_name, display, comment, own_digits in _variables(element):
        if data["params"].get(params_name) is None:
            raise KeyError(f'No value in data["params"] for variable {params_name} in pl-variable-output element.')
        value = pl.from_json(data["params"][params_name])
        if not np.isscalar(value):
            value = np.array(value)
            if value.ndim > 2:
                raise ValueError(f'Value in data["params"] for variable {params_name} in pl-variable-output element '
                                 "must be a scalar, a vector, or a 2D array.")
        for tab in shown:
            language, _, _, comment_format, line_end = TABS[tab]
            name = display + ("m" if tab == "mathematica" and display in MATHEMATICA_RESERVED else "")
            text = pl.string_from_numpy(value, language=language, digits=own_digits or digits)
            texts[tab] += f"{name} = {text}{line_end}{comment_format.format(comment) if comment else ''}\n"
    uid = pl.get_uuid()
    tabs, panes = [], []
    for tab in shown:
        active = " active" if tab == default else ""
        tabs.append(f'<li class="nav-item"><a class="nav-link{active}" data-bs-toggle="tab" '
                    f'href="#{uid}-{tab}" role="tab">{TABS[tab][1]}</a></li>')
        panes.append(f'<div class="tab-pane{active}" id="{uid}-{tab}" role="tabpanel" data-language="{tab}">'
                     f'<pre class="mb-0"><code>{html.escape(texts[tab])}</code></pre></div>')
    return (f'<div class="pl-variable-output card"><div class="card-header"><ul class="nav nav-tabs card-header-tabs">'
            f'{"".join(tabs)}</ul></div><div class="card-body tab-content">{"".join(panes)}</div></div>')
