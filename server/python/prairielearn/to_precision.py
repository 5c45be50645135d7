"""Significant-figure formatting (`to_precision`)."""

__all__ = ["to_precision"]


def _digits(value: float, precision: int) -> tuple[str, int]:
    """Mantissa digits (exactly `precision` of them) and the decimal exponent of the first one."""
    if value == 0:
        return "0" * precision, 0
    mant, exp = f"{abs(value):.{precision - 1}e}".split("e")
    return mant.replace(".", ""), int(exp)


def _std(value: float, precision: int) -> str:
    digits, e = _digits(value, precision)
    sign = "-" if value < 0 else ""
    if e >= precision - 1:
        return sign + digits + "0" * (e - precision + 1)
    if e >= 0:
        return sign + digits[: e + 1] + "." + digits[e + 1 :]
    return sign + "0." + "0" * (-e - 1) + digits


def _sci(value: float, precision: int, filler: str, eng: bool = False) -> str:
    digits, e = _digits(value, precision)
    sign = "-" if value < 0 else ""
    lead = 1
    if eng:
        shift = e % 3
        lead += shift
        e -= shift
        if len(digits) < lead:
            digits += "0" * (lead - len(digits))
    mant = digits[:lead] + ("." + digits[lead:] if len(digits) > lead else "")
    return f"{sign}{mant}{filler}{e}"


def to_precision(value: float, precision: int, notation: str = "auto", filler: str = "e") -> str:
    """`value` with `precision` significant figures: notation auto (std within (-1000, 1000)), sci, eng, std."""
    value = float(value)
    precision = int(precision)
    if notation == "auto":
        notation = "std" if -1000 < value < 1000 else "sci"
    if notation == "std":
        return _std(value, precision)
    if notation == "sci":
        return _sci(value, precision, filler)
    if notation == "eng":
        return _sci(value, precision, filler, eng=True)
    raise ValueError(f"Unknown notation: {notation}")
