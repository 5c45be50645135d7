"""pl-order-blocks: arrange blocks (usually lines of code) into order; graded as ordered, unordered,
ranking or dag (dependency graph, optionally with alternatives), or handed to an external grader as a
file. Draws, stored blocks, scores, feedback and test answers follow PrairieLearn 88fb855
(elements/pl-order-blocks/pl-order-blocks.py); the page is rendered from the question's own blocks by
uuid (order_blocks_render.py), never from a submission's markup."""

import base64
import json
import random
from copy import deepcopy

import lxml.html
import order_blocks_graph as graph
import order_blocks_options as options_module
import order_blocks_render as page
import prairielearn as pl

LCS_METHODS = options_module.LCS_METHODS

MALFORMED = ("The submitted answer is not in the expected format. This usually means "
             "the submission was modified outside of the PrairieLearn interface.")
BLANK = "Your submitted answer was blank; the answer area must contain at least one block."
# PrairieLearn's first-wrong texts, line breaks and spaces included (they reach the student as they are).
INCOMPLETE = "Your answer is correct so far, but it is incomplete."
WRONG_AT = ('Your answer is incorrect starting at <span style="color:red;">block number {}</span>.\n'
            "        The problem is most likely one of the following:\n"
            "        <ul><li> This block is not a part of the correct solution </li>\n"
            "        <li>This block needs to come after a block that did not appear before it </li>")
WRONG_INDENT = "<li>This line is indented incorrectly </li>"
WRONG_GROUP = "<li> You have attempted to start a new section of the answer without finishing the previous section </li>"
WRONG_DISTRACTOR = ('Your answer is incorrect starting at <span style="color:red;">block number {}</span> '
                    "as the block at that location is not a part of any correct solution.")


def _options(element_html):
    return options_module.Options(lxml.html.fragment_fromstring(element_html))


def _stored(block, index):
    """A block as params and correct_answers keep it (PrairieLearn's keys, in its order)."""
    return {"inner_html": block.inner_html, "indent": block.indent, "ranking": block.ranking, "index": index,
            "tag": block.tag, "initially_placed": block.initially_placed, "distractor_for": block.distractor_for,
            "depends": block.depends, "group_info": block.group_info, "distractor_feedback": block.distractor_feedback,
            "ordering_feedback": block.ordering_feedback, "uuid": pl.get_uuid(), "final": block.final}


def _sections_shuffled(blocks):
    """random-sections: one shuffle, then the blocks with distractors (and those distractors) go last."""
    random.shuffle(blocks)
    targets = [b["distractor_for"] for b in blocks if b.get("distractor_for")]
    paired = [b for b in blocks if b.get("distractor_for") or b.get("tag") in targets]
    return [b for b in blocks if not (b.get("distractor_for") or b.get("tag") in targets)] + paired


def _distractors_beside(blocks):
    """distractor-order="random": each block shuffled with its own distractors, where it stands."""
    by_target = {}
    for b in blocks:
        if b.get("distractor_for"):
            by_target.setdefault(b["distractor_for"], []).append(b)
    out = []
    for b in blocks:
        if b.get("distractor_for"):
            continue
        together = [b, *by_target.get(b["tag"], [])]
        random.shuffle(together)
        out.extend(together)
    return out


def _multigraph(blocks):
    return {b["tag"]: b["depends"] for b in blocks}, [b["tag"] for b in blocks if b["final"]]


def _plain_dag(blocks):
    """tag -> depends (blocks without alternatives), group -> its depends; tag -> its group."""
    depends = {b["tag"]: b["depends"] for b in blocks if not graph.has_alternatives(b["depends"])}
    group_of = {b["tag"]: b["group_info"]["tag"] for b in blocks}
    depends.update({b["group_info"]["tag"]: b["group_info"]["depends"] for b in blocks
                    if b["group_info"]["depends"] is not None and b["group_info"]["tag"] is not None})
    return depends, group_of


def _grading_dag(solution, method):
    """dag: the authored depends; ranking and ordered: each block after every block of the rank before
    (ordered ranks by position)."""
    if method == "dag":
        return _plain_dag(solution)
    rank_of = {id(b): (i if method == "ordered" else b["ranking"]) for i, b in enumerate(solution)}
    ordered = sorted(solution, key=lambda b: int(rank_of[id(b)]))
    ranks = {b["tag"]: rank_of[id(b)] for b in ordered}  # in rank order: the depends lists follow it
    depends, previous, current = {}, None, []
    for b in ordered:
        rank = ranks[b["tag"]]
        if previous is not None and rank != previous:
            current = [tag for tag in ranks if ranks[tag] == previous]
        depends[b["tag"]] = current
        previous = rank
    return depends, {}


def _solved(solution, method, multigraph):
    """The correct blocks in an order that is itself a solution."""
    if method in ("external", "unordered", "ordered"):
        return solution
    if method == "ranking":
        return sorted(solution, key=lambda b: int(b["ranking"]))
    if not multigraph:
        order = graph.solve_dag(*_plain_dag(solution))
        return sorted(solution, key=lambda b: order.index(b["tag"]))
    order = graph.solve_multigraph(*_multigraph(solution))[0]
    return sorted([b for b in solution if b["tag"] in order], key=lambda b: order.index(b["tag"]))


def prepare(element_html, data):
    opts = _options(element_html)
    opts.validate()
    correct, incorrect = [], []
    for index, block in enumerate(opts.blocks):
        (correct if block.correct else incorrect).append(_stored(block, index))
    count = random.randint(opts.min_incorrect, opts.max_incorrect)
    shown = correct + random.sample(incorrect, count)
    if opts.source_order == "random":
        random.shuffle(shown)
    elif opts.source_order == "ordered":
        shown.sort(key=lambda b: b["index"])
    elif opts.source_order == "alphabetized":
        shown.sort(key=lambda b: b["inner_html"])
    else:
        shown = _sections_shuffled(shown)
    if opts.distractor_order == "random":
        shown = _distractors_beside(shown)
    tags = {b["tag"] for b in shown}
    targets = {b["distractor_for"] for b in shown if b["distractor_for"]}
    if not targets <= tags:
        raise ValueError(f"The following distractor-for tags do not have matching correct answer tags: {targets - tags}")
    for b in shown:
        if b["distractor_for"] is not None:
            continue
        paired = [d for d in shown if d.get("distractor_for") == b["tag"]]
        if paired:
            bin_id = pl.get_uuid()
            for member in [b, *paired]:
                member["distractor_bin"] = bin_id
    name = opts.name
    data["params"][name] = shown
    data["correct_answers"][name] = correct
    # The blocks as written are the answer shown if they are themselves a solution; otherwise a solved
    # order is. PrairieLearn checks by grading them, which reads the element again (and draws again).
    trial = deepcopy(data)
    trial["submitted_answers"] = {name: deepcopy(correct)}
    trial["partial_scores"] = {}
    grade(element_html, trial)
    if trial["partial_scores"][name]["score"] != 1 and not opts.multigraph:
        data["correct_answers"][name] = _solved(correct, opts.method, opts.multigraph)


def render(element_html, data):
    return page.render(_options(element_html), data, _solved)


def _well_formed(answer):
    return isinstance(answer, list) and all(
        isinstance(item, dict) and isinstance(item.get("inner_html"), str) and isinstance(item.get("uuid"), str)
        and (item.get("indent") is None or isinstance(item.get("indent"), int)) for item in answer)


def parse(element_html, data):
    opts = _options(element_html)
    name, raw_name = opts.name, opts.name + "-input"
    try:
        answer = json.loads(data["raw_submitted_answers"].get(raw_name, "[]"))
    except (ValueError, TypeError, RecursionError):
        answer = None
    if not _well_formed(answer):
        data["format_errors"][name] = MALFORMED
        return
    if not opts.allow_blank and answer == []:
        data["submitted_answers"][name] = []
        data["submitted_answers"].pop(raw_name, None)
        data["format_errors"][name] = BLANK
        return
    blocks = data["params"].get(name, [])
    if opts.method in LCS_METHODS:
        solution = data["correct_answers"].get(name, [])
        for item in answer:
            # PrairieLearn names a submitted block by its text: the first correct block with that HTML.
            match = next((b for b in solution if b["inner_html"] == item["inner_html"]), None)
            item["tag"] = match["tag"] if match else None
            if opts.method == "ranking":
                item["ranking"] = match["ranking"] if match else None
            match = match or next((b for b in blocks if b["inner_html"] == item["inner_html"]), None)
            if match is None:  # text of no block here (PrairieLearn's parse breaks on it)
                data["format_errors"][name] = MALFORMED
                return
            item["distractor_feedback"] = match.get("distractor_feedback", "")
            item["ordering_feedback"] = match.get("ordering_feedback", "")
    if opts.method == "external":
        # The file holds the question's own blocks' text, found by uuid: a student arranges, never writes.
        by_uuid = {b["uuid"]: b for b in blocks}
        if any(item["uuid"] not in by_uuid for item in answer):
            data["format_errors"][name] = MALFORMED
            return
        code = "".join("    " * int(item["indent"] or 0) + lxml.html.fromstring(by_uuid[item["uuid"]]["inner_html"]).text_content()
                       + "\n" for item in answer)
        if not code:
            pl.add_files_format_error(data, "The submitted file was empty.")
        else:
            pl.add_submitted_file(data, opts.file_name, base64.b64encode(code.encode("utf-8")).decode("utf-8"))
    data["submitted_answers"][name] = answer
    data["submitted_answers"].pop(raw_name, None)


def _feedback(kind, first_wrong, group_of, indentation, at_distractor):
    if kind == "none":
        return ""
    if first_wrong is None:
        return INCOMPLETE
    if kind == "first-wrong-verbose" and at_distractor:
        return WRONG_DISTRACTOR.format(first_wrong + 1)
    text = WRONG_AT.format(first_wrong + 1)
    if indentation:
        text += WRONG_INDENT
    if group_of and set(group_of.values()) != {None}:
        text += WRONG_GROUP
    return text + "</ul>"


def _distractor_uuids(data, name, solution):
    correct = {b["uuid"] for b in solution}
    return {b["uuid"] for b in data["params"].get(name, []) if b["uuid"] not in correct}


def _mark(answer, prefix, first_wrong, kind):
    """first-wrong feedback marks the correct prefix, the first wrong block, and clears the rest."""
    for b in answer[:prefix]:
        b.update(badge_type="text-bg-success", icon="fa-check", distractor_feedback="", ordering_feedback="")
    if first_wrong is None:
        return
    answer[first_wrong].update(badge_type="text-bg-danger", icon="fa-xmark")
    if kind != "first-wrong-verbose":
        answer[first_wrong].update(distractor_feedback="", ordering_feedback="")
    for b in answer[first_wrong + 1:]:
        b.update(badge_type="", icon="", distractor_feedback="", ordering_feedback="")


def grade(element_html, data):
    opts = _options(element_html)
    name = opts.name
    answer = data["submitted_answers"][name]
    solution = data["correct_answers"][name]
    score, feedback = 0, ""
    if opts.indentation:
        wanted = {b["uuid"]: b["indent"] for b in solution}
        for item in answer:
            indent = wanted.get(item["uuid"])
            if indent is not None and indent != -1 and item.get("indent") != indent:
                if "tag" in item:
                    item["tag"] = None
                else:
                    item["inner_html"] = None
    if opts.method == "unordered":
        right = len({b["uuid"] for b in solution} & {item["uuid"] for item in answer})
        score = max(0.0, float(right - (len(answer) - right)) / len(solution))
    elif opts.method in LCS_METHODS:
        tags = [item["tag"] for item in answer]
        group_of = {}
        if opts.method == "dag" and opts.multigraph:
            prefix, length, depends = graph.grade_multigraph(tags, *_multigraph(solution))
        else:
            depends, group_of = _grading_dag(solution, opts.method)
            prefix, length = graph.grade_dag(tags, depends, group_of)
        first_wrong = None if prefix == len(tags) else prefix
        if opts.feedback != "none":
            _mark(answer, prefix, first_wrong, opts.feedback)
        if opts.partial_credit == "none":
            score = 1 if prefix == length and len(tags) == length else 0
        else:
            score = max(0, float(length - graph.edit_distance(tags, depends, group_of)) / length)
        if score < 1:
            at_distractor = first_wrong is not None and answer[first_wrong]["uuid"] in _distractor_uuids(data, name, solution)
            feedback = _feedback(opts.feedback, first_wrong, group_of, opts.indentation, at_distractor)
    data["partial_scores"][name] = {"score": round(score, 2), "feedback": feedback, "weight": opts.weight}


def test(element_html, data):
    opts = _options(element_html)
    name, raw_name = opts.name, opts.name + "-input"
    solution = deepcopy(data["correct_answers"][name])
    kind = data["test_type"]
    if kind == "invalid":
        # PrairieLearn's own expectation, though its parse words a blank answer otherwise.
        data["raw_submitted_answers"][raw_name] = json.dumps([])
        data["format_errors"][name] = "No answer was submitted."
        return
    answer = list(_solved(solution, opts.method, True) if opts.multigraph else solution)
    if kind == "correct":
        data["raw_submitted_answers"][raw_name] = json.dumps(answer)
        data["partial_scores"][name] = {"score": 1, "weight": opts.weight, "feedback": ""}
        return
    # The wrong answer is the correct one without its first block.
    answer.pop(0)
    score = 0
    if opts.method == "unordered" or (opts.method in LCS_METHODS and opts.partial_credit == "lcs"):
        score = round(float(len(answer)) / (len(answer) + 1), 2)
    feedback = ""
    if opts.method in ("dag", "ranking"):
        tags = [b["tag"] for b in answer]
        depends, group_of = _grading_dag(solution, opts.method)
        prefix, _ = graph.grade_dag(tags, depends, group_of)
        first_wrong = None if prefix == len(tags) else prefix
        at_distractor = first_wrong is not None and answer[first_wrong]["uuid"] in _distractor_uuids(data, name, solution)
        feedback = _feedback(opts.feedback, first_wrong, group_of, opts.indentation, at_distractor)
    data["raw_submitted_answers"][raw_name] = json.dumps(answer)
    data["partial_scores"][name] = {"score": score, "weight": opts.weight, "feedback": feedback}
