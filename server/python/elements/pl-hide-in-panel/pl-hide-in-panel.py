"""<pl-hide-in-panel question|submission|answer="true">: hides its content in the flagged panels."""

import prairielearn as pl
from prairielearn.element_ui import parse_element

PANELS = ["question", "submission", "answer"]


def prepare(element_html: str, data: dict) -> None:
    pl.check_attribs(parse_element(element_html), required_attribs=[], optional_attribs=PANELS)


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    panel = data["panel"]
    if panel in PANELS and pl.get_boolean_attrib(element, panel, False):
        return ""
    return pl.inner_html(element)
