"""One number typed as text, read as PrairieLearn reads it (float first, then complex where allowed)."""

import re
from typing import Any

import numpy as np

__all__ = ["string_to_number"]


def string_to_number(s: str, *, allow_complex: bool = True) -> Any:
    """np.float64 / np.complex128 parsed from s, or None."""
    s = s.replace("\u2212", "-")
    s = re.sub(r"(?<=\d)\s+(?=\d)", "", s)
    if allow_complex:
        s = s.replace("i", "j")
        s = re.sub(r"\s*([+-])\s*", r"\1", s)
    try:
        return np.float64(float(s))
    except (ValueError, TypeError):
        pass
    if not allow_complex:
        return None
    try:
        return np.complex128(complex(s.strip()))
    except (ValueError, TypeError):
        return None
