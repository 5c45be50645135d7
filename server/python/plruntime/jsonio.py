"""JSON into the helper with PrairieLearn's rule: an integer beyond what JavaScript can hold exactly
becomes a float (outgoing data is checked in bounds.py)."""

import json

MAX_SAFE_INT = 2**53 - 1


def _parse_int(text):
    value = int(text)
    return float(value) if abs(value) > MAX_SAFE_INT else value


def loads(text):
    return json.loads(text, parse_int=_parse_int)
