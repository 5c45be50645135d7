"""JSON in and out of the helper, with PrairieLearn's rules: no NaN or infinity, no integer beyond
what JavaScript can hold exactly (incoming ones become floats, outgoing ones are an error)."""

import json

MAX_SAFE_INT = 2**53 - 1


def _parse_int(text):
    value = int(text)
    return float(value) if abs(value) > MAX_SAFE_INT else value


def loads(text):
    return json.loads(text, parse_int=_parse_int)


class OversizedInteger(ValueError):
    pass


def _check_ints(value, path="data"):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > MAX_SAFE_INT:
            raise OversizedInteger(f"Data structure contains oversized integer: {path} = {value}")
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_ints(v, f"{path}[{k!r}]")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _check_ints(v, f"{path}[{i}]")


def dumps_strict(value):
    """The reply text; raises ValueError/TypeError with a message naming what cannot be sent."""
    _check_ints(value)
    try:
        return json.dumps(value, allow_nan=False)
    except TypeError as err:
        raise TypeError(f"{err} (data values must be JSON: convert numpy values and other objects with pl.to_json)") from None
    except ValueError as err:
        raise ValueError(f"{err}: NaN and infinity cannot be stored in data") from None
