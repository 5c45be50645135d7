"""<pl-prairiedraw-figure>: a canvas on which the question's own script draws with PrairieDraw, PrairieLearn's
legacy canvas library (deprecated there). As PrairieLearn does, render reads the script from the question
folder and writes it into the page as the body of a function, with the params named in param-names written
as PrairieLearn writes them (the Python text of the dict, HTML-escaped as its template escapes it), so the
script sees the same values, and fails the same way where that text is not JavaScript. The page's
PrairieDraw is the preview's own (the element's scripts); pl-prairiedraw-figure.js runs the script there."""

import os

import prairielearn as pl
from prairielearn.element_ui import parse_element

PARAM_NAMES_DEFAULT = None
WIDTH_DEFAULT = 500
HEIGHT_DEFAULT = 300
# The question folder's text/, where PrairieLearn's generate_text.py puts the images of TeX labels.
TEXT_BASE = "plfile:/questionFiles/text/"


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, ["script-name"], ["param-names", "width", "height"])


def _escape(text: str) -> str:
    # What a mustache {{ }} does to PrairieLearn's params text: single quotes stay, so Python's quoting survives.
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _attr(text: str) -> str:
    return _escape(text).replace("'", "&#39;")


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    script_name = pl.get_string_attrib(element, "script-name", None)
    # PrairieLearn reads the script at every render: a missing file is its error too.
    with open(os.path.join(data["options"]["question_path"], script_name)) as f:
        script = f.read()
    width = pl.get_integer_attrib(element, "width", WIDTH_DEFAULT)
    height = pl.get_integer_attrib(element, "height", HEIGHT_DEFAULT)
    names = pl.get_string_attrib(element, "param-names", PARAM_NAMES_DEFAULT)
    # An unknown name fails as in PrairieLearn (a KeyError), before anything is drawn.
    client_params = {} if names is None else {key: data["params"][key] for key in names.split(",")}
    canvas_id = f"pl-prairiedraw-figure-{pl.get_uuid()}"
    return (
        f'<div class="pl-prairiedraw-figure" data-script-name="{_attr(script_name)}" data-text-base="{TEXT_BASE}">'
        f'<canvas id="{canvas_id}" width="{width}" height="{height}"></canvas>\n'
        f'<script>PLPrairieDrawFigure.add("{canvas_id}", {_escape(str(client_params))}, function () {{\n{script}\n}});</script>'
        "</div>"
    )
