"""Walking question.html: render replaces elements outside-in (re-parsing what each returns); the
other phases call every mapped element in document order (docs/reference/questionLifecycle.md, Processing question.html)."""

import re

import lxml.etree
import lxml.html

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
RAW_TEXT = {"script", "style"}
# Only these attributes name an element in an error message, as in PrairieLearn.
DESCRIBING = ("answers-name", "file-name", "params-name", "submitted-file-name")


def parse_fragments(text):
    if not text or not text.strip():
        return [text] if text else []
    return lxml.html.fragments_fromstring(text)


def describe(el):
    attrs = "".join(f' {a}="{el.get(a)}"' for a in DESCRIBING if el.get(a) is not None)
    return f"<{el.tag}{attrs}>"


def outer_html(el):
    return lxml.html.tostring(el, encoding="unicode", with_tail=False)


# What may stand as an attribute name in the output; anything else (only a broken template makes one) is dropped.
ATTRIBUTE_NAME = re.compile(r"^[^\s\"'<>/=\x00-\x1f\x7f]+$")


def escape_text(text):
    """Text as it must appear between tags: nothing in it can open a tag or an entity."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#x27;")
    )


def escape_attr(value):
    # `<` and `>` too: a page that later looked for tags in the text must never find one inside a value.
    return escape_text(value).replace("\xa0", "&nbsp;")


def _raw_text(text, tag):
    # A script or style body never holds its own end tag (lxml ended it there); keep it that way.
    return re.sub(f"</(?={tag})", "<\\\\/", text, flags=re.IGNORECASE)


def _text(text, parent_tag):
    if not text:
        return ""
    return _raw_text(text, parent_tag) if parent_tag in RAW_TEXT else escape_text(text)


DOCS = "https://prairielearn.readthedocs.io/en/latest/elements/"


def _docs_link(tag):
    name = tag.replace("_", "-")
    return f'<a href="{DOCS}{name}/">PrairieLearn\'s documentation of {name}</a>'


# Why a known element is not run here, where the reason is not plain from its name (the same words as
# pl-check's note: server/lib/runtime/notRunReasons.ts).
# Every element of PrairieLearn's list runs here now; a reason goes here if one ever cannot.
NOT_RUN_REASONS: dict[str, str] = {}


def unsupported_box(tag):
    reason = NOT_RUN_REASONS.get(tag)
    tag = escape_attr(tag)
    why = f": {reason}" if reason else ""
    return (
        f'<div class="pl-unsupported-element alert alert-warning" data-element="{tag}">'
        f"&lt;{tag}&gt; is not previewed here{why} ({_docs_link(tag)})</div>"
    )


def unknown_box(tag):
    # A pl-* tag that is neither an element here nor on the element list this runtime was built from:
    # most likely one PrairieLearn added later (or a misspelt one, whose content PrairieLearn shows as is).
    tag = escape_attr(tag)
    return (
        f'<div class="pl-unsupported-element pl-unknown-element alert alert-warning" data-element="{tag}">'
        f"&lt;{tag}&gt; is not an element this preview knows; it may be newer than this extension "
        f"({_docs_link(tag)})</div>"
    )


def is_unknown_element(tag, child_tags):
    return tag.startswith(("pl-", "pl_")) and tag not in child_tags


class Renderer:
    """render: `call(tag, el)` returns (has render, html or None); `unsupported` names tags to box.

    The output is written from the parsed tree, so a `<script>` in it is one that question.html, an
    element or server.py wrote as a tag; each gets `nonce` (the page runs only those). Text and
    attribute values, where a student's answer can be, come out fully escaped."""

    def __init__(self, elements, call, known_unsupported, nonce=None, child_tags=frozenset()):
        self.elements = elements
        self.child_tags = child_tags
        self.call = call
        self.known_unsupported = known_unsupported
        self.nonce = nonce
        self.processed = []
        self.unsupported = []
        self.course_output = 0

    def render(self, text):
        return "".join(self._node(n, None) + ("" if isinstance(n, str) else _text(n.tail, None)) for n in parse_fragments(text))

    def _node(self, node, parent_tag):
        if isinstance(node, str):
            return _text(node, parent_tag)
        tag = node.tag
        if not isinstance(tag, str):
            # comment, processing instruction, entity
            return lxml.html.tostring(node, encoding="unicode", with_tail=False)
        if tag in self.elements:
            has_render, out = self.call(tag, node)
            if tag not in self.processed:
                self.processed.append(tag)
            if not has_render or not out:
                return ""
            # A course element may return tags of its own naming (pl-content in a layout element): not boxed.
            course = bool(self.elements[tag].get("course"))
            self.course_output += course
            try:
                return self.render(out if isinstance(out, str) else str(out))
            finally:
                self.course_output -= course
        if tag in self.known_unsupported:
            if tag not in self.unsupported:
                self.unsupported.append(tag)
            return unsupported_box(tag)
        box = ""
        if not self.course_output and is_unknown_element(tag, self.child_tags):
            if tag not in self.unsupported:
                self.unsupported.append(tag)
            # The tag itself stays, as PrairieLearn leaves a tag it has no element for, so its content still shows.
            box = unknown_box(tag)
        attrs = "".join(
            f' {k}="{escape_attr(v or "")}"'
            for k, v in node.attrib.items()
            if ATTRIBUTE_NAME.match(k) and not (tag == "script" and k.lower() == "nonce")
        )
        if tag == "script" and self.nonce:
            attrs += f' nonce="{escape_attr(self.nonce)}"'
        inner = _text(node.text, tag) + "".join(self._node(c, tag) + _text(c.tail, tag) for c in node)
        if tag in VOID and not inner:
            return f"{box}<{tag}{attrs}>"
        return f"{box}<{tag}{attrs}>{inner}</{tag}>"


def serialize(text, nonce=None):
    """HTML that no element renders any more (server.py's render output) written the same way."""
    return Renderer({}, None, set(), nonce).render(text)


def execute(text, elements, call):
    """Every mapped element in pre-order, each once: `call(tag, el)`. Returns the tags visited."""
    visited = []
    for fragment in parse_fragments(text):
        if isinstance(fragment, str):
            continue
        for el in fragment.iter():
            if isinstance(el.tag, str) and el.tag in elements:
                call(el.tag, el)
                if el.tag not in visited:
                    visited.append(el.tag)
    return visited
