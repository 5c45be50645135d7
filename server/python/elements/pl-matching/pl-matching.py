"""pl-matching: match each statement to one option, chosen from a dropdown per statement."""

import random

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import score_badge

OPTIONAL = ["weight", "fixed-order", "number-statements", "number-options", "none-of-the-above", "blank",
            "allow-blank", "counter-type", "fixed-options-order", "partial-credit", "hide-score-badge",
            "options-placement"]
COUNTERS = ("lower-alpha", "upper-alpha", "decimal", "full-text")
NOTA = {"name": "__nota__", "html": "None of the above"}


def _field(name, index):
    return f"{name}-dropdown-{index}"


def _counter_type(element):
    kind = pl.get_string_attrib(element, "counter-type", "lower-alpha")
    if kind not in COUNTERS:
        raise ValueError(f'Illegal counter-type "{kind}": use "decimal", "lower-alpha", "upper-alpha" or "full-text".')
    return kind


def _counter(kind, index):
    """The label of option `index` (0-based) in the dropdowns; "" for full-text."""
    if kind == "decimal":
        return str(index + 1)
    if kind == "full-text":
        return ""
    key = pl.index2key(index)
    return key.upper() if kind == "upper-alpha" else key


def _children(element):
    """(options, statements). A statement whose match names no pl-option brings an option with that text."""
    options, statements = {}, []
    children = [c for c in element if isinstance(c.tag, str)]
    for child in children:
        if child.tag.replace("_", "-") not in ("pl-option", "pl-statement"):
            raise ValueError(f"pl-matching may contain only pl-statement and pl-option, not <{child.tag}>")
    # Options first, so a statement's match finds an authored option wherever it stands.
    for child in [c for c in children if c.tag.replace("_", "-") == "pl-option"]:
        pl.check_attribs(child, [], ["name"])
        inner = pl.inner_html(child)
        name = pl.get_string_attrib(child, "name", inner)
        options[name] = {"name": name, "html": inner}
    for child in [c for c in children if c.tag.replace("_", "-") == "pl-statement"]:
        pl.check_attribs(child, ["match"], ["aria-label"])
        match = pl.get_string_attrib(child, "match")
        options.setdefault(match, {"name": match, "html": match})
        statements.append({"match": match, "html": pl.inner_html(child)})
    return list(options.values()), statements


def _sample_in_order(items, count, keep_order):
    chosen = random.sample(range(len(items)), count)
    return [items[i] for i in (sorted(chosen) if keep_order else chosen)]


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["answers-name"], OPTIONAL)
    if pl.get_boolean_attrib(element, "allow-blank", False) and not pl.get_boolean_attrib(element, "blank", True):
        raise ValueError('The attribute "allow-blank" cannot be enabled when blank dropdown entries are disabled by the "blank" attribute.')
    name = pl.get_string_attrib(element, "answers-name")
    pl.check_answers_names(data, name)
    _counter_type(element)
    options, statements = _children(element)
    if not statements:
        raise ValueError("pl-matching needs at least one pl-statement")
    fixed_statements = pl.get_boolean_attrib(element, "fixed-order", False)
    fixed_options = pl.get_boolean_attrib(element, "fixed-options-order", False)
    n_statements = pl.get_integer_attrib(element, "number-statements", len(statements))
    n_options = pl.get_integer_attrib(element, "number-options", len(options))
    nota = pl.get_boolean_attrib(element, "none-of-the-above", False)

    # The draws are PrairieLearn's (elements/pl-matching at commit 88fb855), so a seed gives the same variant.
    if n_statements < len(statements):
        statements = _sample_in_order(statements, n_statements, fixed_statements)
    elif not fixed_statements:
        random.shuffle(statements)
    matched = {s["match"] for s in statements}
    needed = [o for o in options if o["name"] in matched]
    spare = [o for o in options if o["name"] not in matched]
    if len(needed) < n_options:
        extra = n_options - len(needed)
        if extra >= len(spare):
            shown = list(options)
            nota = nota or extra > len(spare)  # even every option is too few: none-of-the-above fills the gap
        else:
            keep = matched | {o["name"] for o in random.sample(spare, extra)}
            shown = [o for o in options if o["name"] in keep]
        if not fixed_options:
            random.shuffle(shown)
    elif len(needed) > n_options:
        # Too few slots for every match: some statements will match "None of the above".
        shown = _sample_in_order(needed, n_options, fixed_options)
        nota = True
    else:
        shown = needed
        if not fixed_options:
            random.shuffle(shown)
    if nota:
        shown.append(dict(NOTA))
    names = [o["name"] for o in shown]
    correct = [names.index(s["match"]) if s["match"] in names else len(shown) - 1 for s in statements]
    data["params"][name] = [
        [{"key": str(i), "html": s["html"], "match": s["match"]} for i, s in enumerate(statements)],
        [{"key": o["name"], "html": o["html"]} for o in shown],
    ]
    data["correct_answers"][name] = correct


def _score(element, chosen, correct):
    right = sum(1 for c, t in zip(chosen, correct) if c == t)
    if pl.get_boolean_attrib(element, "partial-credit", True):
        return right / len(correct)
    return 1.0 if right == len(correct) else 0.0


def _choice(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    statements, options = data["params"][name]
    allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
    for i in range(len(statements)):
        field = _field(name, i)
        if field not in data["submitted_answers"]:
            data["format_errors"][field] = "No answer was submitted."
            continue
        value = _choice(data["submitted_answers"][field])
        if value is None:
            data["format_errors"][field] = "The submitted answer is not a legal option."
        elif value == -1 and not allow_blank:
            data["format_errors"][field] = "The submitted answer was left blank."
        elif not -1 <= value < len(options):
            data["format_errors"][field] = "The submitted answer is invalid."


def grade(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    correct = data["correct_answers"].get(name)
    if correct is None:
        return
    chosen = [_choice(data["submitted_answers"].get(_field(name, i), -1)) for i in range(len(correct))]
    data["partial_scores"][name] = {"score": _score(element, chosen, correct),
                                    "weight": pl.get_integer_attrib(element, "weight", 1)}


def test(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    correct = data["correct_answers"][name]
    n_options = len(data["params"][name][1])
    weight = pl.get_integer_attrib(element, "weight", 1)
    if data["test_type"] == "invalid":
        # Nothing submitted, as a browser sends nothing for an untouched dropdown (PrairieLearn's invalid answer).
        for i in range(len(correct)):
            data["format_errors"][_field(name, i)] = "No answer was submitted."
        data["partial_scores"][name] = {"score": 0, "weight": weight}
        return
    chosen = correct if data["test_type"] == "correct" else [(c + 1) % n_options for c in correct]
    for i, value in enumerate(chosen):
        data["raw_submitted_answers"][_field(name, i)] = value
    data["partial_scores"][name] = {"score": _score(element, chosen, correct), "weight": weight}


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    statements, options = data["params"][name]
    correct = data["correct_answers"].get(name, [])
    panel = data["panel"]
    kind = _counter_type(element)
    hide_marks = pl.get_boolean_attrib(element, "hide-score-badge", False)
    score = data["partial_scores"].get(name, {}).get("score")
    badge = score_badge(score) if score is not None and not hide_marks else ""

    def label(index):
        if index == -1:
            return "[blank]"
        counter = _counter(kind, index)
        return f"{counter}. {options[index]['html']}" if counter else options[index]["html"]

    rows = []
    for i, statement in enumerate(statements):
        field = _field(name, i)
        error = data["format_errors"].get(field)
        if panel == "question":
            chosen = _choice(data["raw_submitted_answers"].get(field, -1))
            # With nothing chosen the blank entry is the selected one, as in PrairieLearn's page.
            unchosen = " selected" if chosen == -1 else ""
            blank = f'<option value="-1"{unchosen}> </option>' if pl.get_boolean_attrib(element, "blank", True) else ""
            choices = "".join(f'<option value="{j}"{" selected" if chosen == j else ""}>{_counter(kind, j) or o["html"]}</option>'
                              for j, o in enumerate(options))
            disabled = "" if data["editable"] else " disabled"
            control = (f'<select class="form-select form-select-sm w-auto d-inline-block" name="{field}" '
                       f'aria-label="Match for statement {i + 1}"{disabled}>{blank}{choices}</select>')
        elif panel == "submission":
            chosen = _choice(data["submitted_answers"].get(field, -1))
            shown = label(chosen) if chosen is not None and -1 <= chosen < len(options) else "—"
            mark = ""
            if score is not None and not hide_marks and error is None and i < len(correct):
                mark = ' <i class="bi bi-check2 text-success"></i>' if chosen == correct[i] else ' <i class="bi bi-x-lg text-danger"></i>'
            control = f"<b>{shown}</b>{mark}"
        else:
            if i >= len(correct):
                return ""
            control = f"<b>{label(correct[i])}</b>"
        error_html = f'<div class="invalid-feedback d-block">{error}</div>' if error else ""
        rows.append(f'<li class="list-group-item">{statement["html"]} {control}{error_html}</li>')
    layout = "col-md-6" if pl.get_string_attrib(element, "options-placement", "right") == "right" else "col-12"
    options_html = ""
    if kind != "full-text" and panel == "question":
        items = "".join(f'<li class="list-group-item"><b>{_counter(kind, j)}.</b> {o["html"]}</li>' for j, o in enumerate(options))
        options_html = f'<div class="{layout}"><ul class="list-group">{items}</ul></div>'
    return (f'<div class="pl-matching row"><div class="{layout}"><ol class="list-group list-group-numbered">{"".join(rows)}</ol>'
            f"{badge}</div>{options_html}</div>")
