"""pl-file-download: a download link to a static course file or to a file that server.py file() makes."""

import html
import os
import urllib.parse

import lxml.html
import prairielearn as pl

DIRECTORIES = {"clientFilesQuestion": ("client_files_question_path", "client_files_question_url"),
               "clientFilesCourse": ("client_files_course_path", "client_files_course_url")}


def _kind(element):
    kind = pl.get_string_attrib(element, "type", "static")
    if kind not in ("static", "dynamic"):
        raise ValueError(f'Invalid type "{kind}": use "static" or "dynamic"')
    return kind


def _directory(element):
    directory = pl.get_string_attrib(element, "directory", "clientFilesQuestion")
    if directory not in DIRECTORIES:
        raise ValueError(f'Invalid directory choice "{directory}", must be one of: "clientFilesQuestion", "clientFilesCourse".')
    return directory


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["file-name"], ["type", "directory", "label", "force-download"])
    if _kind(element) == "static":
        directory = _directory(element)
        file_name = pl.get_string_attrib(element, "file-name")
        base = data["options"].get(DIRECTORIES[directory][0])
        if base is not None and not os.path.isfile(os.path.join(base, file_name)):
            raise ValueError(f'File "{file_name}" not found in directory "{directory}".')


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    if _kind(element) == "dynamic":
        if pl.has_attrib(element, "directory"):
            raise ValueError('Attribute "directory" cannot be used with type="dynamic".')
        base_url = data["options"]["client_files_question_dynamic_url"]
    else:
        base_url = data["options"][DIRECTORIES[_directory(element)][1]]
    href = base_url + "/" + urllib.parse.quote(file_name)
    label = pl.get_string_attrib(element, "label", html.escape(file_name))
    if pl.get_boolean_attrib(element, "force-download", True):
        return f'<a href="{html.escape(href)}" download="{html.escape(file_name)}" class="pl-file-download">{label}</a>'
    return f'<a href="{html.escape(href)}" target="_blank" rel="noopener" class="pl-file-download">{label}</a>'
