"""Grading of pl-order-blocks submissions: dependency graphs, the longest correct prefix, LCS-style partial
credit and first-wrong feedback. Blocks are dicts with at least `uuid`, `tag`, `depends` (a list of
alternatives, each a list of tags that must all come first) and `group` (a group tag or None)."""

import networkx as nx

INCOMPLETE = "Your answer is correct so far, but it is incomplete."


def satisfied(block, seen_tags):
    if not block["depends"]:
        return True
    return any(all(tag in seen_tags for tag in alternative) for alternative in block["depends"])


def group_members(solution):
    members = {}
    for block in solution:
        if block.get("group"):
            members.setdefault(block["group"], set()).add(block["tag"])
    return members


def correct_prefix_length(submission, solution):
    """How many leading submitted blocks form the start of some valid solution."""
    by_uuid = {block["uuid"]: block for block in solution}
    members = group_members(solution)
    seen = set()
    open_group = None
    for index, sub in enumerate(submission):
        block = by_uuid.get(sub["uuid"])
        if block is None or block["tag"] in seen or not satisfied(block, seen):
            return index
        if open_group is not None and block.get("group") != open_group:
            return index
        seen.add(block["tag"])
        group = block.get("group")
        if group is not None:
            open_group = None if members[group] <= seen else group
            if members[group] <= seen:
                seen.add(group)
    return len(submission)


def is_complete(submission, solution):
    if correct_prefix_length(submission, solution) != len(submission):
        return False
    finals = {block["uuid"] for block in solution if block.get("final")}
    if finals:
        return bool(submission) and submission[-1]["uuid"] in finals
    return {s["uuid"] for s in submission} == {block["uuid"] for block in solution}


def _ancestors(solution):
    """Tag -> tags that must come before it (following only the first alternative of each depends)."""
    graph = nx.DiGraph()
    members = group_members(solution)
    for block in solution:
        graph.add_node(block["tag"])
        for tag in block["depends"][0] if block["depends"] else []:
            for before in members.get(tag, {tag}):
                graph.add_edge(before, block["tag"])
    return {node: nx.ancestors(graph, node) for node in graph.nodes}


def edit_distance(submission, solution):
    """Fewest block insertions and deletions that turn the submission into a valid solution."""
    by_uuid = {block["uuid"]: block for block in solution}
    kept = []
    for sub in submission:
        block = by_uuid.get(sub["uuid"])
        if block is not None and block["tag"] not in {b["tag"] for b in kept}:
            kept.append(block)
    ancestors = _ancestors(solution)
    conflicts = nx.Graph()
    conflicts.add_nodes_from(range(len(kept)))
    for i, early in enumerate(kept):
        for j in range(i + 1, len(kept)):
            if kept[j]["tag"] in ancestors.get(early["tag"], set()):
                conflicts.add_edge(i, j)
    # The largest set of submitted blocks that can stay where they are is a maximum independent set.
    largest = len(nx.max_weight_clique(nx.complement(conflicts), weight=None)[0]) if kept else 0
    return (len(submission) - largest) + (len(solution) - largest)


def first_wrong_feedback(submission, solution, verbose, check_indent):
    """PrairieLearn's first-wrong feedback: "incomplete", or where the answer goes wrong and the likely causes."""
    prefix = correct_prefix_length(submission, solution)
    if prefix == len(submission):
        return INCOMPLETE
    where = f'Your answer is incorrect starting at <span style="color:red;">block number {prefix + 1}</span>'
    wrong = submission[prefix]
    if verbose and wrong.get("is_distractor"):
        text = where + " as the block at that location is not a part of any correct solution."
        note = wrong.get("distractor_feedback")
        return text + (f"<br>{note}" if note else "")
    causes = ["This block is not a part of the correct solution.",
              "This block needs to come after a block that did not appear before it."]
    if check_indent:
        causes.append("This line is indented incorrectly.")
    if any(block.get("group") for block in solution):
        causes.append("You have attempted to start a new section of the answer without finishing the previous section.")
    items = "".join(f"<li>{cause}</li>" for cause in causes)
    text = where + f". The problem is most likely one of the following:<ul>{items}</ul>"
    if verbose and wrong.get("ordering_feedback"):
        text += wrong["ordering_feedback"]
    return text


def unordered_score(submission, solution, check_indent):
    wanted = {block["uuid"]: block for block in solution}
    right = sum(1 for sub in submission if sub["uuid"] in wanted and _indent_ok(sub, wanted[sub["uuid"]], check_indent))
    extra = len(submission) - right
    return max(0.0, (right - extra) / len(solution))


def _indent_ok(sub, block, check_indent):
    wanted = block.get("indent")
    return not check_indent or wanted is None or wanted == -1 or sub.get("indent") == wanted


def grade_blocks(submission, solution, method, partial_credit, feedback, check_indent):
    """Returns (score rounded to 2 decimals, feedback HTML or "")."""
    by_uuid = {block["uuid"]: block for block in solution}
    # A block at the wrong indentation counts as a block that is not in the solution.
    checked = [sub if sub["uuid"] in by_uuid and _indent_ok(sub, by_uuid[sub["uuid"]], check_indent)
               else {**sub, "uuid": None} for sub in submission]
    if method == "unordered":
        score = unordered_score(checked, solution, False)
    elif is_complete(checked, solution):
        score = 1.0
    elif partial_credit == "lcs":
        n = len(solution)
        score = max(0.0, (n - edit_distance(checked, solution)) / n)
    else:
        score = 0.0
    score = round(score, 2)
    message = ""
    if score < 1 and feedback != "none":
        message = first_wrong_feedback(checked, solution, feedback == "first-wrong-verbose", check_indent)
    return score, message
