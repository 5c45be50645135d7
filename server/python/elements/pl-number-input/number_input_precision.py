"""How precise a typed number is: used to warn that an incorrect answer was rounded too coarsely."""

from decimal import Decimal, InvalidOperation


def _plain(text: str) -> str | None:
    """The unsigned decimal spelling of `text`; None for fractions (their precision is unbounded)."""
    s = text.strip().lstrip("+-\u2212")
    if "/" in s:
        return None
    if "e" in s.lower():
        try:
            return format(Decimal(s), "f")
        except InvalidOperation:
            return s
    return s


def place_value(text: str) -> float:
    """Value of the last written digit: '1.25' -> 0.01, '1200' -> 100, fractions -> 0."""
    s = _plain(text)
    if s is None:
        return 0.0
    if "." in s:
        return 10.0 ** -len(s.partition(".")[2])
    return 10.0 ** (len(s) - len(s.rstrip("0")))


def significant_digits(text: str) -> int:
    s = _plain(text)
    if s is None:
        return 1000
    if "." in s:
        whole, _, frac = s.partition(".")
        digits = (whole + frac).lstrip("0")
        return len(digits) if digits else max(len(frac), 1)
    digits = s.strip("0")
    return len(digits) if digits else 1


def decimal_digits(text: str) -> int:
    s = _plain(text)
    if s is None:
        return 1000
    return len(s.partition(".")[2].lstrip("0")) if "." in s else 0
