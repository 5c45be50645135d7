"""prairielearn conversion and precision helpers, as PrairieLearn's python/prairielearn package
defines them (conversion_utils.py, to_precision.py, serialization.py)."""

import numpy as np
import pytest
from prairielearn.conversion_utils import string_to_2darray, string_to_integer, string_to_number
from prairielearn.serialization import from_json, to_json
from prairielearn.to_precision import to_precision


def test_string_to_number_real_and_complex():
    assert string_to_number("2.5") == pytest.approx(2.5)
    assert string_to_number("1+2j") == pytest.approx(1 + 2j)
    assert string_to_number("1+2j", allow_complex=False) is None
    assert string_to_number("two") is None


def test_string_to_integer_in_a_base():
    assert string_to_integer("ff", base=16) == 255
    assert string_to_integer("1.5") is None


def test_matlab_and_python_matrices():
    a, info = string_to_2darray("[1 2; 3 4]")
    assert info.get("format_type") == "matlab"
    assert np.array_equal(a, np.array([[1, 2], [3, 4]]))
    b, info = string_to_2darray("[[1, 2], [3, 4]]")
    assert info.get("format_type") == "python"
    assert np.array_equal(b, a)
    bad, info = string_to_2darray("[1 2; 3]")
    assert bad is None and "format_error" in info


def test_to_precision_significant_figures():
    assert to_precision(1234.5, 3) == "1.23e3"
    assert to_precision(0.012345, 2) == "0.012"


def test_numpy_round_trips_through_json():
    value = np.array([[1.5, 2.0], [3.0, 4.25]])
    encoded = to_json(value)
    assert isinstance(encoded, dict)
    assert np.array_equal(from_json(encoded), value)
