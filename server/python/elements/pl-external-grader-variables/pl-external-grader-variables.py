"""pl-external-grader-variables: the variables an external grader gives to (names_for_user) or
reads from (names_from_user) the student's code, declared by <pl-variable> children or by server.py
in data["params"][params-name], and shown as a table."""

import html

import lxml.etree
import lxml.html
import prairielearn as pl


def _declared(element):
    variables = []
    for child in element:
        if isinstance(child, lxml.etree._Comment):
            continue
        if child.tag != "pl-variable":
            raise ValueError(f'Tags inside of pl-external-grader-variables must be pl-variable, not "{child.tag}".')
        pl.check_attribs(child, ["name", "type"], [])
        variables.append({"name": pl.get_string_attrib(child, "name"), "type": pl.get_string_attrib(child, "type"),
                          "description": pl.inner_html(child)})
    return variables


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["params-name"], ["empty"])
    key = pl.get_string_attrib(element, "params-name")
    variables = _declared(element)
    if pl.get_boolean_attrib(element, "empty", False):
        if variables:
            raise ValueError(f'Variable name "{key}" was declared empty, but has variables defined in "question.html".')
        if key in data["params"]:
            raise ValueError(f'Variable name "{key}" was declared empty, but has variables defined in "server.py".')
        data["params"][key] = []
    elif key not in data["params"]:
        if not variables:
            raise ValueError(f'Variable name "{key}" has no variables defined in "question.html" or "server.py". '
                             "Did you mean to set it to be empty?")
        data["params"][key] = variables
    elif variables:
        raise ValueError(f'Cannot define variables from both "question.html" and "server.py" for variable name "{key}".')


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    variables = data["params"][pl.get_string_attrib(element, "params-name")]
    if not variables:
        return ""
    described = any(v.get("description") for v in variables)
    head = "<th>Name</th><th>Type</th>" + ("<th>Description</th>" if described else "")
    rows = "".join(
        f'<tr><td><code>{html.escape(str(v.get("name", "")))}</code></td><td>{html.escape(str(v.get("type", "")))}</td>'
        + (f'<td>{v.get("description") or ""}</td>' if described else "") + "</tr>"
        for v in variables
    )
    return (f'<div class="card mb-3"><table class="table table-sm table-hover"><thead class="table-light"><tr>{head}</tr>'
            f"</thead><tbody>{rows}</tbody></table></div>")
