"""Typed attribute getters and small HTML helpers for element controllers."""

import html
import re
from enum import Enum
from typing import Any, TypeVar

import lxml.html

from prairielearn.css_colors import CSS_NAMED_COLORS

__all__ = [
    "get_string_attrib",
    "get_boolean_attrib",
    "get_integer_attrib",
    "get_float_attrib",
    "get_color_attrib",
    "get_enum_attrib",
    "has_attrib",
    "check_attribs",
    "inner_html",
    "escape_invalid_string",
]

E = TypeVar("E", bound=Enum)
_NO_DEFAULT: Any = object()
_TRUE = {"true", "t", "1", "True", "T", "TRUE", "yes", "y", "Yes", "Y", "YES"}
_FALSE = {"false", "f", "0", "False", "F", "FALSE", "no", "n", "No", "N", "NO"}
# libxml treats these as HTML boolean attributes: present means true.
_HTML_BOOLEAN = {
    "checked", "compact", "declare", "defer", "disabled", "ismap", "multiple",
    "nohref", "noresize", "noshade", "nowrap", "readonly", "selected",
}
# PrairieLearn's own colour names (they win over CSS names such as gray and brown), as #rrggbb.
_PL_COLORS = {
    "blue1": "#39d5ff", "blue2": "#1297e0", "blue3": "#0057a0", "brown": "#7d5640", "brown1": "#e6bfa8", "brown2": "#c0957c",
    "brown3": "#7d5640", "correct_green": "#008c31", "gray": "#909090", "gray1": "#e0e0e0", "gray2": "#909090", "gray3": "#505050",
    "green1": "#8effc1", "green2": "#2ecc71", "green3": "#008c31", "incorrect_red": "#c72c1c", "orange1": "#ffdcb5",
    "orange2": "#ff926b", "orange3": "#c3522b", "pink1": "#ffbcd8", "pink2": "#fa5c98", "pink3": "#ba1c58", "purple1": "#dcc6e0",
    "purple2": "#9b59b6", "purple3": "#5e147d", "red1": "#ffccbc", "red2": "#ff6c5c", "red3": "#c72c1c", "turquoise1": "#5efaf7",
    "turquoise2": "#27cbc0", "turquoise3": "#008b80", "yellow1": "#fdeea5", "yellow2": "#f5ce32", "yellow3": "#d6a100",
}
_NAMED_COLORS = {**CSS_NAMED_COLORS, **_PL_COLORS}


def _lookup(element: Any, name: str) -> tuple[bool, Any]:
    for key in (name, name.replace("-", "_")):
        if key in element.attrib:
            return True, element.attrib[key]
    return False, None


def _raw(element: Any, name: str, default: Any) -> tuple[bool, Any]:
    """(found, value); when missing returns (False, default) or raises without a default."""
    found, value = _lookup(element, name)
    if found:
        return True, value
    if default is _NO_DEFAULT:
        raise ValueError(f'Attribute "{name}" missing and no default is available')
    return False, default


def has_attrib(element: Any, name: str) -> bool:
    return _lookup(element, name)[0]


def get_string_attrib(element: Any, name: str, *args: Any) -> Any:
    if name in _HTML_BOOLEAN:
        raise ValueError(f'Attribute "{name}" is a boolean HTML attribute and cannot be read as a string')
    found, value = _raw(element, name, args[0] if args else _NO_DEFAULT)
    return value


def get_boolean_attrib(element: Any, name: str, *args: Any) -> Any:
    if name in _HTML_BOOLEAN:
        if args and args[0]:
            raise ValueError(f'Attribute "{name}" is a boolean HTML attribute and cannot default to true')
        return has_attrib(element, name)
    found, value = _raw(element, name, args[0] if args else _NO_DEFAULT)
    if not found:
        return value
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(f'Attribute "{name}" must be a boolean value: {value}')


def get_integer_attrib(element: Any, name: str, *args: Any) -> Any:
    return _converted(element, name, args, int, "an integer")


def get_float_attrib(element: Any, name: str, *args: Any) -> Any:
    return _converted(element, name, args, float, "a number")


def _converted(element: Any, name: str, args: tuple, convert: Any, kind: str) -> Any:
    """The attribute read by `convert` (Python's int() or float(), as PrairieLearn reads them), or the default."""
    found, value = _raw(element, name, args[0] if args else _NO_DEFAULT)
    if not found:
        return value
    try:
        return convert(value)
    except ValueError:
        raise ValueError(f'Attribute "{name}" must be {kind}: {value}') from None


def get_color_attrib(element: Any, name: str, *args: Any) -> Any:
    """A #hex colour: hex as written (3 to 6 digits), a PrairieLearn or CSS colour name as #rrggbb.
    A default that names a colour is converted too; any other default is returned as it is."""
    found, value = _raw(element, name, args[0] if args else _NO_DEFAULT)
    if not found:
        return _NAMED_COLORS.get(value.lower(), value) if isinstance(value, str) else value
    if re.fullmatch(r"#(?:[0-9a-fA-F]{1,2}){3}", value):
        return value
    if value.lower() in _NAMED_COLORS:
        return _NAMED_COLORS[value.lower()]
    raise ValueError(f'Attribute "{name}" must be a CSS-style RGB string: {value}')


def get_enum_attrib(element: Any, name: str, enum_type: type[E], *args: Any) -> Any:
    found, value = _raw(element, name, args[0] if args else _NO_DEFAULT)
    if not found:
        return value
    if value != value.lower():
        raise ValueError(f'Value "{value}" assigned to "{name}" cannot have uppercase characters.')
    for member in enum_type:
        if member.name.lower().replace("_", "-") == value:
            return member
    allowed = ", ".join(m.name.lower().replace("_", "-") for m in enum_type)
    raise ValueError(f'{value} is not a valid type for attribute "{name}", must be one of: {allowed}.')


def check_attribs(element: Any, required_attribs: list[str], optional_attribs: list[str]) -> None:
    for name in required_attribs:
        if not has_attrib(element, name):
            raise ValueError(f'Required attribute "{name}" missing')
    allowed = {a.replace("_", "-") for a in required_attribs + optional_attribs}
    for name in element.attrib:
        if name.replace("_", "-") not in allowed:
            raise ValueError(f'Unknown attribute "{name}"')


def inner_html(element: Any) -> str:
    """The element's content as HTML (text escaped, children serialized with their tails)."""
    text = "" if element.text is None else html.escape(element.text)
    return text + "".join(lxml.html.tostring(child, encoding="unicode", with_tail=True) for child in element)


def escape_invalid_string(s: str) -> str:
    return f'<code class="user-output-invalid">{html.escape(s)}</code>'
