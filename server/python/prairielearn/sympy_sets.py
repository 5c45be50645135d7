"""Set notation in student math (pl-symbolic-input's allow-sets), as PrairieLearn reads it.

PrairieLearn 88fb855 (python/prairielearn/sympy_utils.py: its set-literal, set-operation and interval
token transformations) rewrites, before parsing:
- `U`, `cup`, `∪` to `|` (union) and `cap`, `∩` to `&` (intersection);
- `{a, b}` to `FiniteSet(a, b)` (`{}` is the empty set);
- an interval `(a, b]`, `[a, b)`, ... to `Interval(a, b, left_open, right_open)`: a `(` or `[` that does
  not follow a name, holding exactly one top-level comma.
Our rewrite works on (type, text, column) tokens; the parser then inserts implicit products.
"""

import tokenize


Token = tuple[int, str, int]

UNION_WORDS = {"U", "cup", "\u222a"}
INTERSECTION_WORDS = {"cap", "\u2229"}
OPENERS = {"(", "[", "{"}
CLOSERS = {")", "]", "}"}
SET_NAMES = {"Interval", "FiniteSet", "Union", "Intersection", "[", "]", "{", "}", "|", "&"}


class SetNotationSyntaxError(Exception):
    """Unbalanced braces or a malformed interval; the parser reports it as a syntax error."""


def _syntax_error(why: str) -> SetNotationSyntaxError:
    return SetNotationSyntaxError(why)


def _operators(tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    for kind, text, col in tokens:
        if kind in (tokenize.NAME, tokenize.ERRORTOKEN, tokenize.OP) and text in UNION_WORDS:
            out.append((tokenize.OP, "|", col))
        elif kind in (tokenize.NAME, tokenize.ERRORTOKEN, tokenize.OP) and text in INTERSECTION_WORDS:
            out.append((tokenize.OP, "&", col))
        else:
            out.append((kind, text, col))
    return out


def _literals(tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    depth = 0
    for kind, text, col in tokens:
        if text == "{":
            out += [(tokenize.NAME, "FiniteSet", col), (tokenize.OP, "(", col)]
            depth += 1
        elif text == "}":
            if depth <= 0:
                raise _syntax_error("too many closing braces")
            out.append((tokenize.OP, ")", col))
            depth -= 1
        else:
            out.append((kind, text, col))
    if depth != 0:
        raise _syntax_error("set notation is incomplete")
    return out


def _seek(tokens: list[Token], start: int) -> tuple[bool, int]:
    """From `start`, the index of the first top-level comma (False) or unmatched closer (True)."""
    depth = 0
    for i in range(start, len(tokens)):
        text = tokens[i][1]
        if text in OPENERS:
            depth += 1
        elif text in CLOSERS:
            if depth == 0:
                return True, i
            depth -= 1
        elif text == "," and depth == 0:
            return False, i
    raise _syntax_error("interval notation is incomplete")


def _interval_at(tokens: list[Token], i: int) -> tuple[list[Token], int] | None:
    kind, opener, col = tokens[i]
    if opener not in ("(", "["):
        return None
    closed, comma = _seek(tokens, i + 1)
    if closed:
        return None
    closed, end = _seek(tokens, comma + 1)
    if not closed:
        raise _syntax_error("interval contains more than one separator")
    left, right = tokens[i + 1 : comma], tokens[comma + 1 : end]
    # As PrairieLearn's check, this looks at names only (FiniteSet from a literal, Interval, ...).
    if any(t[0] == tokenize.NAME and t[1] in SET_NAMES for t in left + right):
        raise _syntax_error("interval endpoints cannot contain set notation")
    left_open = "True" if opener == "(" else "False"
    right_open = "True" if tokens[end][1] == ")" else "False"
    rewritten = [
        (tokenize.NAME, "Interval", col), (tokenize.OP, "(", col), *left, (tokenize.OP, ",", col), *right,
        (tokenize.OP, ",", col), (tokenize.NAME, left_open, col), (tokenize.OP, ",", col),
        (tokenize.NAME, right_open, col), (tokenize.OP, ")", tokens[end][2]),
    ]
    return rewritten, end


def _intervals(tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    prev: Token | None = None
    i = 0
    while i < len(tokens):
        if prev is None or prev[0] != tokenize.NAME:
            found = _interval_at(tokens, i)
            if found is not None:
                rewritten, end = found
                out += rewritten
                prev = tokens[end]
                i = end + 1
                continue
        out.append(tokens[i])
        prev = tokens[i]
        i += 1
    return out


def rewrite_set_notation(tokens: list[Token]) -> list[Token]:
    return _intervals(_literals(_operators(tokens)))


def has_interval(tokens: list[Token]) -> bool:
    """Whether an interval would be read here (set notation where sets are not allowed)."""
    return _intervals(tokens) != tokens
