"""pl-order-blocks: arrange blocks (usually lines of code) into order; graded as ordered, unordered,
ranking or dag (dependency graph), or handed to an external grader as a file."""

import html
import importlib.util
import json
import os
import random

import lxml.html
import prairielearn as pl
from prairielearn.element_ui import score_badge

_spec = importlib.util.spec_from_file_location("order_blocks_grading", os.path.join(os.getcwd(), "order_blocks_grading.py"))
grading = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(grading)

OPTIONAL = ["allow-blank", "code-language", "display-blocks", "distractor-order", "feedback", "file-name", "format",
            "grading-method", "indentation", "inline", "max-incorrect", "max-indent", "min-incorrect", "partial-credit",
            "solution-header", "solution-placement", "source-blocks-order", "source-header", "weight"]
ENUMS = {
    "grading-method": ("ordered", ["unordered", "ordered", "ranking", "dag", "external"]),
    "partial-credit": (None, ["none", "lcs"]),
    "feedback": ("none", ["none", "first-wrong", "first-wrong-verbose"]),
    "source-blocks-order": ("alphabetized", ["random", "alphabetized", "ordered", "random-sections"]),
    "distractor-order": ("inherit", ["random", "inherit"]),
    "display-blocks": ("vertical", ["vertical", "inline-wrap", "inline-nowrap"]),
    "solution-placement": ("right", ["right", "bottom"]),
    "format": ("default", ["default", "code"]),
}
_BASE = ["correct", "initially-placed"]
_ORDERED = _BASE + ["indent", "distractor-feedback"]
ANSWER_ATTRIBUTES = {
    "external": _BASE,
    "unordered": _ORDERED,
    "ordered": _ORDERED,
    "ranking": _ORDERED + ["tag", "ranking", "distractor-for", "ordering-feedback"],
    "dag": _ORDERED + ["tag", "depends", "distractor-for", "ordering-feedback", "final"],
}
BLANK = "Your submitted answer was blank; the answer area must contain at least one block."
MALFORMED = ("The submitted answer is not in the expected format. This usually means the submission was "
             "modified outside of the PrairieLearn interface.")


def _enum(element, attribute):
    default, allowed = ENUMS[attribute]
    value = pl.get_string_attrib(element, attribute, default)
    if value is not None and value not in allowed:
        raise ValueError(f'{attribute} must be one of {", ".join(allowed)}, not "{value}"')
    return value


def _options(element):
    opts = {key: _enum(element, key) for key in ENUMS}
    method = opts["grading-method"]
    if opts["partial-credit"] is None:
        # ordered keeps all-or-nothing by default; ranking and dag default to lcs (PrairieLearn's default).
        opts["partial-credit"] = "none" if method in ("ordered", "unordered", "external") else "lcs"
    if pl.has_attrib(element, "inline") and not pl.has_attrib(element, "display-blocks"):
        opts["display-blocks"] = "inline-nowrap" if pl.get_boolean_attrib(element, "inline") else "vertical"
    opts["name"] = pl.get_string_attrib(element, "answers-name")
    opts["weight"] = pl.get_integer_attrib(element, "weight", 1)
    opts["indentation"] = pl.get_boolean_attrib(element, "indentation", False)
    opts["max-indent"] = pl.get_integer_attrib(element, "max-indent", 4)
    opts["allow-blank"] = pl.get_boolean_attrib(element, "allow-blank", False)
    opts["file-name"] = pl.get_string_attrib(element, "file-name", "user_code.py")
    return opts


def _depends(text):
    """"1,3" -> [["1", "3"]] (after both); "1|3" -> [["1"], ["3"]] (after either)."""
    text = (text or "").strip()
    if not text:
        return []
    return [[tag.strip() for tag in part.split(",") if tag.strip()] for part in text.split("|")]


def _read_blocks(element, method):
    blocks = []
    group_tags = set()

    def add(answer, group, group_depends):
        pl.check_attribs(answer, [], ANSWER_ATTRIBUTES[method])
        index = len(blocks)
        depends = _depends(pl.get_string_attrib(answer, "depends", ""))
        if group_depends:
            depends = [alt + extra for alt in (depends or [[]]) for extra in group_depends]
        blocks.append({
            "inner_html": pl.inner_html(answer).strip(),
            "correct": pl.get_boolean_attrib(answer, "correct", True),
            "is_distractor": not pl.get_boolean_attrib(answer, "correct", True),
            "indent": pl.get_integer_attrib(answer, "indent", None),
            "ranking": pl.get_integer_attrib(answer, "ranking", None),
            "tag": pl.get_string_attrib(answer, "tag", None) or f"__block{index}",
            "depends": depends,
            "group": group,
            "final": pl.get_boolean_attrib(answer, "final", False),
            "initially_placed": pl.get_boolean_attrib(answer, "initially-placed", False),
            "distractor_feedback": pl.get_string_attrib(answer, "distractor-feedback", None),
            "ordering_feedback": pl.get_string_attrib(answer, "ordering-feedback", None),
            "distractor_for": pl.get_string_attrib(answer, "distractor-for", None),
        })

    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag == "pl-answer":
            add(child, None, None)
        elif child.tag == "pl-block-group":
            pl.check_attribs(child, [], ["tag", "depends"])
            group = pl.get_string_attrib(child, "tag", None) or f"__group{len(blocks)}"
            if group in group_tags:
                raise ValueError(f'Tag "{group}" used in multiple places. The tag attribute for each <pl-answer> '
                                 "and <pl-block-group> must be unique.")
            group_tags.add(group)
            group_depends = _depends(pl.get_string_attrib(child, "depends", ""))
            for answer in child:
                if not isinstance(answer.tag, str):
                    continue
                if answer.tag != "pl-answer":
                    raise ValueError(f"pl-block-group may contain only pl-answer, not <{answer.tag}>")
                add(answer, group, group_depends)
        else:
            raise ValueError(f"pl-order-blocks may contain only pl-answer and pl-block-group, not <{child.tag}>")
    return blocks


def _solution(correct, method):
    """The correct blocks in an order that is itself a valid answer, each depending on what must precede it."""
    if method in ("ordered", "unordered", "external"):
        for previous, block in zip([None] + correct, correct):
            block["depends"] = [[previous["tag"]]] if previous and method == "ordered" else []
        return correct
    if method == "ranking":
        for position, block in enumerate(correct):
            if block["ranking"] is None:
                block["ranking"] = position + 1
        for block in correct:
            lower = sorted({b["tag"] for b in correct if b["ranking"] < block["ranking"]})
            block["depends"] = [lower] if lower else []
        return sorted(correct, key=lambda b: b["ranking"])
    ordered, seen = [], set()
    remaining = list(correct)
    members = grading.group_members(correct)
    while remaining:
        done = {group for group, tags in members.items() if tags <= seen}
        for block in remaining:
            if grading.satisfied(block, seen | done):
                break
        else:
            raise ValueError("pl-order-blocks: the depends attributes form a cycle or name an unknown tag")
        # Keep a group's blocks together: once a group is started, finish it first.
        if ordered and ordered[-1]["group"] and any(b["group"] == ordered[-1]["group"] for b in remaining):
            candidates = [b for b in remaining if b["group"] == ordered[-1]["group"] and grading.satisfied(b, seen | done)]
            block = candidates[0] if candidates else block
        ordered.append(block)
        seen.add(block["tag"])
        remaining.remove(block)
    return ordered


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["answers-name"], OPTIONAL)
    opts = _options(element)
    name = opts["name"]
    method = opts["grading-method"]
    if method not in ("ordered", "ranking", "dag") and pl.has_attrib(element, "partial-credit"):
        raise ValueError("You may only specify partial credit options in the DAG, ordered, and ranking grading modes.")
    if method not in ("ranking", "dag") and opts["feedback"] != "none":
        raise ValueError(f"feedback type {opts['feedback']} is not available with the {method} grading-method.")
    blocks = _read_blocks(element, method)
    language = pl.get_string_attrib(element, "code-language", None)
    if opts["format"] == "default" and language is not None:
        raise ValueError('code-language attribute may only be used with format="code"')
    if opts["format"] == "code":
        attribute = f' language="{html.escape(language)}"' if language else ""
        for block in blocks:
            block["inner_html"] = f"<pl-code{attribute}>{block['inner_html']}</pl-code>"
    tags = [b["tag"] for b in blocks if b["correct"]] + list(dict.fromkeys(b["group"] for b in blocks if b["group"]))
    duplicates = {t for i, t in enumerate(tags) if t in tags[:i]}
    if duplicates:
        raise ValueError(f'Tag "{sorted(duplicates)[0]}" used in multiple places. The tag attribute for each '
                         "<pl-answer> and <pl-block-group> must be unique.")
    if not opts["indentation"] and any(b["indent"] is not None for b in blocks):
        raise ValueError("<pl-answer> should not specify indentation if indentation is disabled.")
    if any(b["distractor_for"] is not None and b["correct"] for b in blocks):
        raise ValueError("The distractor-for attribute may only be used on blocks with correct=false.")
    unknown = {b["distractor_for"] for b in blocks if b["distractor_for"]} - {b["tag"] for b in blocks if b["correct"]}
    if unknown:
        raise ValueError(f"The following distractor-for tags do not have matching correct answer tags: {sorted(unknown)}")
    if method != "dag" and any(b["group"] for b in blocks):
        raise ValueError('Block groups only supported in the "dag" grading mode.')
    for block in blocks:
        block["uuid"] = pl.get_uuid()
    correct = [b for b in blocks if b["correct"]]
    distractors = [b for b in blocks if not b["correct"]]
    if not correct:
        raise ValueError("pl-order-blocks needs at least one correct block")
    high = pl.get_integer_attrib(element, "max-incorrect", len(distractors))
    low = pl.get_integer_attrib(element, "min-incorrect", min(high, len(distractors)))
    if not 0 <= low <= high <= len(distractors):
        raise ValueError("min-incorrect and max-incorrect must satisfy 0 <= min <= max <= the number of distractors")
    chosen = random.sample(distractors, random.randint(low, high))
    solution = _solution([dict(b) for b in correct], opts["grading-method"])
    shown = correct + [b for b in blocks if b in chosen]
    order = opts["source-blocks-order"]
    if order == "alphabetized":
        shown.sort(key=lambda b: b["inner_html"])
    elif order in ("random", "random-sections"):
        random.shuffle(shown)
    data["params"][name] = shown
    data["correct_answers"][name] = solution


def _block_html(block, indentation):
    indent = block.get("indent") if indentation and isinstance(block.get("indent"), int) else 0
    return (f'<li class="list-group-item pl-order-block" data-uuid="{html.escape(block["uuid"] or "")}" '
            f'data-indent="{indent}" style="margin-left: {indent * 2}em"><span class="pl-order-block-content">'
            f'{block["inner_html"]}</span></li>')


def _indent(value, opts):
    if not opts["indentation"] or not isinstance(value, int) or isinstance(value, bool):
        return 0
    return max(0, min(value, opts["max-indent"]))


def _own_blocks(entries, blocks, opts):
    """The question's own blocks that `entries` (a submission's list) name by uuid, each once, with its
    indent; entries naming no block of the question are dropped, so a submission never supplies markup."""
    by_uuid = {b.get("uuid"): b for b in blocks if isinstance(b, dict)}
    chosen, seen = [], set()
    for entry in entries if isinstance(entries, list) else []:
        uuid = entry.get("uuid") if isinstance(entry, dict) else None
        if not isinstance(uuid, str) or uuid not in by_uuid or uuid in seen:
            continue
        seen.add(uuid)
        chosen.append({**by_uuid[uuid], "indent": _indent(entry.get("indent"), opts)})
    return chosen


def _placed(data, name):
    raw = data["raw_submitted_answers"].get(name + "-input")
    try:
        placed = json.loads(raw) if isinstance(raw, str) and raw else None
    except (TypeError, ValueError, RecursionError):
        placed = None
    return placed if isinstance(placed, list) else None


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    panel = data["panel"]
    score = data["partial_scores"].get(name, {}).get("score")
    error = data["format_errors"].get(name)
    if panel == "question":
        blocks = data["params"].get(name, [])
        placed = _placed(data, name)
        if placed is None:
            placed = [{"indent": 0, "uuid": b["uuid"]} for b in blocks if b["initially_placed"]]
        placed = _own_blocks(placed, blocks, opts)
        placed_ids = {b["uuid"] for b in placed}
        source = "".join(_block_html(b, False) for b in blocks if b["uuid"] not in placed_ids)
        answer = "".join(_block_html(b, opts["indentation"]) for b in placed)
        placed = [{"inner_html": b["inner_html"], "indent": b["indent"], "uuid": b["uuid"]} for b in placed]
        source_header = pl.get_string_attrib(element, "source-header", "Drag from here:")
        solution_header = pl.get_string_attrib(element, "solution-header", "Construct your solution here:")
        disabled = "" if data["editable"] else ' data-disabled="true"'
        error_html = f'<div class="invalid-feedback d-block">{error}</div>' if error else ""
        width = "col-md-6" if opts["solution-placement"] == "right" else "col-12"
        # data-restore-hidden: the preview may put typed answers back into the hidden input; the script arranges from it.
        return (f'<div class="pl-order-blocks row" data-answers-name="{html.escape(name)}" data-restore-hidden="true" '
                f'data-indentation="{str(opts["indentation"]).lower()}" data-max-indent="{opts["max-indent"]}"{disabled}>'
                f'<div class="{width}"><div class="fw-bold">{source_header}</div>'
                f'<ul class="list-group pl-order-blocks-source" aria-label="Blocks to choose from">{source}</ul></div>'
                f'<div class="{width}"><div class="fw-bold">{solution_header}</div>'
                f'<ol class="list-group list-group-numbered pl-order-blocks-answer" aria-label="Your answer">{answer}</ol>'
                f'{score_badge(score) if score is not None else ""}</div>'
                f'<input type="hidden" name="{html.escape(name)}-input" value="{html.escape(json.dumps(placed))}">'
                f'{error_html}</div>')
    if panel == "submission":
        if opts["grading-method"] == "external":
            return ""
        if error is not None:
            return f'<div class="pl-order-blocks"><span class="badge text-bg-danger">Invalid</span> {error}</div>'
        submitted = data["submitted_answers"].get(name)
        if submitted is None:
            return '<div class="pl-order-blocks"><span class="badge text-bg-dark">missing input</span></div>'
        feedback = data["partial_scores"].get(name, {}).get("feedback")
        items = "".join(_block_html(b, opts["indentation"]) for b in _own_blocks(submitted, data["params"].get(name, []), opts))
        return (f'<div class="pl-order-blocks"><ol class="list-group list-group-numbered">{items}</ol>'
                f'{score_badge(score) if score is not None else ""}'
                f'{f"<div class=pl-order-blocks-feedback>{feedback}</div>" if feedback else ""}</div>')
    if opts["grading-method"] == "external":
        path = os.path.join(data["options"].get("question_path", ""), "tests", "ans.py")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f'<pl-code language="python">{html.escape(f.read())}</pl-code>'
        return "The reference solution is not provided for this question."
    solution = data["correct_answers"].get(name)
    if not solution:
        return ""
    items = "".join(_block_html(b, opts["indentation"]) for b in solution)
    return f'<div class="pl-order-blocks"><ol class="list-group list-group-numbered">{items}</ol></div>'


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    raw = data["submitted_answers"].pop(name + "-input", None)
    try:
        submitted = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        submitted = None
    known = {b["uuid"]: b for b in data["params"].get(name, [])}
    if not isinstance(submitted, list) or not all(
        isinstance(b, dict) and b.get("uuid") in known and isinstance(b.get("indent", 0), (int, type(None)))
        for b in submitted
    ):
        data["format_errors"][name] = MALFORMED
        data["submitted_answers"][name] = None
        return
    if not submitted and not opts["allow-blank"]:
        data["format_errors"][name] = BLANK
        data["submitted_answers"][name] = None
        return
    blocks = []
    for sub in submitted:
        shown = known[sub["uuid"]]
        indent = sub.get("indent") or 0
        if opts["indentation"] and not 0 <= indent <= opts["max-indent"]:
            data["format_errors"][name] = MALFORMED
            data["submitted_answers"][name] = None
            return
        blocks.append({**shown, "indent": indent})
    data["submitted_answers"][name] = blocks
    if opts["grading-method"] == "external":
        text = "\n".join("    " * b["indent"] + lxml.html.fromstring(b["inner_html"]).text_content() for b in blocks)
        if text.strip():
            pl.add_submitted_file(data, opts["file-name"], raw_contents=text + "\n")
        else:
            pl.add_files_format_error(data, f"The submitted file {opts['file-name']} is empty.")


def _score(opts, submitted, solution):
    return grading.grade_blocks(submitted, solution, opts["grading-method"], opts["partial-credit"],
                                opts["feedback"], opts["indentation"])


def grade(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    solution = data["correct_answers"].get(name)
    if opts["grading-method"] == "external" or not solution:
        return
    score, feedback = _score(opts, data["submitted_answers"].get(name) or [], solution)
    data["partial_scores"][name] = {"score": score, "weight": opts["weight"], "feedback": feedback}


def test(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    opts = _options(element)
    name = opts["name"]
    solution = data["correct_answers"].get(name)
    if data["test_type"] == "invalid":
        data["raw_submitted_answers"][name + "-input"] = "not a list of blocks" if opts["allow-blank"] else "[]"
        data["format_errors"][name] = MALFORMED if opts["allow-blank"] else "No answer was submitted."
        return
    chosen = solution if data["test_type"] == "correct" else solution[1:]
    placed = [{"inner_html": b["inner_html"], "indent": b["indent"] if b["indent"] not in (None, -1) else 0,
               "uuid": b["uuid"]} for b in chosen]
    data["raw_submitted_answers"][name + "-input"] = json.dumps(placed)
    if opts["grading-method"] == "external":
        return
    score, feedback = _score(opts, placed, solution)
    data["partial_scores"][name] = {"score": score, "weight": opts["weight"], "feedback": feedback}
