"""pl-rich-text-editor: a Quill editor whose HTML is submitted as a file in submitted_answers["_files"].

The page script (pl-rich-text-editor.js) keeps the hidden field `_rich_text_editor_<sha1 of file-name>` as
base64 of the cleaned HTML; parse moves it into `_files` with the mimetype text/html, as PrairieLearn does."""

import base64
import binascii
import hashlib
import html
import json
import os
import re
from enum import Enum

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import source_directory

OPTIONAL = ["file-name", "quill-theme", "source-file-name", "directory", "placeholder", "allow-blank", "format",
            "markdown-shortcuts", "counter", "clipboard-enabled", "min-word-count", "max-word-count"]
FILE_NAME_DEFAULT = "answer.html"


class Counter(Enum):
    NONE = "none"
    CHARACTER = "character"
    WORD = "word"


class Format(Enum):
    HTML = "html"
    MARKDOWN = "markdown"


def answer_name(file_name):
    return "_rich_text_editor_" + hashlib.sha1(file_name.encode("utf-8")).hexdigest()


def _inner_html(element):
    # Children serialized to ASCII bytes as PrairieLearn does (so a no-break space is `&#160;`), the
    # element's own leading text as it is.
    return (element.text or "") + "".join(lxml.html.tostring(c).decode("utf-8") for c in element.iterchildren())


def word_count(contents_b64):
    """Words of the stored HTML, counted as PrairieLearn's parse and page count them: tags and no-break
    spaces become spaces, then the text splits on ASCII whitespace. Raises on bad base64 or UTF-8."""
    if not contents_b64:
        return 0
    text = base64.b64decode(contents_b64, validate=True).decode("utf-8")
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"&nbsp;|&#160;|&#xA0;|\u00A0", " ", text)
    return len([t for t in re.split(r"\s+", text.strip(), flags=re.ASCII) if t])


def _bounds(element):
    return (pl.get_integer_attrib(element, "min-word-count", None), pl.get_integer_attrib(element, "max-word-count", None))


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, [], OPTIONAL)
    file_name = pl.get_string_attrib(element, "file-name", FILE_NAME_DEFAULT)
    required = data["params"].setdefault("_required_file_names", [])
    if file_name in required:
        if not pl.has_attrib(element, "file-name"):
            raise RuntimeError("There is more than one rich-text editor. File names must be provided and unique.")
        raise RuntimeError("There is more than one file editor with the same file name.")
    required.append(file_name)
    text = _inner_html(element)
    if pl.has_attrib(element, "source-file-name") and text and not text.isspace():
        raise ValueError('Existing text cannot be added inside rich-text element when "source-file-name" attribute is used.')
    low, high = _bounds(element)
    if low is not None and low < 0:
        raise ValueError('Attribute "min-word-count" must be larger than or equal to 0.')
    if high is not None and high <= 0:
        raise ValueError('Attribute "max-word-count" must be larger than 0.')
    if low is not None and high is not None and low > high:
        raise ValueError(f"Invalid bounds: min-word-count ({low}) cannot exceed max-word-count ({high}).")
    if (low is not None or high is not None) and pl.get_enum_attrib(element, "counter", Counter, Counter.WORD) != Counter.WORD:
        raise ValueError('When "min-word-count" or "max-word-count" is set, "counter" must be set to "word".')
    if low is not None and low > 0 and pl.get_boolean_attrib(element, "allow-blank", False):
        raise ValueError('Attribute "allow-blank" cannot be true when "min-word-count" is greater than 0.')


def _initial_contents(element, data):
    """Base64 of the text the editor starts with: the element's own HTML or the source file, stripped."""
    source = pl.get_string_attrib(element, "source-file-name", None)
    if source is None:
        text = _inner_html(element)
    else:
        base = source_directory(data, pl.get_string_attrib(element, "directory", "."))
        with open(os.path.join(base, source), encoding="utf-8") as f:
            text = f.read()
    return base64.b64encode(text.encode("utf-8").strip()).decode("ascii")


def _requirements_text(low, high):
    if low is not None and high is not None:
        return f"Required {low}\u2013{high} words"
    if low is not None:
        return f"Minimum {low} words"
    if high is not None:
        return f"Maximum {high} words"
    return None


def render(element_html, data):
    if data["panel"] == "answer":
        return ""
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name", FILE_NAME_DEFAULT)
    submitted = next((f for f in data["submitted_answers"].get("_files", []) or []
                      if isinstance(f, dict) and f.get("name") == file_name), None)
    if data.get("ai_grading"):
        if data["panel"] != "submission" or not submitted:
            return f'<div data-file-name="{html.escape(file_name)}"></div>'
    low, high = _bounds(element)
    counter = "word" if low is not None or high is not None else pl.get_enum_attrib(element, "counter", Counter, Counter.NONE).value
    fmt = pl.get_enum_attrib(element, "format", Format, Format.HTML).value
    if submitted is not None:
        contents = str(submitted.get("contents") or "")
        if submitted.get("mimetype"):  # newer submissions are HTML whatever the element's format
            fmt = "html" if submitted.get("mimetype") == "text/html" else "markdown"
    else:
        contents = _initial_contents(element, data)
    question = data["panel"] == "question"
    clipboard = pl.get_boolean_attrib(element, "clipboard-enabled", True)
    options = {
        "readOnly": not question or not data["editable"],
        "placeholder": pl.get_string_attrib(element, "placeholder", "Your answer here"),
        "format": fmt,
        "markdownShortcuts": pl.get_boolean_attrib(element, "markdown-shortcuts", True),
        "counter": counter,
        "clipboard": clipboard,
        "theme": pl.get_string_attrib(element, "quill-theme", "snow") or None,
    }
    uuid = pl.get_uuid()
    # The contents travel as base64 in an attribute: never markup until the page script has cleaned them.
    field = (f'<input type="hidden" name="{answer_name(file_name)}" value="{html.escape(contents)}">' if question
             else f'<input type="hidden" value="{html.escape(contents)}">')
    footer = ""
    if counter != "none":
        needs = _requirements_text(low, high)
        footer = ('<div class="pl-rich-text-editor-footer"><span class="pl-rte-invalid text-danger small" hidden></span>'
                  f'<span class="pl-rte-counter text-muted"></span>'
                  f'{f" <span class=small>({html.escape(needs)})</span>" if needs else ""}</div>')
    clip_note = ("" if clipboard else '<div class="pl-rte-clipboard-note alert alert-warning" role="alert" hidden>'
                 "Clipboard operations (cut, copy, paste) are not available for this question.</div>")
    return (f'<div id="rte-{uuid}" class="pl-rich-text-editor" data-restore-hidden="true" data-file-name="{html.escape(file_name)}" '
            f'data-options="{html.escape(json.dumps(options))}" data-min-word-count="{low or 0}" data-max-word-count="{high or 0}">'
            f'{field}{clip_note}<div class="pl-rte-editor"></div>{footer}</div>')


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name", FILE_NAME_DEFAULT)
    name = answer_name(file_name)
    contents = data["submitted_answers"].get(name, "") or ""
    if not isinstance(contents, str):
        contents = ""
    if not contents and not pl.get_boolean_attrib(element, "allow-blank", False):
        pl.add_files_format_error(data, f"No submitted answer for {file_name}")
        return
    try:
        words = word_count(contents)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        pl.add_files_format_error(data, f"Failed to decode submission for {file_name}. The file may be corrupted or invalid.")
        return
    data["submitted_answers"].pop(name, None)
    # The mimetype tells these (HTML) submissions from the Markdown of PrairieLearn's older editor.
    pl.add_submitted_file(data, file_name, contents, mimetype="text/html")
    low, high = _bounds(element)
    if contents and low is not None and words < low:
        pl.add_files_format_error(data, f"{file_name} is too short: {words} words (minimum {low}).")
    elif contents and high is not None and words > high:
        pl.add_files_format_error(data, f"{file_name} is too long: {words} words (maximum {high}).")


def test(element_html, data):
    # The contents PrairieLearn's test() writes (elements/pl-rich-text-editor, 88fb855): enough words for the bounds.
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name", FILE_NAME_DEFAULT)
    name = answer_name(file_name)
    low, high = _bounds(element)

    def encoded(label):
        target = max(low or 0, 2)
        if high is not None:
            target = min(target, high)
        words = (["Test", label] + [f"word{i}" for i in range(target)])[:target]
        return base64.b64encode(f"<p>{' '.join(words)}</p>".encode("utf-8")).decode("ascii")

    kind = data["test_type"]
    if kind in ("correct", "incorrect"):
        data["raw_submitted_answers"][name] = encoded(kind)
    elif pl.get_boolean_attrib(element, "allow-blank", False):
        data["raw_submitted_answers"][name] = encoded("blank-allowed")  # nothing is invalid then
    else:
        data["raw_submitted_answers"][name] = ""
        pl.add_files_format_error(data, f"No submitted answer for {file_name}")
