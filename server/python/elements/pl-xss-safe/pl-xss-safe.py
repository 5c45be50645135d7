"""<pl-xss-safe>: HTML (or Markdown) that a student wrote, from a submitted file or an attribute, or from a
file of the question, shown by the page script after it keeps only harmless markup (no script runs)."""

import base64
import html
import os

import prairielearn as pl
from prairielearn.element_ui import parse_element

SOURCES = ("source-file-name", "submitted-file-name", "contents")


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, [], [*SOURCES, "language"])
    if sum(pl.has_attrib(element, a) for a in SOURCES) > 1:
        raise ValueError('Only one of the attributes "source-file-name", "submitted-file-name" and "contents" can be used.')
    if pl.get_string_attrib(element, "language", "html") not in ("html", "markdown"):
        raise ValueError('Attribute "language" must be either "html" or "markdown".')


def _contents(element, data):
    source = pl.get_string_attrib(element, "source-file-name", None)
    submitted = pl.get_string_attrib(element, "submitted-file-name", None)
    if source is not None:
        path = os.path.join(data["options"]["question_path"], source)
        if not os.path.exists(path):
            raise RuntimeError(f'Unknown file path: "{path}".')
        with open(path, encoding="utf-8") as f:
            return f.read()
    if submitted is not None:
        files = data.get("submitted_answers", {}).get("_files", {})
        match = [f for f in files if f.get("name", "") == submitted]
        if match and "contents" in match[0]:
            return str(base64.b64decode(match[0]["contents"]), "utf-8")
        return None
    return pl.get_string_attrib(element, "contents", None)


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    contents = _contents(element, data)
    if contents is None:
        return ""
    language = pl.get_string_attrib(element, "language", "html")
    # The text travels in an attribute: escaped here, it is never markup until the page script cleans it.
    return (f'<div id="xss-{pl.get_uuid()}" class="pl-xss-safe" data-code="{html.escape(contents.rstrip())}" '
            f'data-language="{html.escape(language)}"></div>')
