"""Numeric answer comparisons: relative/absolute, decimal digits, significant figures."""

import math
from typing import Any

import numpy as np

__all__ = [
    "is_correct_scalar_ra",
    "is_correct_scalar_dd",
    "is_correct_scalar_sf",
    "is_correct_ndarray2d_ra",
    "is_correct_ndarray2d_dd",
    "is_correct_ndarray2d_sf",
    "is_correct_ndarray2D_ra",
    "is_correct_ndarray2D_dd",
    "is_correct_ndarray2D_sf",
]


def is_correct_scalar_ra(a_sub: Any, a_tru: Any, rtol: float = 1e-5, atol: float = 1e-8) -> bool:
    """numpy.allclose: |sub - tru| <= atol + rtol * |tru| (asymmetric; NaN never matches)."""
    return bool(np.allclose(a_sub, a_tru, rtol, atol))


def _within(a_sub: Any, a_tru: Any, eps: float) -> bool:
    if math.isinf(a_tru):
        return a_sub == a_tru
    if math.isnan(a_tru):
        return math.isnan(a_sub)
    return a_tru - eps < a_sub < a_tru + eps


def is_correct_scalar_dd(a_sub: Any, a_tru: Any, digits: int = 2) -> bool:
    """Correct iff sub is within 0.51 units of the `digits`-th decimal of tru (open interval)."""
    if np.iscomplexobj(a_sub) or np.iscomplexobj(a_tru):
        a_sub, a_tru = complex(a_sub), complex(a_tru)
        return is_correct_scalar_dd(a_sub.real, a_tru.real, digits) and is_correct_scalar_dd(
            a_sub.imag, a_tru.imag, digits
        )
    return _within(float(a_sub), float(a_tru), 0.51 * 10 ** (-digits))


def is_correct_scalar_sf(a_sub: Any, a_tru: Any, digits: int = 2) -> bool:
    """Correct iff sub is within 0.51 units of tru's `digits`-th significant figure (open interval)."""
    if np.iscomplexobj(a_sub) or np.iscomplexobj(a_tru):
        a_sub, a_tru = complex(a_sub), complex(a_tru)
        return is_correct_scalar_sf(a_sub.real, a_tru.real, digits) and is_correct_scalar_sf(
            a_sub.imag, a_tru.imag, digits
        )
    a_sub, a_tru = float(a_sub), float(a_tru)
    if math.isinf(a_tru) or math.isnan(a_tru) or a_tru == 0:
        n = digits - 1
    else:
        n = digits - 1 - math.floor(math.log10(abs(a_tru)))
    return _within(a_sub, a_tru, 0.51 * 10 ** (-n))


def is_correct_ndarray2d_ra(a_sub: Any, a_tru: Any, rtol: float = 1e-5, atol: float = 1e-8) -> bool:
    a_sub, a_tru = np.asarray(a_sub), np.asarray(a_tru)
    if a_sub.shape != a_tru.shape:
        return False
    return bool(np.allclose(a_sub, a_tru, rtol, atol))


def _elementwise(a_sub: Any, a_tru: Any, check: Any, digits: int) -> bool:
    a_sub, a_tru = np.asarray(a_sub), np.asarray(a_tru)
    if a_sub.shape != a_tru.shape or a_tru.ndim != 2:
        return False
    return all(check(s, t, digits) for s, t in zip(a_sub.flat, a_tru.flat))


def is_correct_ndarray2d_dd(a_sub: Any, a_tru: Any, digits: int = 2) -> bool:
    return _elementwise(a_sub, a_tru, is_correct_scalar_dd, digits)


def is_correct_ndarray2d_sf(a_sub: Any, a_tru: Any, digits: int = 2) -> bool:
    return _elementwise(a_sub, a_tru, is_correct_scalar_sf, digits)


# Older spellings kept for course code that still uses them.
is_correct_ndarray2D_ra = is_correct_ndarray2d_ra
is_correct_ndarray2D_dd = is_correct_ndarray2d_dd
is_correct_ndarray2D_sf = is_correct_ndarray2d_sf
