"""A small Mustache renderer with chevron's `render(template, data)` API.

Used only when the real `chevron` package is not installed (this folder is last on sys.path).
Supports variables ({{x}}, {{{x}}}, {{& x}}), dotted names, {{.}}, sections, inverted sections,
comments, partials (partials_dict or files), delimiter changes and standalone-line trimming.
"""

import os
from typing import Any

__all__ = ["render", "ChevronError"]


class ChevronError(SyntaxError):
    pass


def _escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _tokenize(template: str, ldel: str, rdel: str) -> list[tuple[str, str]]:
    """[(kind, value)] with kind in literal, var, raw, section, inverted, end, partial; standalone lines trimmed."""
    tokens: list[tuple[str, str]] = []
    pos = 0
    while True:
        start = template.find(ldel, pos)
        if start < 0:
            tokens.append(("literal", template[pos:]))
            break
        literal = template[pos:start]
        triple = ldel == "{{" and template.startswith("{{{", start)
        close = "}}}" if triple else rdel
        end = template.find(close, start + len(ldel) + (1 if triple else 0))
        if end < 0:
            raise ChevronError(f"unclosed tag at position {start}")
        inner = template[start + len(ldel) + (1 if triple else 0) : end].strip()
        pos = end + len(close)
        if triple:
            kind, name = "raw", inner
        elif inner[:1] in "#^/>&!=":
            sigil, name = inner[0], inner[1:].strip()
            kind = {"#": "section", "^": "inverted", "/": "end", ">": "partial", "&": "raw", "!": "comment", "=": "delim"}[sigil]
        else:
            kind, name = "var", inner
        if kind in ("section", "inverted", "end", "partial", "comment", "delim"):
            before = template[template.rfind("\n", 0, start) + 1 : start]
            nl = template.find("\n", pos)
            after = template[pos : nl if nl >= 0 else len(template)]
            if before.strip() == "" and after.strip() == "":
                literal = literal[: len(literal) - len(before)]
                pos = nl + 1 if nl >= 0 else len(template)
                if kind == "partial":
                    name = name + "\0" + before  # indentation for the partial
        tokens.append(("literal", literal))
        if kind == "delim":
            ldel, rdel = name.rstrip("=").strip().split()
            continue
        if kind != "comment":
            tokens.append((kind, name))
    return [t for t in tokens if not (t[0] == "literal" and t[1] == "")]


def _tree(tokens: list[tuple[str, str]]) -> list[Any]:
    root: list[Any] = []
    stack: list[tuple[str, str, list[Any]]] = [("root", "", root)]
    for kind, value in tokens:
        if kind in ("section", "inverted"):
            children: list[Any] = []
            stack[-1][2].append((kind, value, children))
            stack.append((kind, value, children))
        elif kind == "end":
            if len(stack) == 1 or stack[-1][1] != value:
                raise ChevronError(f'Trying to close tag "{value}" which is not open')
            stack.pop()
        else:
            stack[-1][2].append((kind, value))
    if len(stack) > 1:
        raise ChevronError(f'Unclosed tag "{stack[-1][1]}"')
    return root


_MISSING = object()


def _lookup(name: str, scopes: list[Any]) -> Any:
    if name == ".":
        return scopes[-1]
    first, *rest = name.split(".")
    for scope in reversed(scopes):
        value = _get(scope, first)
        if value is not _MISSING:
            for part in rest:
                value = _get(value, part)
                if value is _MISSING:
                    return ""
            return value
    return ""


def _get(scope: Any, key: str) -> Any:
    if isinstance(scope, dict):
        return scope.get(key, _MISSING)
    if isinstance(scope, (list, tuple)) and key.isdigit() and int(key) < len(scope):
        return scope[int(key)]
    return getattr(scope, key, _MISSING) if not isinstance(scope, (str, int, float, bool)) and scope is not None else _MISSING


def _text(value: Any) -> str:
    if value is None or value is _MISSING:
        return ""
    return str(value)


def _render_nodes(nodes: list[Any], scopes: list[Any], partials: "_Partials") -> str:
    out: list[str] = []
    for node in nodes:
        kind, value = node[0], node[1]
        if kind == "literal":
            out.append(value)
        elif kind == "var":
            out.append(_escape(_text(_lookup(value, scopes))))
        elif kind == "raw":
            out.append(_text(_lookup(value, scopes)))
        elif kind == "partial":
            name, _, indent = value.partition("\0")
            text = partials.get(name)
            if indent:
                text = "".join(indent + line for line in text.splitlines(True))
            out.append(_render_nodes(_tree(_tokenize(text, "{{", "}}")), scopes, partials))
        elif kind == "section":
            v = _lookup(value, scopes)
            if isinstance(v, (list, tuple)):
                for item in v:
                    out.append(_render_nodes(node[2], scopes + [item], partials))
            elif v:
                out.append(_render_nodes(node[2], scopes + [v], partials))
        elif kind == "inverted":
            v = _lookup(value, scopes)
            if not v:
                out.append(_render_nodes(node[2], scopes, partials))
    return "".join(out)


class _Partials:
    def __init__(self, path: str, ext: str, mapping: dict[str, str]) -> None:
        self.path, self.ext, self.mapping = path, ext, mapping

    def get(self, name: str) -> str:
        if name in self.mapping:
            return self.mapping[name]
        file = os.path.join(self.path, name + ("." + self.ext if self.ext else ""))
        try:
            with open(file, encoding="utf-8") as f:
                return f.read()
        except OSError:
            return ""


def render(
    template: Any = "",
    data: Any = None,
    partials_path: str | None = ".",
    partials_ext: str = "mustache",
    partials_dict: dict[str, str] | None = None,
    padding: str = "",
    def_ldel: str = "{{",
    def_rdel: str = "}}",
    scopes: list[Any] | None = None,
    warn: bool = False,
    keep: bool = False,
) -> str:
    """Renders a Mustache template (a string or an open file) with `data`."""
    if hasattr(template, "read"):
        template = template.read()
    tree = _tree(_tokenize(template, def_ldel, def_rdel))
    partials = _Partials(partials_path or ".", partials_ext, partials_dict or {})
    return _render_nodes(tree, (scopes or []) + [data if data is not None else {}], partials)
