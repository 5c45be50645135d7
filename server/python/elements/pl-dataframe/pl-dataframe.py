"""<pl-dataframe params-name="...">: a pandas DataFrame from params as an HTML table (pandas' Styler) with
its dimensions, and a Code tab holding Python that rebuilds it."""

import html
import pprint
from enum import Enum

import pandas as pd
import prairielearn as pl
from prairielearn.element_ui import parse_element


class DisplayLanguage(Enum):
    PYTHON = 1
    R = 2


# Python's format-spec presentation types for floats.
PRESENTATION_TYPES = {"e", "E", "f", "F", "g", "G", "n", "%"}
OPTIONAL = ["show-index", "show-header", "show-dimensions", "show-dtype", "show-python", "display-language",
            "display-variable-name", "digits", "width", "presentation-type"]


def _r_type(s):
    if pd.api.types.is_float_dtype(s):
        return "numeric"
    if pd.api.types.is_integer_dtype(s):
        return "integer"
    if pd.api.types.is_object_dtype(s) or pd.api.types.is_string_dtype(s):
        return "character"
    if pd.api.types.is_bool_dtype(s):
        return "logical"
    if pd.api.types.is_complex_dtype(s):
        return "complex"
    if pd.api.types.is_datetime64_any_dtype(s):
        return "POSIXct"
    if pd.api.types.is_timedelta64_dtype(s):
        return "Not supported"
    return "Unknown"


def _python_type(s):
    return str(s.dtype)


def _default_index(frame):
    return pd.api.types.is_integer_dtype(frame.index) and pd.Index(range(len(frame))).equals(frame.index)


def prepare(element_html: str, data: dict) -> None:
    pl.check_attribs(parse_element(element_html), required_attribs=["params-name"], optional_attribs=OPTIONAL)


def _map(styler, fn):
    # pandas 2.1 renamed Styler.applymap to Styler.map.
    return styler.map(fn) if hasattr(styler, "map") else styler.applymap(fn)


def _table(element, frame, language):
    digits = pl.get_integer_attrib(element, "digits", None)
    kind = pl.get_string_attrib(element, "presentation-type", "g")
    style = frame.style
    style.format(subset=frame.select_dtypes(include="int").columns, thousands=",")
    style.format(subset=frame.select_dtypes(include="float").columns,
                 formatter=f"{{:{kind}}}" if digits is None else f"{{:.{digits}{kind}}}")
    if pl.get_boolean_attrib(element, "show-dtype", False):
        describe = _python_type if language is DisplayLanguage.PYTHON else _r_type
        # One row naming each column's type (built per column: agg() may apply a function per cell).
        types = pd.DataFrame([[describe(frame[c]) for c in frame.columns]], index=["dtype"], columns=frame.columns)
        style.set_table_styles([{"selector": ".foot_row0", "props": "border-top: 1px solid black;"}])
        style.concat(_map(types.style, lambda v: "font-weight: bold;"))
    if not pl.get_boolean_attrib(element, "show-header", True):
        style.hide(axis="columns")
    if pl.get_boolean_attrib(element, "show-index", True):
        # R counts rows from 1; only a default 0..n-1 index is renumbered.
        if language is DisplayLanguage.R and _default_index(frame):
            style.format_index(lambda x: x + 1)
    else:
        style.hide()
    style.set_table_attributes("class=pl-dataframe-table")
    return style.to_html()


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "params-name")
    language = pl.get_enum_attrib(element, "display-language", DisplayLanguage, DisplayLanguage.PYTHON)
    variable = pl.get_string_attrib(element, "display-variable-name", "df")
    width = pl.get_integer_attrib(element, "width", 500)
    if name not in data["params"]:
        raise KeyError(f'Could not find "{name}" in params. Please double check the parameter name is spelled correctly.')
    kind = pl.get_string_attrib(element, "presentation-type", "g")
    if kind not in PRESENTATION_TYPES:
        raise ValueError(f'Invalid presentation type "{kind}", must be one of {PRESENTATION_TYPES}.')
    frame = pl.from_json(data["params"][name])
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f'Parameter name "{name}" does not encode a dataframe.')

    body = f"<div>{_table(element, frame, language)}"
    if pl.get_boolean_attrib(element, "show-dimensions", True) and frame.shape[0] and frame.shape[1]:
        body += f'<p class="pl-dataframe-table-dimensions">{frame.shape[0]} rows x {frame.shape[1]} columns</p>'
    body += "</div>"
    if not pl.get_boolean_attrib(element, "show-python", True):
        return body
    uid = pl.get_uuid()
    code = pprint.pformat(frame.to_dict(), width=width, indent=4, sort_dicts=False)
    # The code goes to pl-code as its text, so markup characters in cell values are escaped.
    source = html.escape(f"\nfrom pandas import DataFrame, Timestamp\nfrom numpy import nan\n\n{variable} = DataFrame(\n{code}\n)\n", quote=False)
    return (f'<div id="pl-dataframe-{uid}" class="card mb-4"><div class="card-header">'
            '<ul class="nav nav-tabs card-header-tabs" role="tablist">'
            f'<li class="nav-item" role="presentation"><a class="nav-link active" data-bs-toggle="tab" href="#table-{uid}">Table</a></li>'
            f'<li class="nav-item" role="presentation"><a class="nav-link" data-bs-toggle="tab" href="#code-{uid}">Code</a></li>'
            '</ul></div><div class="card-body"><div class="tab-content">'
            f'<div id="table-{uid}" role="tabpanel" class="tab-pane show active">{body}</div>'
            f'<div id="code-{uid}" role="tabpanel" class="tab-pane"><pl-code language="python" copy-code-button="True">{source}</pl-code></div>'
            "</div></div></div>")
