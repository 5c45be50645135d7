"""pl-template: a mustache template file rendered with params, preferences, a uuid and pl-variable children."""

import os
import warnings

import chevron
import lxml.etree
import lxml.html
import prairielearn as pl

DIRECTORIES = {"question": "question_path", "clientFilesQuestion": "client_files_question_path",
               "clientFilesCourse": "client_files_course_path", "serverFilesCourse": "server_files_course_path",
               "courseExtensions": "course_extensions_path"}
# Display elements that work inside a template; anything else (and <markdown>, expanded before elements
# run) is reported as a warning on stderr, which the runtime turns into a console-output issue.
DISPLAY_TAGS = {"pl-template", "pl-variable", "pl-code", "pl-card", "pl-figure", "pl-file-download", "pl-matrix-latex"}


def _read(element, data):
    directory = pl.get_string_attrib(element, "directory", "serverFilesCourse")
    if directory not in DIRECTORIES:
        raise ValueError(f"Invalid directory choice: {directory}")
    path = os.path.join(data["options"][DIRECTORIES[directory]], pl.get_string_attrib(element, "file-name"))
    with open(path, encoding="utf-8") as f:
        return f.read()


def _warn_about_tags(output):
    parts = lxml.html.fragments_fromstring(output) if output.strip() else []
    for part in parts:
        if isinstance(part, str):
            continue
        for node in part.iter():
            if not isinstance(node.tag, str):
                continue
            if (node.tag.startswith("pl-") and node.tag not in DISPLAY_TAGS) or node.tag == "markdown":
                warnings.warn(f'Element "{node.tag}" may not work correctly when used inside of "pl-template" element.',
                              stacklevel=2)


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["file-name"], ["directory", "log-variable-warnings", "log-tag-warnings"])
    context = {"params": data["params"], "preferences": data.get("preferences", {}), "uuid": pl.get_uuid()}
    for child in element:
        if child.tag is lxml.etree.Comment:
            continue
        if child.tag != "pl-variable":
            raise ValueError(f'Tags inside of pl-template must be pl-variable, not "{child.tag}".')
        pl.check_attribs(child, ["name"], ["file-name", "directory", "trim-whitespace"])
        name = pl.get_string_attrib(child, "name")
        if name in context:
            raise ValueError(f'Duplicate pl-template variable name: "{name}"')
        inner = pl.inner_html(child)
        if pl.has_attrib(child, "file-name"):
            if inner:
                raise ValueError(f'pl-variable "{name}" must have at most one of file-name or its inner html defined')
            inner = _read(child, data)
        if pl.get_boolean_attrib(child, "trim-whitespace", True):
            inner = inner.strip()
        context[name] = inner
    output = chevron.render(_read(element, data), context,
                            warn=pl.get_boolean_attrib(element, "log-variable-warnings", False))
    if pl.get_boolean_attrib(element, "log-tag-warnings", True):
        _warn_about_tags(output)
    return output
