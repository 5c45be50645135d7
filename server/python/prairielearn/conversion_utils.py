"""Parsing student text into numbers and arrays, and printing numbers and arrays back."""

from typing import Any, Literal

import numpy as np

from prairielearn.matrix_text import string_to_2darray
from prairielearn.misc_utils import full_unidecode
from prairielearn.number_text import string_to_number
from prairielearn.serialization import from_json, is_int_json_serializable, to_json
from prairielearn.to_precision import to_precision

__all__ = [
    "to_json",
    "from_json",
    "is_int_json_serializable",
    "string_to_number",
    "string_fraction_to_number",
    "string_to_2darray",
    "string_to_integer",
    "string_from_numpy",
    "string_from_2darray",
    "numpy_to_matlab",
    "numpy_to_matlab_sf",
    "latex_from_2darray",
    "string_from_number_sigfig",
]


def string_fraction_to_number(
    a_sub: str | None, allow_fractions: bool = True, allow_complex: bool = True
) -> tuple[Any, dict[str, Any]]:
    """(value, {"submitted_answers": json}) or (None, {"format_errors": message})."""
    if a_sub is None:
        return None, {"format_errors": "No submitted answer."}
    if a_sub.strip() == "":
        return None, {"format_errors": "The submitted answer was blank."}
    a_sub = a_sub.replace("\u2215", "/").replace("\u00f7", "/")
    # Messages as PrairieLearn's (python/prairielearn/conversion_utils.py, 88fb855).
    kind = " (or complex) " if allow_complex else " "
    not_finite = "Invalid format: The submitted answer is not a finite number."
    if a_sub.count("/") == 1:
        if not allow_fractions:
            return None, {"format_errors": "Fractional answers are not allowed in this input."}
        top, bottom = a_sub.split("/")
        num = string_to_number(top, allow_complex=allow_complex)
        if num is None or not np.isfinite(num):
            return None, {"format_errors": f"Invalid format: The numerator could not be interpreted as a decimal{kind}number."}
        den = string_to_number(bottom, allow_complex=allow_complex)
        if den is None or not np.isfinite(den):
            return None, {"format_errors": f"Invalid format: The denominator could not be interpreted as a decimal{kind}number."}
        if den == 0 and num != 0:
            return None, {"format_errors": "Your expression resulted in a division by zero."}
        with np.errstate(invalid="ignore"):
            value = num / den  # 0/0 is nan: "not a finite number", as there
    else:
        value = string_to_number(a_sub, allow_complex=allow_complex)
        if value is None:
            return None, {"format_errors": f"Invalid format: The submitted answer could not be interpreted as a decimal{kind}number."}
    if not np.isfinite(value):
        return None, {"format_errors": not_finite}
    if isinstance(value, np.complexfloating) and value.imag == 0:
        value = np.float64(value.real)
    return value, {"submitted_answers": to_json(value)}


def string_to_integer(s: str, base: int = 10) -> int | None:
    s = full_unidecode(s).strip()
    try:
        return int(s, base)
    except ValueError:
        return None


def _fmt(x: Any, presentation_type: str, digits: int) -> str:
    if isinstance(x, (complex, np.complexfloating)):
        re_s = _fmt(x.real, presentation_type, digits)
        im_s = _fmt(abs(x.imag), presentation_type, digits)
        return f"{re_s}{'-' if x.imag < 0 else '+'}{im_s}j"
    if presentation_type == "sigfig":
        return to_precision(float(x), digits)
    return f"{float(x):.{digits}{presentation_type}}"


def string_from_numpy(
    A: Any,
    language: Literal["python", "matlab", "mathematica", "r", "sympy"] = "python",
    presentation_type: str = "f",
    digits: int = 2,
) -> str:
    """A number or array as source text in the given language."""
    if np.isscalar(A) or (isinstance(A, np.ndarray) and A.ndim == 0):
        s = _fmt(A, presentation_type, digits)
        return s.replace("j", "i") if language in ("matlab", "r") else s.replace("j", "*I") if language in ("mathematica", "sympy") else s
    A = np.asarray(A)
    if A.ndim not in (1, 2):
        raise ValueError("input should be a scalar, 1D array or 2D array")
    cell = lambda x: string_from_numpy(x, language, presentation_type, digits)  # noqa: E731
    if A.dtype.kind in "iub" and language != "matlab":
        # Upstream prints these languages with np.array2string and a float/complex-only formatter:
        # integer and boolean entries keep their own text, right-aligned to the widest one.
        width = max((len(str(x)) for x in A.flat), default=0)
        cell = lambda x: str(x).rjust(width)  # noqa: E731
    if A.ndim == 1:
        items = [cell(x) for x in A]
        if language == "matlab":
            return "[" + ", ".join(items) + "]"  # upstream's legacy MATLAB style: commas in a vector
        if language == "mathematica":
            return "{" + ", ".join(items) + "}"
        if language == "r":
            return "c(" + ", ".join(items) + ")"
        if language == "sympy":
            return "Matrix([" + ", ".join(items) + "])"
        return "np.array([" + ", ".join(items) + "])"
    rows = [[cell(x) for x in row] for row in A]
    if language == "matlab":
        return "[" + "; ".join(" ".join(r) for r in rows) + "]"
    if language == "mathematica":
        return "{" + ", ".join("{" + ", ".join(r) + "}" for r in rows) + "}"
    if language == "r":
        flat = ", ".join(x for r in rows for x in r)
        return f"matrix(c({flat}), nrow = {A.shape[0]}, ncol = {A.shape[1]}, byrow = TRUE)"
    inner = ", ".join("[" + ", ".join(r) + "]" for r in rows)
    return f"Matrix([{inner}])" if language == "sympy" else f"np.array([{inner}])"


string_from_2darray = string_from_numpy


def numpy_to_matlab(A: Any, ndigits: int = 2, wtype: str = "f", style: str = "legacy") -> str:
    """MATLAB text for a scalar or array: legacy '[1, 2]' and '[1 2; 3 4]', space '[1 2]', comma '[1, 2; 3, 4]'."""
    if np.isscalar(A):
        return _fmt(A, wtype, ndigits)
    A = np.asarray(A)
    if A.ndim == 1:  # a vector: commas unless the style is space (upstream's legacy style)
        return "[" + (" " if style == "space" else ", ").join(_fmt(x, wtype, ndigits) for x in A) + "]"
    A = np.atleast_2d(A)
    sep = ", " if style == "comma" else " "
    return "[" + "; ".join(sep.join(_fmt(x, wtype, ndigits) for x in row) for row in A) + "]"


def numpy_to_matlab_sf(A: Any, ndigits: int = 2, style: str = "legacy") -> str:
    return numpy_to_matlab(A, ndigits, "sigfig", style)


def latex_from_2darray(A: Any, presentation_type: str = "f", digits: int = 2) -> str:
    """A bmatrix for a 2-D array; a scalar gives a plain number."""
    if np.isscalar(A):
        return _fmt(A, presentation_type, digits)
    A = np.asarray(A)
    if A.ndim != 2:
        raise ValueError("input should be a 2D numpy array")
    # Upstream formats with np.array2string and a float/complex formatter only, so the entries of an
    # integer (or boolean) array print as they are: [[1, -8]] is "1 & -8", not "1.00 & -8.00".
    plain = A.dtype.kind in "iub"
    body = "\\\\\n".join(" & ".join(str(x) if plain else _fmt(x, presentation_type, digits) for x in row) for row in A)
    return "\\begin{bmatrix}  " + body + "\\\\\n\\end{bmatrix}"


def string_from_number_sigfig(a: Any, digits: int = 2) -> str:
    if isinstance(a, (complex, np.complexfloating)):
        return _fmt(a, "sigfig", digits)
    return to_precision(float(a), digits)
