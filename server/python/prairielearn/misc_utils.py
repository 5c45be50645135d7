"""Small helpers: answer keys, uuids, unicode handling, pint registry."""

import os
import random
import tempfile
import unicodedata
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

__all__ = [
    "get_unit_registry",
    "index2key",
    "iter_keys",
    "get_uuid",
    "full_unidecode",
    "escape_unicode_string",
    "partition",
]

T = TypeVar("T")

# Characters NFKD cannot reduce to ASCII but that students commonly type.
_ASCII_MAP = {
    "\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "--",
    "\u2018": "'", "\u2019": "'", "\u201a": ",", "\u201c": '"', "\u201d": '"', "\u201e": ",,",
    "\u2026": "...", "\u00d7": "x", "\u00f7": "/", "\u2215": "/", "\u00b7": ".", "\u00a0": " ",
    "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u00f8": "o", "\u00d8": "O", "\u0131": "i",
    "\u0142": "l", "\u0141": "L", "\u00f0": "d", "\u00de": "Th", "\u00fe": "th", "\u03c0": "p",
}


def get_unit_registry() -> Any:
    """A new pint UnitRegistry. Its cache goes in the helper's scratch folder, which the helper
    removes when it ends (PrairieLearn's /tmp/pint_<pid> would be left behind by every worker)."""
    import pint

    scratch = os.environ.get("PL_HELPER_CACHE_DIR")
    folder = os.path.join(scratch, "pint") if scratch else os.path.join(tempfile.gettempdir(), f"pint_{os.getpid()}")
    try:
        return pint.UnitRegistry(cache_folder=folder)
    except TypeError:  # older pint without cache_folder
        return pint.UnitRegistry()


def index2key(i: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa, 27 -> ab, ..."""
    if i < 26:
        return chr(ord("a") + i)
    return index2key(i // 26 - 1) + index2key(i % 26)


def iter_keys() -> Iterator[str]:
    i = 0
    while True:
        yield index2key(i)
        i += 1


def get_uuid() -> str:
    """A uuid4 string starting with a letter a-f (usable as an HTML id); consumes `random`."""
    u = str(uuid.uuid4())
    return random.choice("abcdef") + u[1:]


def full_unidecode(s: str) -> str:
    """Unicode minus becomes '-', then everything is transliterated to ASCII as far as we can."""
    s = s.replace("\u2212", "-")
    out = []
    for ch in s:
        if ord(ch) < 128:
            out.append(ch)
        elif ch in _ASCII_MAP:
            out.append(_ASCII_MAP[ch])
        else:
            decomposed = unicodedata.normalize("NFKD", ch)
            out.append("".join(c for c in decomposed if ord(c) < 128))
    return "".join(out)


def escape_unicode_string(s: str) -> str:
    """Shows control and format characters (Unicode categories Cc, Cf) as <U+xxxx>."""

    def show(c: str) -> str:
        if unicodedata.category(c) in ("Cc", "Cf") and c not in "\n\r\t":
            return f"<U+{ord(c):04x}>"
        return c

    return "".join(show(c) for c in s)


def partition(data: Iterable[T], pred: Callable[[T], bool]) -> tuple[list[T], list[T]]:
    """Splits data into (items where pred holds, the rest)."""
    yes: list[T] = []
    no: list[T] = []
    for d in data:
        (yes if pred(d) else no).append(d)
    return yes, no
