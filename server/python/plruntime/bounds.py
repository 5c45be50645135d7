"""The bounds on what one call of course code may produce, with messages that say which bound was
reached and where. No real course comes near them (see README, "Trust model")."""

import io
import json
import math

from .jsonio import MAX_SAFE_INT

MB = 1000 * 1000
# Console output kept per phase call; the rest is counted, not kept.
CONSOLE_CHARS = 1 * MB
# JSON size of a phase's data (params, correct_answers, submitted_answers, feedback, ... together).
DATA_BYTES = 10 * MB
# One issue's message or traceback (a console-output issue holds up to CONSOLE_CHARS plus its heading).
ISSUE_CHARS = CONSOLE_CHARS + 10000
# HTML of one rendered panel, and one generated file.
HTML_CHARS = 10 * MB
FILE_BYTES = 10 * MB
# Nesting depth of data: deeper structures are not sent (and would overflow JSON encoders).
DATA_DEPTH = 500


def size_text(n):
    return f"{n / MB:.1f} MB" if n >= MB / 10 else f"{n:,} bytes"


class BoundedOutput(io.TextIOBase):
    """A stdout/stderr stand-in that keeps the first CONSOLE_CHARS characters and counts the rest."""

    def __init__(self, limit=CONSOLE_CHARS):
        self.limit = limit
        self.parts = []
        self.kept = 0
        self.dropped = 0

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = self.limit - self.kept
        if room > 0:
            self.parts.append(text[:room])
            self.kept += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def getvalue(self):
        text = "".join(self.parts)
        if self.dropped:
            text += f"\n[console output cut at {self.limit:,} characters: {self.dropped:,} more characters were not kept]"
        return text


def _step(path, k):
    return f"{path}[{json.dumps(k)}]" if isinstance(k, str) else f"{path}[{k!r}]"


def _short(path):
    """The path, its middle left out when long (cut between steps)."""
    if len(path) <= 300:
        return path
    head = path[: path.rfind("[", 0, 140)]
    tail = path[path.find("[", len(path) - 140) :]
    return f"{head} ... {tail}"


def invalid_data(data):
    """None when `data` (a dict) is JSON that PrairieLearn can keep, else a message naming the key
    path of the first value that is not: a type JSON has not, NaN or infinity, an integer JavaScript
    cannot hold, a structure that contains itself, or nesting deeper than DATA_DEPTH. Iterative, so
    deep or circular data gives this message and not a RecursionError."""
    stack = [(value, str(k), 1, None) for k, value in reversed(list(data.items()))]
    ancestors = {}
    while stack:
        value, path, depth, leave = stack.pop()
        if leave is not None:
            ancestors.pop(leave, None)
            continue
        if isinstance(value, (str, bool)) or value is None:
            continue
        if isinstance(value, int):
            if abs(value) > MAX_SAFE_INT:
                return (
                    f"Data structure contains oversized integer: {_short(path)} = {value} "
                    "(JavaScript keeps integers exactly only up to 2**53 - 1: store it as a string or a float)"
                )
            continue
        if isinstance(value, float):
            if not math.isfinite(value):
                return f"{_short(path)} is {value}: NaN and infinity cannot be stored in data"
            continue
        if isinstance(value, (dict, list, tuple)):
            if id(value) in ancestors:
                return f"{_short(path)} contains itself (it is {_short(ancestors[id(value)])}): data must be a tree, not a circular structure"
            if depth > DATA_DEPTH:
                return f"{_short(path)} is nested more than {DATA_DEPTH} levels deep: data this deep cannot be stored"
            ancestors[id(value)] = path
            stack.append((None, path, depth, id(value)))
            if isinstance(value, dict):
                for k in reversed(list(value)):
                    if not isinstance(k, (str, int, float, bool)) and k is not None:
                        return f"{_short(path)} has the key {k!r} of type {type(k).__name__}: keys must be strings"
                    stack.append((value[k], _step(path, k), depth + 1, None))
            else:
                for i in range(len(value) - 1, -1, -1):
                    stack.append((value[i], f"{path}[{i}]", depth + 1, None))
            continue
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return (
            f"{_short(path)}: Object of type {type(value).__name__} is not JSON serializable ({shown}): "
            "convert numpy values and other objects with pl.to_json() or to plain lists, numbers and strings"
        )
    return None


def oversized_data(data, text_size):
    """A message when the data's JSON (`text_size` bytes) is over DATA_BYTES, naming its largest part."""
    if text_size <= DATA_BYTES:
        return None
    path, value = None, data
    for _ in range(2):
        if not isinstance(value, dict) or not value:
            break
        sizes = {k: len(json.dumps(v)) for k, v in value.items()}
        largest = max(sizes, key=sizes.get)
        path = str(largest) if path is None else _step(path, largest)
        value, size = value[largest], sizes[largest]
    where = f"; the largest part is {path} ({size_text(size)})" if path else ""
    return f"data is {size_text(text_size)} of JSON, over the limit of {size_text(DATA_BYTES)}{where}"
