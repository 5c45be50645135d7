"""ANSI colour codes (terminal output) as HTML spans, for pl-code's `ansi-color` language and
pl-external-grader-results. Not part of upstream's public API.

Upstream highlights `ansi-color` with the pygments-ansi-color lexer, which PrairieLearn's image
ships but a plain Debian Python does not; this covers the SGR codes such output uses (colours,
bright colours, bold, reset) and drops the others.
"""

import html
import re

__all__ = ["ansi_to_html"]

ANSI = re.compile(r"\x1b\[([0-9;]*)m")
COLORS = {"30": "black", "31": "#c00", "32": "#070", "33": "#a60", "34": "#00c", "35": "#a0a", "36": "#088", "37": "#888",
          "90": "#676767", "91": "#ff6d67", "92": "#5ff967", "93": "#fefb67", "94": "#6871ff", "95": "#ff76ff",
          "96": "#5ffdff", "97": "#feffff"}


def _open(codes: list[str]) -> str:
    return "".join('<span class="fw-bold">' if c == "1" else f'<span style="color: {COLORS[c]}">' for c in codes)


def ansi_to_html(text: str) -> str:
    """Escapes `text` and turns ANSI colour codes into spans. Spans are closed before each newline
    and reopened after it, so every line of the result is balanced HTML on its own."""
    out: list[str] = []
    active: list[str] = []
    position = 0

    def emit(chunk: str) -> None:
        lines = html.escape(chunk).split("\n")
        out.append(lines[0])
        for line in lines[1:]:
            out.append("</span>" * len(active) + "\n" + _open(active) + line)

    for match in ANSI.finditer(text):
        emit(text[position:match.start()])
        position = match.end()
        for code in match.group(1).split(";"):
            if code in ("", "0"):
                out.append("</span>" * len(active))
                active = []
            elif code == "1" or code in COLORS:
                out.append(_open([code]))
                active.append(code)
    emit(text[position:])
    out.append("</span>" * len(active))
    return "".join(out)
