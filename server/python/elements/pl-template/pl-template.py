"""pl-template: a mustache template file rendered with params, preferences, a uuid and pl-variable children."""

import os
import re
import sys

import chevron
import lxml.html
import prairielearn as pl

DIRECTORIES = {"question": "question_path", "clientFilesQuestion": "client_files_question_path",
               "clientFilesCourse": "client_files_course_path", "serverFilesCourse": "server_files_course_path",
               "courseExtensions": "course_extensions_path"}
ALLOWED_TAGS = {"pl-template", "pl-variable", "pl-code", "pl-card", "pl-figure", "pl-file-download", "pl-matrix-latex"}
TAG = re.compile(r"<\s*(pl-[a-z0-9_-]+|markdown)\b", re.IGNORECASE)


def _read(element, data, default_directory):
    directory = pl.get_string_attrib(element, "directory", default_directory)
    if directory not in DIRECTORIES:
        raise ValueError(f"Invalid directory choice: {directory}")
    path = os.path.join(data["options"][DIRECTORIES[directory]], pl.get_string_attrib(element, "file-name"))
    with open(path, encoding="utf-8") as f:
        return f.read()


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["file-name"], ["directory", "log-variable-warnings", "log-tag-warnings"])
    context = {"params": data["params"], "preferences": data.get("preferences", {}), "uuid": pl.get_uuid()}
    seen = set()
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag != "pl-variable":
            raise ValueError(f"pl-template may contain only pl-variable elements, not <{child.tag}>")
        pl.check_attribs(child, ["name"], ["file-name", "directory", "trim-whitespace"])
        name = pl.get_string_attrib(child, "name")
        if name in seen:
            raise ValueError(f"Duplicate pl-template variable name: {name}")
        inner = pl.inner_html(child)
        if pl.has_attrib(child, "file-name"):
            if inner.strip():
                raise ValueError(f'pl-variable "{name}" cannot have both file-name and contents')
            inner = _read(child, data, "serverFilesCourse")
        if pl.get_boolean_attrib(child, "trim-whitespace", True):
            inner = inner.strip()
        context[name] = inner
        seen.add(name)
    output = chevron.render(_read(element, data, "serverFilesCourse"), context)
    if pl.get_boolean_attrib(element, "log-tag-warnings", True):
        # markdown is expanded before elements run, so a <markdown> a template emits stays unprocessed.
        for tag in sorted({t.lower() for t in TAG.findall(output)} - ALLOWED_TAGS):
            sys.stderr.write(f"Warning: pl-template output contains <{tag}>, which may not behave as expected in a template.\n")
    return output
