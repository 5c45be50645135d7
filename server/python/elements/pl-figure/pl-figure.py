"""<pl-figure file-name="..." [type="dynamic"]>: an image from clientFiles*, or one made by server.py file()."""

import html
import os
import urllib.parse

import prairielearn as pl
from prairielearn.element_ui import parse_element

DIRECTORIES = {
    "clientFilesQuestion": ("client_files_question_path", "client_files_question_url"),
    "clientFilesCourse": ("client_files_course_path", "client_files_course_url"),
}


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, required_attribs=["file-name"], optional_attribs=["width", "type", "directory", "inline", "display", "alt"])
    if pl.has_attrib(element, "inline") and pl.has_attrib(element, "display"):
        raise ValueError('Cannot set both "inline" and "display" attributes; "inline" is deprecated, use display="inline".')
    if pl.get_string_attrib(element, "type", "static") == "dynamic":
        return
    name = pl.get_string_attrib(element, "file-name")
    directory = pl.get_string_attrib(element, "directory", "clientFilesQuestion")
    if directory not in DIRECTORIES:
        raise ValueError(f'Invalid directory choice "{directory}", must be one of: clientFilesQuestion, clientFilesCourse')
    base = data["options"].get(DIRECTORIES[directory][0])
    if base is not None and not os.path.isfile(os.path.join(base, name)):
        raise FileNotFoundError(f'File "{name}" not found in directory "{directory}".')


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "file-name")
    kind = pl.get_string_attrib(element, "type", "static")
    if kind not in ("static", "dynamic"):
        raise ValueError(f'Invalid type "{kind}", must be "static" or "dynamic"')
    if kind == "dynamic":
        if pl.has_attrib(element, "directory"):
            raise ValueError('Attribute "directory" is not allowed with type="dynamic".')
        base = data["options"]["client_files_question_dynamic_url"]
    else:
        directory = pl.get_string_attrib(element, "directory", "clientFilesQuestion")
        if directory not in DIRECTORIES:
            raise ValueError(f'Invalid directory choice "{directory}", must be one of: clientFilesQuestion, clientFilesCourse')
        base = data["options"][DIRECTORIES[directory][1]]
    src = f"{base}/{urllib.parse.quote(name)}"
    inline = pl.get_boolean_attrib(element, "inline", False)
    display = pl.get_string_attrib(element, "display", "inline" if inline else "block")
    width = pl.get_string_attrib(element, "width", None)
    alt = pl.get_string_attrib(element, "alt", "")
    style = f' style="width: {html.escape(width)}; max-width: 100%;"' if width else ' style="max-width: 100%;"'
    img = f'<img src="{html.escape(src)}" alt="{html.escape(alt)}" class="pl-figure-img img-fluid"{style}>'
    if display == "inline":
        return f'<span class="pl-figure d-inline-block">{img}</span>'
    return f'<div class="pl-figure d-block text-center my-2">{img}</div>'
