"""pl-manual-grading-only: content shown only in the manual-grading view."""

import lxml.html
import prairielearn as pl


def prepare(element_html, data):
    pl.check_attribs(lxml.html.fragment_fromstring(element_html), [], [])


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    return pl.inner_html(element) if data["manual_grading"] else ""
