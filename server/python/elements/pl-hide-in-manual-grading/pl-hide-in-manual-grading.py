"""pl-hide-in-manual-grading: content hidden in the manual-grading view and shown everywhere else."""

import lxml.html
import prairielearn as pl


def prepare(element_html, data):
    pl.check_attribs(lxml.html.fragment_fromstring(element_html), [], [])


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    return "" if data["manual_grading"] else pl.inner_html(element)
