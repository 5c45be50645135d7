"""Walking question.html: render replaces elements outside-in (re-parsing what each returns); the
other phases call every mapped element in document order (docs/reference/questionLifecycle.md, Processing question.html)."""

import html as html_lib

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


def _escape_attr(value):
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("\xa0", "&nbsp;")


def _text(text, parent_tag):
    if not text:
        return ""
    return text if parent_tag in RAW_TEXT else html_lib.escape(text)


DOCS = "https://prairielearn.readthedocs.io/en/latest/elements/"


def _docs_link(tag):
    name = tag.replace("_", "-")
    return f'<a href="{DOCS}{name}/">PrairieLearn\'s documentation of {name}</a>'


def unsupported_box(tag):
    return (
        f'<div class="pl-unsupported-element alert alert-warning" data-element="{tag}">'
        f"&lt;{tag}&gt; is not previewed here ({_docs_link(tag)})</div>"
    )


def unknown_box(tag):
    # A pl-* tag that is neither an element here nor on the element list this runtime was built from:
    # most likely one PrairieLearn added later (or a misspelt one, whose content PrairieLearn shows as is).
    return (
        f'<div class="pl-unsupported-element pl-unknown-element alert alert-warning" data-element="{tag}">'
        f"&lt;{tag}&gt; is not an element this preview knows; it may be newer than this extension "
        f"({_docs_link(tag)})</div>"
    )


def is_unknown_element(tag, child_tags):
    return tag.startswith(("pl-", "pl_")) and tag not in child_tags


class Renderer:
    """render: `call(tag, el)` returns (has render, html or None); `unsupported` names tags to box."""

    def __init__(self, elements, call, known_unsupported, child_tags=frozenset()):
        self.elements = elements
        self.child_tags = child_tags
        self.call = call
        self.known_unsupported = known_unsupported
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
        attrs = "".join(f' {k}="{_escape_attr(v or "")}"' for k, v in node.attrib.items())
        inner = _text(node.text, tag) + "".join(self._node(c, tag) + _text(c.tail, tag) for c in node)
        if tag in VOID and not inner:
            return f"{box}<{tag}{attrs}>"
        return f"{box}<{tag}{attrs}>{inner}</{tag}>"


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
