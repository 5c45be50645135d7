"""Stand-in for the `ansi2html` package (Debian has none) so PrairieLearn's pl-external-grader-results
imports in the comparison tool. Only its question-independent conversion of grader output is affected:
text is escaped and ANSI colour codes are dropped (the tool compares no submission panel)."""

import html
import re

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Ansi2HTMLConverter:
    def __init__(self, inline=False, scheme="ansi2html", **_options):
        self.inline = inline
        self.scheme = scheme

    def convert(self, text, full=True):
        return html.escape(_ANSI.sub("", text))
