"""<pl-prairiedraw-figure>: in PrairieLearn, a canvas on which a course script draws with PrairieDraw,
PrairieLearn's own legacy canvas library (deprecated there, shipped only inside PrairieLearn, not on npm).
The preview has no PrairieDraw, so the element checks what PrairieLearn checks (attributes, the script
file, the named params) and puts, in the figure's place and size, a note naming the script and the params
it would be given, instead of running the script against a library that is not there."""

import html
import json
import os

import prairielearn as pl
from prairielearn.element_ui import parse_element

PARAM_NAMES_DEFAULT = None
WIDTH_DEFAULT = 500
HEIGHT_DEFAULT = 300


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, ["script-name"], ["param-names", "width", "height"])


def _param_text(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    script_name = pl.get_string_attrib(element, "script-name", None)
    # PrairieLearn reads the script at every render: a missing file is its error too.
    with open(os.path.join(data["options"]["question_path"], script_name)) as f:
        f.read()
    width = pl.get_integer_attrib(element, "width", WIDTH_DEFAULT)
    height = pl.get_integer_attrib(element, "height", HEIGHT_DEFAULT)
    names = pl.get_string_attrib(element, "param-names", PARAM_NAMES_DEFAULT)
    # An unknown name fails as in PrairieLearn (a KeyError), before anything is drawn.
    params = {} if names is None else {key: data["params"][key] for key in names.split(",")}
    listed = "".join(f"<li><code>{html.escape(k)}</code> = <code>{html.escape(_param_text(v))}</code></li>" for k, v in params.items())
    given = f"<p>With the params:</p><ul class=\"mb-0\">{listed}</ul>" if listed else "<p>With no params.</p>"
    return (
        f'<div class="pl-prairiedraw-figure" role="img" aria-label="PrairieDraw figure drawn by {html.escape(script_name)}" '
        f'data-script-name="{html.escape(script_name)}" style="width: {width}px; min-height: {height}px;">'
        f"<p>PrairieLearn draws this figure by running <code>{html.escape(script_name)}</code> with PrairieDraw, its legacy "
        "canvas library (<code>pl-prairiedraw-figure</code> is deprecated). The preview does not include PrairieDraw, "
        f"so the figure is not drawn here.</p>{given}</div>"
    )
