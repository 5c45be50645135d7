"""<pl-code>: a code block from the inner text or a file, highlighted with Pygments when it is installed."""

import html
import os
import textwrap

import prairielearn as pl
from prairielearn.ansi_html import ansi_to_html
from prairielearn.element_ui import parse_element, source_directory

OPTIONAL = [
    "language", "no-highlight", "source-file-name", "directory", "prevent-select", "highlight-lines",
    "highlight-lines-color", "copy-code-button", "style", "style-name", "show-line-numbers", "normalize-whitespace",
]


def _inner_code(element) -> str:
    code = html.unescape(pl.inner_html(element))
    return code[1:] if code.startswith("\n") else code


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, required_attribs=[], optional_attribs=OPTIONAL)
    if pl.has_attrib(element, "source-file-name") and _inner_code(element).strip():
        raise ValueError('Existing code cannot be added inside html element when "source-file-name" attribute is used.')
    if pl.has_attrib(element, "style") and pl.has_attrib(element, "style-name"):
        raise ValueError('Cannot set both "style" and "style-name"; "style" is deprecated.')


def _read_source(element, data: dict) -> str:
    name = pl.get_string_attrib(element, "source-file-name")
    base = source_directory(data, pl.get_string_attrib(element, "directory", "."))
    path = os.path.normpath(os.path.join(base, name))
    if not os.path.isfile(path):
        raise FileNotFoundError(f'Unknown file path: "{path}".')
    with open(path, encoding="utf-8") as f:
        return f.read()


def _parse_lines(spec: str | None) -> set[int]:
    lines: set[int] = set()
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            lo, hi = part.split("-", 1)
            lines.update(range(int(lo), int(hi) + 1))
        else:
            lines.add(int(part))
    return lines


def _highlight(code: str, language: str | None, style: str) -> list[str] | None:
    """HTML per source line, or None when Pygments is missing or no language is given."""
    if not language:
        return None
    if language == "ansi-color":
        return ansi_to_html(code).split("\n")
    try:
        import pygments.formatters
        import pygments.lexers
        import pygments.util
    except ImportError:
        return None
    try:
        lexer = pygments.lexers.get_lexer_by_name(language)
    except pygments.util.ClassNotFound:
        raise KeyError(f"Unknown language: {language}") from None
    formatter = pygments.formatters.HtmlFormatter(nowrap=True, noclasses=True, style=_style(style))
    highlighted = pygments.highlight(code, lexer, formatter)
    return highlighted.split("\n")


def _style(name: str) -> str:
    try:
        import pygments.styles

        return name if name in pygments.styles.STYLE_MAP else "default"
    except ImportError:
        return "default"


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    language = pl.get_string_attrib(element, "language", None)
    if pl.get_boolean_attrib(element, "no-highlight", False):
        language = None
    code = _read_source(element, data) if pl.has_attrib(element, "source-file-name") else _inner_code(element)
    if pl.get_boolean_attrib(element, "normalize-whitespace", False):
        code = textwrap.dedent(code).strip("\n")
    if code.endswith("\n"):
        code = code[:-1]
    if data.get("ai_grading"):
        return f"<pre><code>{html.escape(code)}</code></pre>"
    style = pl.get_string_attrib(element, "style-name", pl.get_string_attrib(element, "style", "xcode"))
    lines = _highlight(code, language, style) or [html.escape(line) for line in code.split("\n")]
    lines = lines[: len(code.split("\n"))]
    marked = _parse_lines(pl.get_string_attrib(element, "highlight-lines", None))
    color = pl.get_color_attrib(element, "highlight-lines-color", "#b3d7ff")
    numbers = pl.get_boolean_attrib(element, "show-line-numbers", False)
    out = []
    for i, line in enumerate(lines, start=1):
        prefix = f'<span class="pl-code-line-number text-muted user-select-none">{i:>{len(str(len(lines)))}} </span>' if numbers else ""
        if i in marked:
            out.append(f'<span class="pl-code-highlight" style="display: block; background-color: {color};">{prefix}{line}</span>')
        else:
            out.append(f"{prefix}{line}\n")
    body = "".join(line if line.endswith("\n") or "pl-code-highlight" in line else line + "\n" for line in out).rstrip("\n")
    classes = ["pl-code", "mb-2"]
    if pl.get_boolean_attrib(element, "prevent-select", False):
        classes.append("user-select-none")
    copy = ""
    if pl.get_boolean_attrib(element, "copy-code-button", False):
        copy = f'<button type="button" class="btn btn-sm btn-light pl-code-copy float-end" data-code="{html.escape(code)}">Copy</button>'
    lang_attr = f' data-language="{html.escape(language)}"' if language else ""
    return f'<div class="{" ".join(classes)}">{copy}<pre class="p-2 border rounded bg-light"{lang_attr}><code>{body}</code></pre></div>'
