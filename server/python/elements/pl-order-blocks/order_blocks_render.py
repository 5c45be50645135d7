"""pl-order-blocks' three panels. Every block shown comes from the question's own blocks (params),
found by the uuid a submission names, never from the markup a submission carries: a student arranges
blocks and cannot write one. The texts (help, headers, messages) are PrairieLearn's (88fb855,
elements/pl-order-blocks/pl-order-blocks.py and .mustache)."""

import html
import os

from prairielearn.element_ui import format_error_html, invalid_badge, score_badge

BADGES = {"text-bg-success": "bi-check-circle-fill", "text-bg-danger": "bi-x-circle-fill"}


def _indent(value, opts):
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return max(0, min(value, opts.max_indent))


def _own(entries, blocks, opts):
    """(block from params, the entry naming it) for each entry naming a block of the question, once each."""
    by_uuid = {b.get("uuid"): b for b in blocks if isinstance(b, dict)}
    out, seen = [], set()
    for entry in entries if isinstance(entries, list) else []:
        uuid = entry.get("uuid") if isinstance(entry, dict) else None
        if isinstance(uuid, str) and uuid in by_uuid and uuid not in seen:
            seen.add(uuid)
            out.append((by_uuid[uuid], entry))
    return out


def _item(block, indent, extra="", after=""):
    # data-inner-html: the block's own HTML, which the page sends back (PrairieLearn's `string`).
    return (f'<li class="list-group-item pl-order-block" data-uuid="{html.escape(block["uuid"])}" '
            f'data-inner-html="{html.escape(block["inner_html"])}" data-indent="{indent}" '
            f'style="margin-left: {indent * 2}em">{extra}<span class="pl-order-block-content">{block["inner_html"]}</span>{after}</li>')


def _help(opts):
    text = f"Move answer blocks from the options area to the {opts.placement}."
    if opts.method == "unordered":
        text += "<p>Your answer ordering does not matter. </p>"
    elif opts.method != "external":
        text += "<p>The ordering of your answer matters and is graded.</p>"
    text += ("<p>Keyboard Controls: Arrows to navigate; Enter to select; Escape to deselect blocks. With a block selected, "
             "up/down arrows to reorder; left/right arrows to move between the options area and answer area.</p>")
    if opts.indentation:
        text += ("<p><strong>Your answer should be indented.</strong> Indent your tiles by dragging them horizontally in the "
                 "answer area, or by using left/right arrows with the block selected.</p>")
    return text


def _error(error):
    # The messages are this element's own texts (never a student's); shown inline, as the other inputs here.
    return f"{invalid_badge()} {format_error_html(error)}"


def _question(opts, data, score, error):
    name = opts.name
    blocks = data["params"].get(name, [])
    placed = data["submitted_answers"].get(name)
    if not isinstance(placed, list):
        placed = sorted([b for b in blocks if b.get("initially_placed")], key=lambda b: b["index"])
    placed = _own(placed, blocks, opts)
    placed_ids = {b["uuid"] for b, _ in placed}
    source = "".join(_item(b, 0) for b in blocks if b["uuid"] not in placed_ids)
    answer = "".join(_item(b, _indent(entry.get("indent"), opts)) for b, entry in placed)
    width = "col-md-6" if opts.placement == "right" else "col-12"
    disabled = "" if data["editable"] else ' data-disabled="true"'
    # PrairieLearn's help popover, as a disclosure like the other inputs' help here (no script needed).
    help_button = ('<details class="pl-help-text d-inline-block ms-1 small text-muted fw-normal">'
                   f'<summary aria-label="Order Blocks Help"><i class="bi bi-question-circle"></i></summary>{_help(opts)}</details>')
    # The hidden field starts empty, as PrairieLearn's; the page script fills it from the lists (or from a
    # value the preview restores into it: data-restore-hidden).
    return (f'<div class="pl-order-blocks row" data-answers-name="{html.escape(name)}" data-restore-hidden="true" '
            f'data-indentation="{str(opts.indentation).lower()}" data-max-indent="{opts.max_indent}"{disabled}>'
            f'<div class="{width}"><div class="fw-bold">{opts.source_header} {help_button}</div>'
            f'<ul class="list-group pl-order-blocks-source" aria-label="Options Area">{source}</ul></div>'
            f'<div class="{width}"><div class="fw-bold">{opts.solution_header} {score_badge(score) if score is not None else ""}</div>'
            f'<ol class="list-group list-group-numbered pl-order-blocks-answer" aria-label="Answer Area">{answer}</ol></div>'
            f'<input type="hidden" name="{html.escape(name)}-input" value="">'
            f'{_error(error) if error else ""}</div>')


def _submission(opts, data, score, error):
    if opts.method == "external":
        return ""
    if error is not None:
        return f'<div class="pl-order-blocks">{_error(error)}</div>'
    part = data["partial_scores"].get(opts.name, {})
    graded = score is not None
    items = []
    for block, entry in _own(data["submitted_answers"].get(opts.name, []), data["params"].get(opts.name, []), opts):
        badge = BADGES.get(entry.get("badge_type"))
        mark = f'<span class="badge {entry["badge_type"]}"><i class="bi {badge}" aria-hidden="true"></i></span> ' if badge else ""
        # Feedback texts are the author's (the question's own block), shown where grading left them.
        note = ""
        for key in ("distractor_feedback", "ordering_feedback"):
            if graded and entry.get(key) and block.get(key):
                note = f'<div class="pl-order-blocks-feedback">{html.escape(block[key])}</div>'
                break
        items.append(_item(block, _indent(entry.get("indent"), opts), extra=mark, after=note))
    feedback = part.get("feedback") or ""
    return (f'<div class="pl-order-blocks"><div>Your answer: {score_badge(score) if graded else ""}</div>'
            f'<ol class="list-group list-group-numbered">{"".join(items)}</ol><p>{feedback}</p></div>')


def _answer(opts, data, solved):
    if opts.method == "external":
        path = os.path.join(data["options"].get("question_path", ""), "tests", "ans.py")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f'<pl-code language="python">{html.escape(f.read())}</pl-code>'
        return "The reference solution is not provided for this question."
    solution = data["correct_answers"].get(opts.name) or []
    if opts.method == "unordered":
        ordering = "in any order"
    elif opts.method == "dag":
        ordering = "there may be other answers" if opts.multigraph else "there may be other correct orders"
    elif opts.method == "ranking":
        ordering = "there may be other correct orders"
    else:
        ordering = "in the specified order"
    required = {-1 if b["indent"] is None else b["indent"] for b in solution}
    indentation = ""
    if opts.indentation and -1 not in required:
        indentation = ", correct indentation required"
    elif opts.indentation and len(required) > 1:
        indentation = ", some blocks require correct indentation"
    shown = solved(solution, opts.method, True) if opts.multigraph else solution
    items = "".join(_item(b, _indent(b["indent"], opts)) for b in shown)
    correct = {b["uuid"] for b in solution}
    distractors = [b for b in data["params"].get(opts.name, []) if b["uuid"] not in correct]
    wrong = ""
    if distractors:
        rows = "".join(_item(b, 0, after=f'<div class="pl-order-blocks-feedback">{html.escape(b["distractor_feedback"])}</div>'
                             if b.get("distractor_feedback") else "") for b in distractors)
        wrong = ('<div class="fw-bold mt-3">Incorrect Blocks (these blocks should not be included in your solution):</div>'
                 f'<ul class="list-group">{rows}</ul>')
    return (f'<div class="pl-order-blocks"><div class="fw-bold">Correct answer ({ordering}{indentation}):</div>'
            f'<ol class="list-group list-group-numbered">{items}</ol>{wrong}</div>')


def render(opts, data, solved):
    part = data["partial_scores"].get(opts.name, {})
    score = part.get("score") if isinstance(part, dict) else None
    error = data["format_errors"].get(opts.name)
    panel = data["panel"]
    if panel == "question":
        return _question(opts, data, score, error)
    if panel == "submission":
        return _submission(opts, data, score, error)
    return _answer(opts, data, solved)
