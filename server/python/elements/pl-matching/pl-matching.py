"""pl-matching: match each statement to one option, chosen from a dropdown per statement."""

import html
import random

import lxml.html
import prairielearn as pl

OPTIONAL = ["weight", "fixed-order", "number-statements", "number-options", "none-of-the-above", "blank",
            "allow-blank", "counter-type", "fixed-options-order", "partial-credit", "hide-score-badge",
            "options-placement"]
COUNTERS = ("lower-alpha", "upper-alpha", "decimal", "full-text")
NOTA = "None of the above"


def _field(name, index):
    return f"{name}-dropdown-{index}"


def _counter(element, index, option_html):
    kind = pl.get_string_attrib(element, "counter-type", "lower-alpha")
    if kind not in COUNTERS:
        raise ValueError(f'counter-type must be one of {", ".join(COUNTERS)}')
    if kind == "decimal":
        return str(index + 1)
    if kind == "full-text":
        return option_html
    key = pl.index2key(index)
    return key.upper() if kind == "upper-alpha" else key


def _children(element):
    statements, options = [], []
    for child in element:
        if not isinstance(child.tag, str):
            continue
        tag = child.tag.replace("_", "-")
        if tag == "pl-option":
            pl.check_attribs(child, [], ["name"])
            inner = pl.inner_html(child).strip()
            options.append({"name": pl.get_string_attrib(child, "name", inner), "html": inner})
        elif tag == "pl-statement":
            pl.check_attribs(child, ["match"], [])
            statements.append({"match": pl.get_string_attrib(child, "match"), "html": pl.inner_html(child).strip()})
        else:
            raise ValueError(f"pl-matching may contain only pl-statement and pl-option, not <{child.tag}>")
    return statements, options


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["answers-name"], OPTIONAL)
    name = pl.get_string_attrib(element, "answers-name")
    pl.check_answers_names(data, name)
    statements, options = _children(element)
    names = [o["name"] for o in options]
    if len(set(names)) != len(names):
        raise ValueError("pl-matching: option names must be unique")
    for statement in statements:
        if statement["match"] not in names:
            # A match may also name an option that exists only implicitly; it is then added as an option.
            options.append({"name": statement["match"], "html": html.escape(statement["match"])})
            names.append(statement["match"])
    if not statements:
        raise ValueError("pl-matching needs at least one pl-statement")
    n_statements = pl.get_integer_attrib(element, "number-statements", len(statements))
    sample = random.sample(range(len(statements)), min(n_statements, len(statements)))
    if pl.get_boolean_attrib(element, "fixed-order", False):
        sample.sort()
    statements = [statements[i] for i in sample]
    nota = pl.get_boolean_attrib(element, "none-of-the-above", False)
    n_options = min(pl.get_integer_attrib(element, "number-options", len(options)), len(options))
    needed = [o for o in options if any(s["match"] == o["name"] for s in statements)]
    if len(needed) > n_options and not nota:
        raise ValueError("number-options is smaller than the number of options the statements need")
    random.shuffle(needed)
    chosen = needed[:n_options]
    others = [o for o in options if o not in needed]
    chosen += random.sample(others, max(0, n_options - len(chosen)))
    if pl.get_boolean_attrib(element, "fixed-options-order", False):
        chosen.sort(key=options.index)
    else:
        random.shuffle(chosen)
    if nota:
        chosen.append({"name": NOTA, "html": NOTA})
    index_of = {o["name"]: i for i, o in enumerate(chosen)}
    correct = [index_of.get(s["match"], len(chosen) - 1) for s in statements]
    data["params"][name] = [
        [{"key": str(i), "html": s["html"], "match": correct[i]} for i, s in enumerate(statements)],
        [{"key": _counter(element, i, o["html"]), "html": o["html"]} for i, o in enumerate(chosen)],
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
        raw = data["submitted_answers"].get(field)
        value = _choice(raw)
        if raw is None:
            data["format_errors"][field] = "No answer was submitted."
        elif value is None:
            data["format_errors"][field] = "The submitted answer is invalid."
        elif value == -1 and not allow_blank:
            data["format_errors"][field] = "The submitted answer was left blank."
        elif not -1 <= value < len(options):
            data["format_errors"][field] = "The submitted answer is not a legal option."
        else:
            data["submitted_answers"][field] = value


def grade(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    correct = data["correct_answers"].get(name)
    if correct is None:
        return
    chosen = [_choice(data["submitted_answers"].get(_field(name, i))) for i in range(len(correct))]
    data["partial_scores"][name] = {"score": _score(element, chosen, correct),
                                    "weight": pl.get_integer_attrib(element, "weight", 1)}


def test(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    correct = data["correct_answers"][name]
    n_options = len(data["params"][name][1])
    weight = pl.get_integer_attrib(element, "weight", 1)
    if data["test_type"] == "invalid":
        for i in range(len(correct)):
            data["raw_submitted_answers"][_field(name, i)] = "invalid"
            data["format_errors"][_field(name, i)] = "The submitted answer is invalid."
        data["partial_scores"][name] = {"score": 0, "weight": weight}
        return
    chosen = correct if data["test_type"] == "correct" else [(c + 1) % n_options for c in correct]
    for i, value in enumerate(chosen):
        data["raw_submitted_answers"][_field(name, i)] = value
    data["partial_scores"][name] = {"score": _score(element, chosen, correct), "weight": weight}


def _badge(score):
    key, value = pl.determine_score_params(score)
    if key == "correct":
        return '<span class="badge text-bg-success"><i class="bi bi-check2"></i> 100%</span>'
    if key == "partial":
        return f'<span class="badge text-bg-warning"><i class="bi bi-circle-half"></i> {value}%</span>'
    return '<span class="badge text-bg-danger"><i class="bi bi-x-lg"></i> 0%</span>'


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "answers-name")
    statements, options = data["params"][name]
    correct = data["correct_answers"].get(name, [])
    panel = data["panel"]
    hide_marks = pl.get_boolean_attrib(element, "hide-score-badge", False)
    score = data["partial_scores"].get(name, {}).get("score")
    badge = _badge(score) if score is not None and not hide_marks else ""
    option_list = "".join(f'<li class="list-group-item"><b>{html.escape(o["key"])}.</b> {o["html"]}</li>'
                          for o in options) if pl.get_string_attrib(element, "counter-type", "lower-alpha") != "full-text" else ""
    rows = []
    for i, statement in enumerate(statements):
        field = _field(name, i)
        error = data["format_errors"].get(field)
        if panel == "question":
            chosen = _choice(data["raw_submitted_answers"].get(field))
            blank = '<option value="-1"></option>' if pl.get_boolean_attrib(element, "blank", True) else ""
            choices = "".join(f'<option value="{j}"{" selected" if chosen == j else ""}>{html.escape(o["key"]) if o["key"] != o["html"] else o["html"]}</option>'
                              for j, o in enumerate(options))
            disabled = "" if data["editable"] else " disabled"
            control = (f'<select class="form-select form-select-sm w-auto d-inline-block" name="{field}" '
                       f'aria-label="Match for statement {i + 1}"{disabled}>{blank}{choices}</select>')
        elif panel == "submission":
            chosen = _choice(data["submitted_answers"].get(field))
            shown = options[chosen]["key"] if chosen is not None and 0 <= chosen < len(options) else "—"
            mark = ""
            if score is not None and not hide_marks and i < len(correct):
                mark = ' <i class="bi bi-check2 text-success"></i>' if chosen == correct[i] else ' <i class="bi bi-x-lg text-danger"></i>'
            control = f"<b>{html.escape(str(shown))}</b>{mark}"
        else:
            if i >= len(correct):
                return ""
            control = f"<b>{html.escape(options[correct[i]]['key'])}</b>"
        error_html = f'<div class="invalid-feedback d-block">{error}</div>' if error else ""
        rows.append(f'<li class="list-group-item">{control} {statement["html"]}{error_html}</li>')
    layout = "col-md-6" if pl.get_string_attrib(element, "options-placement", "right") == "right" else "col-12"
    options_html = f'<div class="{layout}"><ul class="list-group">{option_list}</ul></div>' if option_list else ""
    return (f'<div class="pl-matching row"><div class="{layout}"><ol class="list-group list-group-numbered">{"".join(rows)}</ol>'
            f"{badge}</div>{options_html}</div>")
