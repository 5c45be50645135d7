"""Rewrites |x| as abs(x) before parsing student math."""

OPENERS = set("+-*/^(,")


class MismatchedBars(ValueError):
    pass


def replace_abs_bars(text: str) -> str:
    """'|x - 1| + 2|y|' -> 'abs(x - 1) + 2abs(y)'; raises MismatchedBars when the bars cannot be paired."""
    if "|" not in text:
        return text
    if text.count("|") % 2:
        raise MismatchedBars(text)
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch != "|":
            out.append(ch)
            continue
        previous = "".join(out).rstrip()[-1:]
        opening = depth == 0 or previous == "" or previous in OPENERS
        if opening:
            out.append("abs(")
            depth += 1
        else:
            out.append(")")
            depth -= 1
    if depth != 0:
        raise MismatchedBars(text)
    return "".join(out)
