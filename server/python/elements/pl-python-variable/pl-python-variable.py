"""pl-python-variable: a params value shown as Python code (repr, or pprint for dicts and lists) in a pl-code block."""

import html
import pprint

import lxml.html
import pandas as pd
import prairielearn as pl

OPTIONAL = ["no-highlight", "prefix", "suffix", "prefix-newline", "suffix-newline", "copy-code-button",
            "show-line-numbers", "indent", "depth", "width", "compact", "compact-sequences", "sort-dicts", "text",
            "show-header", "show-index", "show-dimensions"]


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["params-name"], OPTIONAL)


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "params-name")
    if name not in data["params"]:
        raise KeyError(f'Could not find {name} in params. Please make sure to set params-name="{name}" in the element.')
    value = pl.from_json(data["params"][name])
    if isinstance(value, pd.DataFrame):
        if not pl.get_boolean_attrib(element, "text", False):
            flags = "".join(f' {flag}="{str(pl.get_boolean_attrib(element, flag, True)).lower()}"'
                            for flag in ("show-header", "show-index", "show-dimensions"))
            return f'<pl-dataframe params-name="{html.escape(name)}"{flags} show-python="false"></pl-dataframe>'
        text = value.to_string(header=pl.get_boolean_attrib(element, "show-header", True),
                               index=pl.get_boolean_attrib(element, "show-index", True))
        if pl.get_boolean_attrib(element, "show-dimensions", True):
            text += f"\n\n[{value.shape[0]} rows x {value.shape[1]} columns]"
    elif isinstance(value, (dict, list)):
        compact = pl.get_boolean_attrib(element, "compact-sequences", pl.get_boolean_attrib(element, "compact", False))
        text = pprint.pformat(value, indent=pl.get_integer_attrib(element, "indent", 1),
                              width=pl.get_integer_attrib(element, "width", 80),
                              depth=pl.get_integer_attrib(element, "depth", None), compact=compact,
                              sort_dicts=pl.get_boolean_attrib(element, "sort-dicts", False))
    else:
        text = repr(value)
    prefix = pl.get_string_attrib(element, "prefix", "")
    suffix = pl.get_string_attrib(element, "suffix", "")
    if pl.get_boolean_attrib(element, "prefix-newline", False):
        prefix += "\n"
    if pl.get_boolean_attrib(element, "suffix-newline", False):
        suffix = "\n" + suffix
    attributes = "" if pl.get_boolean_attrib(element, "no-highlight", False) else ' language="python"'
    for flag in ("copy-code-button", "show-line-numbers"):
        if pl.get_boolean_attrib(element, flag, False):
            attributes += f' {flag}="true"'
    # Escaped, so a value such as "<b>" is shown as text rather than read as markup.
    return f"<pl-code{attributes}>{html.escape(prefix + text + suffix)}</pl-code>"
