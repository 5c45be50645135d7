"""pl-order-blocks' attributes and blocks, read as PrairieLearn reads them (88fb855,
elements/pl-order-blocks/order_blocks_options_parsing.py). The reading itself draws from `random`:
a block or group without a `tag` gets a fresh uuid as its tag, and PrairieLearn makes that uuid (one
`random.choice` for its first letter) for every block and group, tag or not, each time it reads the
element. Reading in the same order keeps the later draws (the uuids, the distractors, the shuffle)
where PrairieLearn has them."""

import prairielearn as pl

METHODS = ["unordered", "ordered", "ranking", "dag", "external"]
LCS_METHODS = ("ranking", "dag", "ordered")
CHOICES = {
    "grading-method": (METHODS, "ordered"),
    "source-blocks-order": (["random", "alphabetized", "ordered", "random-sections"], "alphabetized"),
    "distractor-order": (["random", "inherit"], "inherit"),
    "solution-placement": (["right", "bottom"], "right"),
    "partial-credit": (["none", "lcs"], "none"),
    "feedback": (["none", "first-wrong", "first-wrong-verbose"], "none"),
    "format": (["default", "code"], "default"),
    "display-blocks": (["vertical", "inline-wrap", "inline-nowrap"], "vertical"),
}
ELEMENT_ATTRIBUTES = ["allow-blank", "code-language", "display-blocks", "distractor-order", "feedback", "file-name",
                      "format", "grading-method", "indentation", "inline", "max-incorrect", "max-indent",
                      "min-incorrect", "partial-credit", "solution-header", "solution-placement",
                      "source-blocks-order", "source-header", "weight"]
_BASE = ["correct", "initially-placed"]
_ORDERED = _BASE + ["indent", "distractor-feedback"]
ANSWER_ATTRIBUTES = {
    "external": _BASE,
    "unordered": _ORDERED,
    "ordered": _ORDERED,
    "ranking": _ORDERED + ["tag", "ranking", "distractor-for", "ordering-feedback"],
    "dag": _ORDERED + ["tag", "depends", "distractor-for", "ordering-feedback", "final"],
}
ALL_ANSWER_ATTRIBUTES = sorted(set(ANSWER_ATTRIBUTES["dag"]) | set(ANSWER_ATTRIBUTES["ranking"]))
SPECIAL = "*&^$@!~[]{}()|:@?/\\"


def _choice(element, name):
    allowed, default = CHOICES[name]
    value = pl.get_string_attrib(element, name, default)
    if value != value.lower():
        raise ValueError(f'Value "{value}" assigned to "{name}" cannot have uppercase characters.')
    if value not in allowed:
        raise ValueError(f'{value} is not a valid type for attribute "{name}", must be one of: {", ".join(allowed)}.')
    return value


def _is_element(node):
    return isinstance(node.tag, str)


def _tag_and_depends(node, multigraph):
    """The tag (a fresh uuid when absent: drawn either way) and depends: a list of tags, or under
    optional blocks with "|", a list of alternatives."""
    tag = pl.get_string_attrib(node, "tag", pl.get_uuid()).strip()
    text = pl.get_string_attrib(node, "depends", "")
    if multigraph and ":" in text:
        raise ValueError("The linked options feature is currently unavailable.")
    if multigraph and "|" in text:
        return tag, [[t.strip() for t in alternative.split(",") if alternative != ""] for alternative in text.split("|")]
    return tag, [t.strip() for t in text.split(",")] if text else []


class Block:
    def __init__(self, node, group, method, multigraph, indentation):
        allowed = ANSWER_ATTRIBUTES[method]
        for attribute in node.attrib:
            if attribute.replace("_", "-") not in allowed:
                raise ValueError(f"pl-answer: {attribute} is not valid with this pl-order-blocks grading method.")
        self.tag, self.depends = _tag_and_depends(node, multigraph)
        self.final = pl.get_boolean_attrib(node, "final", False) if multigraph else False
        self.correct = pl.get_boolean_attrib(node, "correct", True)
        self.initially_placed = pl.get_boolean_attrib(node, "initially-placed", False)
        self.ranking = pl.get_integer_attrib(node, "ranking", -1)
        # Without indentation an omitted indent is None; with it, -1 (any indent).
        self.indent = pl.get_integer_attrib(node, "indent", -1 if indentation else None)
        self.distractor_for = pl.get_string_attrib(node, "distractor-for", None)
        self.distractor_feedback = pl.get_string_attrib(node, "distractor-feedback", None)
        self.ordering_feedback = pl.get_string_attrib(node, "ordering-feedback", None)
        self.inner_html = pl.inner_html(node)
        self.group_info = group


class Options:
    def __init__(self, element):
        pl.check_attribs(element, ["answers-name"], ELEMENT_ATTRIBUTES)
        self.name = pl.get_string_attrib(element, "answers-name")
        self.weight = pl.get_integer_attrib(element, "weight", 1)
        self.method = _choice(element, "grading-method")
        self.allow_blank = pl.get_boolean_attrib(element, "allow-blank", False)
        self.file_name = pl.get_string_attrib(element, "file-name", "user_code.py")
        self.source_order = _choice(element, "source-blocks-order")
        self.distractor_order = _choice(element, "distractor-order")
        self.indentation = pl.get_boolean_attrib(element, "indentation", False)
        self.source_header = pl.get_string_attrib(element, "source-header", "Drag from here:")
        self.solution_header = pl.get_string_attrib(element, "solution-header", "Construct your solution here:")
        self.placement = _choice(element, "solution-placement")
        self.max_indent = pl.get_integer_attrib(element, "max-indent", 4)
        self.partial_credit = _choice(element, "partial-credit")
        self.feedback = _choice(element, "feedback")
        self.format = _choice(element, "format")
        self.code_language = pl.get_string_attrib(element, "code-language", None)
        self.inline = pl.get_boolean_attrib(element, "inline", False)
        self.display_blocks = _choice(element, "display-blocks")
        self.multigraph = any("|" in pl.get_string_attrib(child, "depends", "") for child in element if _is_element(child))
        self.blocks = self._read_blocks(element)
        self.correct = [b for b in self.blocks if b.correct]
        self.incorrect = [b for b in self.blocks if not b.correct]
        self.max_incorrect = pl.get_integer_attrib(element, "max-incorrect", len(self.incorrect))
        self.min_incorrect = pl.get_integer_attrib(element, "min-incorrect", len(self.incorrect))

    def _read_blocks(self, element):
        blocks = []
        for child in element:
            if not _is_element(child):
                continue
            if child.tag == "pl-block-group":
                pl.check_attribs(child, [], ["tag", "depends"])
                tag, depends = _tag_and_depends(child, False)
                for answer in child:
                    if not _is_element(answer):
                        continue
                    if answer.tag != "pl-answer":
                        raise ValueError(f"pl-block-group may contain only pl-answer, not <{answer.tag}>")
                    blocks.append(Block(answer, {"tag": tag, "depends": depends}, self.method, self.multigraph, self.indentation))
            elif child.tag == "pl-answer":
                pl.check_attribs(child, [], ALL_ANSWER_ATTRIBUTES)
                blocks.append(Block(child, {"tag": None, "depends": None}, self.method, self.multigraph, self.indentation))
            else:
                raise ValueError(f"pl-order-blocks may contain only pl-answer and pl-block-group, not <{child.tag}>")
        return blocks

    @property
    def inline_blocks(self):
        return self.inline or self.display_blocks in ("inline-wrap", "inline-nowrap")

    def validate(self):
        """PrairieLearn's checks, in its order (prepare only); format="code" wraps each block in pl-code."""
        if self.method not in LCS_METHODS and self.partial_credit != "none":
            raise ValueError("You may only specify partial credit options in the DAG, ordered, and ranking grading modes.")
        if self.method not in ("dag", "ranking") and self.feedback != "none":
            raise ValueError(f"feedback type {self.feedback} is not available with the {self.method} grading-method.")
        if self.format == "default" and self.code_language is not None:
            raise ValueError('code-language attribute may only be used with format="code"')
        if self.method != "external" and not self.correct:
            raise ValueError("There are no correct answers specified for this question.")
        if self.min_incorrect > len(self.incorrect) or self.max_incorrect > len(self.incorrect):
            raise ValueError("The min-incorrect or max-incorrect attribute may not exceed the number of incorrect <pl-answers>.")
        if self.min_incorrect > self.max_incorrect:
            raise ValueError("The attribute min-incorrect must be smaller than max-incorrect.")
        if self.inline_blocks and self.indentation:
            raise ValueError('The indentation attribute may not be used when display-blocks is set to "inline-wrap" or "inline-nowrap".')
        if self.distractor_order == "random" and self.source_order == "random":
            raise ValueError('distractor-order="random" cannot be used with source-blocks-order="random".')
        self._validate_blocks()
        if self.multigraph and not any(b.final for b in self.blocks):
            raise ValueError('Use of optional lines requires at least one <pl-answer final="true"> block that can be the final block in a valid ordering.')

    def _validate_blocks(self):
        used_tags, used_groups = [], []
        distractor_targets = [b.distractor_for for b in self.blocks if b.distractor_for is not None]
        for b in self.blocks:
            group = b.group_info["tag"]
            if self.method != "dag" and group is not None:
                raise ValueError('Block groups only supported in the "dag" grading mode.')
            if self.multigraph and group is not None:
                raise ValueError("Block groups not supported with the optional-lines feature.")
            if not self.indentation and b.indent is not None:
                raise ValueError("<pl-answer> should not specify indentation if indentation is disabled.")
            if b.ordering_feedback is not None and not b.correct:
                raise ValueError("The ordering-feedback attribute may only be used on blocks with correct=true.")
            if set(SPECIAL) & set(b.tag):
                raise ValueError(f'<pl-answer tag="{b.tag}"> tag attribute may not contain special characters: "{SPECIAL}"')
            if b.correct:
                if b.tag in used_tags:
                    raise ValueError(f'Tag "{b.tag}" used in multiple places. The tag attribute for each <pl-answer> and <pl-block-group> must be unique.')
                used_tags.append(b.tag)
                if b.initially_placed and b.tag in distractor_targets:
                    raise ValueError("A block with distractors cannot be initially placed.")
            elif b.initially_placed:
                raise ValueError("Incorrect blocks cannot be initially placed.")
            if group in used_tags and b.group_info not in used_groups:
                raise ValueError(f'Tag "{group}" used in multiple places. The tag attribute for each <pl-answer> and <pl-block-group> must be unique.')
            if group is not None:
                used_tags.append(group)
                used_groups.append(b.group_info)
            if self.format == "code":
                language = f' language="{self.code_language}"' if self.code_language else ""
                b.inner_html = f"<pl-code{language}>{b.inner_html}</pl-code>"
