"""<pl-answer-panel>: its content appears only in the answer panel."""

import prairielearn as pl
from prairielearn.element_ui import parse_element


def prepare(element_html: str, data: dict) -> None:
    pl.check_attribs(parse_element(element_html), required_attribs=[], optional_attribs=[])


def render(element_html: str, data: dict) -> str:
    if data["panel"] != "answer":
        return ""
    return pl.inner_html(parse_element(element_html))
