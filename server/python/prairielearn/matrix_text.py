"""A matrix typed as text: a scalar, MATLAB ([1 2; 3 4]) or Python ([[1, 2], [3, 4]]) syntax.

Read the way PrairieLearn reads it (python/prairielearn/conversion_utils.py, string_to_2darray, at 88fb855):
the same accepted texts, the same first error found and its message, so a student sees the same verdict.
"""

import re
from typing import Any

import numpy as np

from prairielearn.html_utils import escape_invalid_string
from prairielearn.number_text import string_to_number

__all__ = ["string_to_2darray"]

_MATLAB_SEPARATOR = re.compile(r"\s*[\s,]\s*")


class _Invalid(Exception):
    """The first problem found in the text; its message is shown to the student."""


def _entry(text: str, allow_complex: bool) -> Any:
    value = string_to_number(text, allow_complex=allow_complex)
    if value is None or not np.isfinite(value):
        raise ValueError(text)
    return value


def _checked(row: list[str], i: int, allow_complex: bool, where: str) -> list[Any]:
    """The row's entries as numbers; the first one that is not a number is the error (`where` words it)."""
    values = []
    for j, text in enumerate(row):
        try:
            values.append(_entry(text, allow_complex))
        except ValueError:
            raise _Invalid(f"Entry {escape_invalid_string(text)} at location (row={i + 1}, column={j + 1}) {where} "
                           "has an invalid format.") from None
    return values


def _matrix(rows: list[list[Any]]) -> np.ndarray:
    complex_entries = any(np.iscomplexobj(v) for row in rows for v in row)
    return np.array(rows, dtype=np.complex128 if complex_entries else np.float64)


def _scalar(s: str, allow_complex: bool) -> np.ndarray:
    try:
        return np.array([[_entry(s, allow_complex)]])
    except ValueError:
        also = " or as a double-precision complex number" if allow_complex else ""
        raise _Invalid("Invalid format (missing square brackets and could not be interpreted as a double-precision "
                       f"floating-point number{also}).") from None


def _trimmed(row: list[str]) -> list[str]:
    """A row split on separators, without the empty piece a leading or trailing separator leaves."""
    if row and not row[0]:
        row = row[1:]
    if row and not row[-1]:
        row = row[:-1]
    return row


def _matlab(body: str, allow_complex: bool) -> np.ndarray:
    rows = [_trimmed(_MATLAB_SEPARATOR.split(text)) for text in body.split(";")]
    width = len(rows[0])
    if width == 0:
        raise _Invalid("Row 1 of the matrix has no columns.")
    values = []
    for i, row in enumerate(rows):  # each row's width, then its entries, before the next row
        if len(row) != width:
            raise _Invalid(f"Rows 1 and {i + 1} of the matrix have a different number of columns.")
        values.append(_checked(row, i, allow_complex, "in the matrix"))
    return _matrix(values)


def _python_rows(s: str, brackets: int) -> list[str]:
    """The text inside each row's brackets, checking what lies between rows."""
    s = re.sub(r" *\+ *", "+", s)
    s = re.sub(r" *\- *", "-", s)
    if ";" in s:
        raise _Invalid("Semicolons cannot be used as delimiters in an expression with nested brackets.")
    rows: list[str] = []
    while s:
        before, _, rest = s.partition("[")
        inside, _, after = rest.partition("]")
        before, inside, after = before.strip(), inside.strip(), after.strip()
        rows.append(inside)
        if before:
            raise _Invalid(f"Non-empty text {escape_invalid_string(before)} before the left bracket in row {len(rows)} "
                           "of the matrix.")
        if "[" in inside or "]" in inside:
            raise _Invalid(f"Improperly nested brackets in row {len(rows)} of the matrix.")
        if len(rows) == brackets - 1:
            if after:
                raise _Invalid(f"Non-empty text {escape_invalid_string(after)} after the right bracket in row "
                               f"{len(rows)} of the matrix.")
            s = after
        elif not after.startswith(","):
            raise _Invalid(f"No comma after row {len(rows)} of the matrix.")
        else:
            s = after[1:]
    return rows


def _python(body: str, brackets: int, allow_complex: bool) -> np.ndarray:
    rows: list[list[str]] = []
    for i, text in enumerate(_python_rows(body, brackets)):
        if not text:
            raise _Invalid(f"Row {i + 1} of the matrix has no columns.")
        rows.append(text.split(","))
        if len(rows[-1]) != len(rows[0]):
            raise _Invalid(f"Rows 1 and {i + 1} of the matrix have a different number of columns.")
    if not rows:
        raise _Invalid("The matrix has no columns.")
    values = []
    for i, row in enumerate(rows):  # every row's width first (above), then the entries in order
        values.append([])
        for j, text in enumerate(row):
            if not text.strip():
                raise _Invalid(f"Entry at location (row={i + 1}, column={j + 1}) in the matrix is empty.")
            try:
                values[-1].append(_entry(text, allow_complex))
            except ValueError:
                raise _Invalid(f"Entry {escape_invalid_string(text)} at location (row={i + 1}, column={j + 1}) of the "
                               "matrix has an invalid format.") from None
    return _matrix(values)


def string_to_2darray(s: str, *, allow_complex: bool = True) -> tuple[np.ndarray | None, dict[str, str]]:
    """(matrix, {"format_type": "python" | "matlab"}) or (None, {"format_error": message})."""
    s = s.replace("\u2212", "-")
    if allow_complex:
        s = s.replace("i", "j")
    brackets = s.count("[")
    if brackets != s.count("]"):
        return None, {"format_error": "Unbalanced square brackets."}
    try:
        if brackets == 0:
            return _scalar(s, allow_complex), {"format_type": "python"}
        before, _, rest = s.partition("[")
        body, _, after = rest.rpartition("]")
        if before.strip():
            raise _Invalid(f"Non-empty text {escape_invalid_string(before.strip())} before outer brackets.")
        if after.strip():
            raise _Invalid(f"Non-empty space {escape_invalid_string(after.strip())} after outer brackets.")
        if brackets == 1:
            return _matlab(body, allow_complex), {"format_type": "matlab"}
        return _python(body, brackets, allow_complex), {"format_type": "python"}
    except _Invalid as problem:
        return None, {"format_error": str(problem)}
