"""pl-file-editor: a code editor whose text is submitted as a file in submitted_answers["_files"]."""

import base64
import hashlib
import html
import os

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import source_directory

OPTIONAL = ["ace-mode", "ace-theme", "font-size", "source-file-name", "min-lines", "max-lines", "auto-resize",
            "preview", "focus", "directory", "normalize-to-ascii", "allow-blank"]


def _field(file_name):
    return "_file_editor_" + hashlib.sha1(file_name.encode("utf-8")).hexdigest()


def _initial_text(element, data):
    source = pl.get_string_attrib(element, "source-file-name", None)
    if source is None:
        return element.text or ""  # a textarea drops one leading newline itself, as HTML specifies
    base = source_directory(data, pl.get_string_attrib(element, "directory", "."))
    with open(os.path.join(base, source), encoding="utf-8") as f:
        return f.read()


def _submitted_text(data, file_name):
    for entry in data.get("submitted_answers", {}).get("_files", []) or []:
        if isinstance(entry, dict) and entry.get("name") == file_name:
            return base64.b64decode(entry.get("contents", "")).decode("utf-8", errors="replace")
    return None


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["file-name"], OPTIONAL)
    file_name = pl.get_string_attrib(element, "file-name")
    if (element.text or "").strip() and pl.has_attrib(element, "source-file-name"):
        raise ValueError('Existing code cannot be added inside html element when "source-file-name" attribute is used.')
    required = data["params"].setdefault("_required_file_names", [])
    if file_name in required:
        raise ValueError("There is more than one file editor with the same file name.")
    required.append(file_name)


def _ace_mode_url(ace_mode, data):
    """The URL of a course's own Ace mode for `ace_mode` (ace/mode/<name>): the file ace/mode/mode-<name>.js
    in clientFilesQuestion, else in clientFilesCourse, as PrairieLearn looks it up; None when neither has it
    (Ace's own modes)."""
    if not ace_mode:
        return None
    file_name = ace_mode.replace("ace/mode/", "ace/mode/mode-") + ".js"
    options = data.get("options", {})
    for area in ("client_files_question", "client_files_course"):
        folder, url = options.get(f"{area}_path"), options.get(f"{area}_url")
        if folder and url and os.path.isfile(os.path.join(folder, file_name)):
            return f"{url.rstrip('/')}/{file_name}"
    return None


def render(element_html, data):
    if data["panel"] != "question":
        return ""
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    text = _submitted_text(data, file_name)
    if text is None:
        text = _initial_text(element, data)
    min_lines = pl.get_integer_attrib(element, "min-lines", None) or 18
    errors = [e for e in data["format_errors"].get("_files", []) if file_name in str(e) or "UTF-8" in str(e)]
    error_html = "".join(f'<div class="invalid-feedback d-block">{html.escape(str(e))}</div>' for e in errors)
    disabled = "" if data["editable"] else " readonly"
    field = _field(file_name)
    # Ace settings for the page script; data-restore-hidden lets the preview put typed text back.
    ace_mode = pl.get_string_attrib(element, "ace-mode", "")
    settings = {
        "ace-mode": ace_mode,
        "ace-mode-url": _ace_mode_url(ace_mode, data) or "",
        "ace-theme": pl.get_string_attrib(element, "ace-theme", ""),
        "font-size": pl.get_string_attrib(element, "font-size", ""),
        "min-lines": str(min_lines),
        "max-lines": str(pl.get_integer_attrib(element, "max-lines", None) or ""),
        "auto-resize": str(pl.get_boolean_attrib(element, "auto-resize", True)).lower(),
        "focus": str(pl.get_boolean_attrib(element, "focus", False)).lower(),
    }
    data_attrs = "".join(f' data-{key}="{html.escape(value)}"' for key, value in settings.items())
    return (f'<div class="pl-file-editor card mb-2"{data_attrs} data-restore-hidden="true">'
            f'<div class="card-header"><code>{html.escape(file_name)}</code></div>'
            f'<textarea class="form-control font-monospace border-0" rows="{min_lines}" spellcheck="false" '
            f'aria-label="Contents of {html.escape(file_name)}" data-target="{field}"{disabled}>{html.escape(text)}</textarea>'
            f'<input type="hidden" name="{field}">{error_html}</div>')


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    field = _field(file_name)
    encoded = data["submitted_answers"].get(field) or ""
    if not encoded and not pl.get_boolean_attrib(element, "allow-blank", False):
        pl.add_files_format_error(data, f"No submitted answer for {file_name}")
        return
    data["submitted_answers"].pop(field, None)
    if pl.get_boolean_attrib(element, "normalize-to-ascii", False):
        try:
            text = base64.b64decode(encoded).decode("utf-8")
            encoded = base64.b64encode(pl.full_unidecode(text).encode("utf-8")).decode("ascii")
        except (UnicodeError, ValueError):
            pl.add_files_format_error(data, "Submitted answer is not a valid UTF-8 string.")
    pl.add_submitted_file(data, file_name, encoded)


def test(element_html, data):
    # The contents PrairieLearn's test() writes (elements/pl-file-editor, 88fb855), so the same answers are graded.
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    kind = data["test_type"]
    if kind in ("correct", "incorrect"):
        text = f"// Test {kind}"
    elif pl.get_boolean_attrib(element, "allow-blank", False):
        text = "// Test content (blank allowed, no invalid state)"  # nothing is invalid then
    else:
        data["raw_submitted_answers"][_field(file_name)] = ""
        pl.add_files_format_error(data, f"No submitted answer for {file_name}")
        return
    data["raw_submitted_answers"][_field(file_name)] = base64.b64encode(text.encode("utf-8")).decode("ascii")
