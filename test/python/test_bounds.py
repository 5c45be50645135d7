"""plruntime.bounds: console output kept up to its bound, data that is not JSON named by key path
(iteratively, so circular and very deep data give a message, not a RecursionError), oversized data."""

import math

from plruntime.bounds import DATA_BYTES, BoundedOutput, invalid_data, oversized_data


def test_output_over_the_bound_is_counted_not_kept():
    out = BoundedOutput(limit=10)
    print("abcdefgh", file=out)
    print("ijklmnop", file=out)
    assert out.getvalue() == "abcdefgh\ni\n[console output cut at 10 characters: 8 more characters were not kept]"


def test_plain_json_is_valid_even_with_shared_parts():
    shared = {"x": [1, 2.5, None, True, "s"]}
    assert invalid_data({"params": {"a": shared, "b": shared}, "correct_answers": {}}) is None


def test_key_paths_of_values_that_are_not_json():
    assert invalid_data({"params": {"a": {"b": [0, 1, 2, object()]}}}).startswith('params["a"]["b"][3]: Object of type object')
    assert invalid_data({"params": {"a": [math.nan]}}).startswith('params["a"][0] is nan')
    assert invalid_data({"params": {"n": 2**60}}).startswith('Data structure contains oversized integer: params["n"] = 1152921504606846976')
    assert "keys must be strings" in invalid_data({"params": {(1, 2): 3}})


def test_circular_and_deep_data():
    loop = {"b": [1, 2, 3, None]}
    loop["b"][3] = loop
    assert invalid_data({"params": {"a": loop}}) == (
        'params["a"]["b"][3] contains itself (it is params["a"]): data must be a tree, not a circular structure'
    )
    deep = []
    for _ in range(100_000):
        deep = [deep]
    assert "is nested more than 500 levels deep" in invalid_data({"params": {"deep": deep}})


def test_oversized_data_names_its_largest_part():
    data = {"params": {"small": "x", "big": "y" * DATA_BYTES}, "correct_answers": {}}
    message = oversized_data(data, DATA_BYTES + 100)
    assert message.startswith("data is 10.0 MB of JSON, over the limit of 10.0 MB; the largest part is params[\"big\"]")
    assert oversized_data({"params": {}}, DATA_BYTES) is None
