"""<pl-overlay [width height clip]>: <pl-location> children placed at pixel positions over an optional
<pl-background>; later locations stack above earlier ones."""

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import parse_element

VERTICAL = ("top", "middle", "center", "bottom")
HORIZONTAL = ("left", "middle", "center", "right")
# Translation of a location relative to its anchor point, so that the alignment names its anchor.
SHIFT = {"top": "0%", "left": "0%", "middle": "-50%", "center": "-50%", "bottom": "-100%", "right": "-100%"}


def _children(element):
    return [c for c in element if not isinstance(c, lxml.html.HtmlComment)]


def _check_location(child):
    pl.check_attribs(child, required_attribs=[], optional_attribs=["left", "right", "top", "bottom", "valign", "halign"])
    if ("left" in child.attrib) == ("right" in child.attrib):
        raise ValueError('pl-location requires exactly one of "left" or "right" attributes.')
    if ("top" in child.attrib) == ("bottom" in child.attrib):
        raise ValueError('pl-location requires exactly one of "top" or "bottom" attributes.')
    valign = pl.get_string_attrib(child, "valign", "middle")
    if valign not in VERTICAL:
        raise ValueError(f'Unknown vertical alignment "{valign}"')
    halign = pl.get_string_attrib(child, "halign", "center")
    if halign not in HORIZONTAL:
        raise ValueError(f'Unknown horizontal alignment "{halign}"')


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    backgrounds = 0
    for child in _children(element):
        if child.tag == "pl-location":
            _check_location(child)
        elif child.tag == "pl-background":
            pl.check_attribs(child, required_attribs=[], optional_attribs=[])
            backgrounds += 1
        else:
            raise ValueError(f'Unknown tag "{child.tag}" found as child of pl-overlay')
    if backgrounds == 0:
        pl.check_attribs(element, required_attribs=["width", "height"], optional_attribs=["clip"])
    elif backgrounds == 1:
        pl.check_attribs(element, required_attribs=[], optional_attribs=["clip", "width", "height"])
    else:
        raise ValueError(f"pl-overlay can have at most one <pl-background> child, found {backgrounds}.")


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    width = pl.get_float_attrib(element, "width", None)
    height = pl.get_float_attrib(element, "height", None)
    background = None
    locations = []
    for child in _children(element):
        if child.tag == "pl-background":
            background = pl.inner_html(child)
            continue
        left, right = pl.get_float_attrib(child, "left", None), pl.get_float_attrib(child, "right", None)
        top, bottom = pl.get_float_attrib(child, "top", None), pl.get_float_attrib(child, "bottom", None)
        # Every position becomes top/left so that one transform handles all alignments.
        if left is not None:
            x = left
        elif right is not None and width is not None:
            x = width - right
        else:
            raise ValueError("Either left or width+right must be specified")
        if top is not None:
            y = top
        elif bottom is not None and height is not None:
            y = height - bottom
        else:
            raise ValueError("Either top or height+bottom must be specified")
        shift = f"translate({SHIFT[pl.get_string_attrib(child, 'halign', 'center')]}, {SHIFT[pl.get_string_attrib(child, 'valign', 'middle')]})"
        style = f"top: {y}px; left: {x}px; transform: {shift}; z-index: {len(locations)}"
        locations.append(f'<div class="pl-overlay-location" style="{style}">{pl.inner_html(child)}</div>')
    size = (f"width: {width}px;" if width else "") + " " + (f"height: {height}px" if height else "")
    clip = " pl-overlay-clip" if pl.get_boolean_attrib(element, "clip", True) else " "
    return (f'<div class="pl-overlay{clip}" style="{size}"><div class="pl-overlay-locations-container">{"".join(locations)}</div>'
            f"{background or ''}</div>")
