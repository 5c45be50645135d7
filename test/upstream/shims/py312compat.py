"""Lets Python 3.11 run PrairieLearn's Python (written for 3.12+): before compiling, its source loses
the PEP 695 type-parameter lists (`def f[T: X](`, `class C[T]:`) and `type X = ...` becomes
`X = ...`; annotations are made lazy so the removed type parameters are never evaluated.
Used by the comparison tool only; behaviour does not depend on what is removed."""

import importlib.machinery
import os
import re
import sys

HEADER = re.compile(r"^(\s*)(def|class)\s+(\w+)\[")
TYPE_ALIAS = re.compile(r"^(\s*)type\s+(\w+)(\[[^\]]*\])?\s*=", re.M)
FUTURE = re.compile(r"^from __future__ import annotations\s*$", re.M)


def _drop_brackets(source: str) -> str:
    out, pos = [], 0
    for m in re.finditer(r"(?m)^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+\w+\[", source):
        start = m.end() - 1
        depth, i = 0, start
        while i < len(source):
            c = source[i]
            if c in "[(":
                depth += 1
            elif c in "])":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out.append(source[pos:start])
        pos = i + 1
    out.append(source[pos:])
    return "".join(out)


def transform(source: str) -> str:
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    changed = _drop_brackets(source)
    changed = TYPE_ALIAS.sub(lambda m: f"{m.group(1)}{m.group(2)} =", changed)
    if changed == source:
        return source
    changed = FUTURE.sub("", changed)
    return "from __future__ import annotations\n" + changed


_compiled = {}


def compile_compat(source, filename, mode, *args, **kwargs):
    """compile() of transformed source, remembered by (file, source): a warm parent compiles once for all forks."""
    if not isinstance(source, (str, bytes)) or args or kwargs:
        return compile(source, filename, mode, *args, **kwargs)
    key = (str(filename), source, mode)
    if key not in _compiled:
        _compiled[key] = compile(transform(source), filename, mode)
    return _compiled[key]


class _Loader(importlib.machinery.SourceFileLoader):
    def source_to_code(self, data, path, *, _optimize=-1):
        return compile(transform(data), path, "exec", dont_inherit=True, optimize=_optimize)


class _Finder:
    def __init__(self, roots):
        self.roots = [os.path.abspath(r) + os.sep for r in roots]

    def find_spec(self, fullname, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec and spec.origin and spec.origin.endswith(".py") and any(spec.origin.startswith(r) for r in self.roots):
            spec.loader = _Loader(fullname, spec.origin)
        return spec


def install(roots):
    """Transforms every module imported from under `roots` (the checkout's Python and elements)."""
    sys.meta_path.insert(0, _Finder(roots))
    sys.dont_write_bytecode = True
    import typing

    if not hasattr(typing, "TypeIs"):  # 3.13's narrowing annotation (pl-order-blocks' dag checker); only annotates
        typing.TypeIs = typing.TypeGuard
    try:  # pl-code subclasses HtmlFormatter[str]; Debian's Pygments 2.14 predates its generic form
        from pygments.formatters.html import HtmlFormatter

        if not hasattr(HtmlFormatter, "__class_getitem__"):
            HtmlFormatter.__class_getitem__ = classmethod(lambda cls, _item: cls)
    except ImportError:
        pass
