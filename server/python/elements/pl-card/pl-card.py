"""<pl-card>: a Bootstrap card around its content, with optional header, title, images and footer."""

import html

import prairielearn as pl
from prairielearn.element_ui import parse_element

OPTIONAL = ["header", "title", "subtitle", "footer", "img-top-src", "img-top-alt", "img-bottom-src", "img-bottom-alt", "width"]
WIDTHS = {"25%": "w-25", "50%": "w-50", "75%": "w-75", "auto": ""}


def prepare(element_html: str, data: dict) -> None:
    pl.check_attribs(parse_element(element_html), required_attribs=[], optional_attribs=OPTIONAL)


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    width = pl.get_string_attrib(element, "width", "auto")
    if width not in WIDTHS:
        raise ValueError(f"Invalid width: {width}. Possible values are 25%, 50%, 75%, and auto.")
    get = lambda name: pl.get_string_attrib(element, name, None)  # noqa: E731
    parts = [f'<div class="card pl-card mb-3 {WIDTHS[width]}">']
    if get("header"):
        parts.append(f'<div class="card-header">{get("header")}</div>')
    if get("img-top-src"):
        parts.append(f'<img src="{html.escape(get("img-top-src"))}" class="card-img-top" alt="{html.escape(get("img-top-alt") or "")}">')
    parts.append('<div class="card-body">')
    if get("title"):
        parts.append(f'<h5 class="card-title">{get("title")}</h5>')
    if get("subtitle"):
        parts.append(f'<h6 class="card-subtitle mb-2 text-muted">{get("subtitle")}</h6>')
    parts.append(f'<div class="card-text">{pl.inner_html(element)}</div></div>')
    if get("img-bottom-src"):
        parts.append(f'<img src="{html.escape(get("img-bottom-src"))}" class="card-img-bottom" alt="{html.escape(get("img-bottom-alt") or "")}">')
    if get("footer"):
        parts.append(f'<div class="card-footer">{get("footer")}</div>')
    parts.append("</div>")
    return "".join(parts)
