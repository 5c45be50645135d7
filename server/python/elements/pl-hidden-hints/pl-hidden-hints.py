"""pl-hidden-hints: pl-hint children revealed one by one as the student makes graded submissions."""

import html
import math

import lxml.html
import prairielearn as pl


def _hints(element):
    hints = []
    for position, child in enumerate(element):
        if not isinstance(child.tag, str):
            continue  # comments and processing instructions are allowed
        if child.tag != "pl-hint":
            raise ValueError(f"Tags inside of pl-hidden-hints must be pl-hint, not '{child.tag}'.")
        pl.check_attribs(child, [], ["show-after-submission", "hint-name"])
        hints.append((pl.get_integer_attrib(child, "show-after-submission", -1), position, child))
    hints.sort(key=lambda hint: (hint[0], hint[1]))
    return hints


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, [], [])
    submissions = data.get("num_valid_submissions") or 0
    solved = math.isclose(data.get("score") or 0, 1.0)
    items = []
    for number, (after, _, hint) in enumerate(_hints(element), start=1):
        if after > submissions:
            continue
        title = pl.get_string_attrib(hint, "hint-name", f"Hint #{number}")
        expanded = after == submissions and not solved
        items.append(f'<details class="card mb-1 pl-hint"{" open" if expanded else ""}>'
                     f'<summary class="card-header">{html.escape(title)}</summary>'
                     f'<div class="card-body">{pl.inner_html(hint)}</div></details>')
    return f'<div class="pl-hidden-hints">{"".join(items)}</div>' if items else ""
