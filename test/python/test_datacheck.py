"""plruntime.datacheck: the keys of each phase and which phase may change them (PrairieLearn's
python/prairielearn/internal/check_data.py behaves the same; docs/reference/questionLifecycle.md)."""

import copy

from plruntime.datacheck import check_data


def grade_data():
    return {
        "params": {"a": 1},
        "correct_answers": {"x": 2},
        "variant_seed": 7,
        "options": {},
        "preferences": {},
        "submitted_answers": {"x": 2},
        "format_errors": {},
        "raw_submitted_answers": {"x": "2"},
        "partial_scores": {},
        "score": 0,
        "feedback": {},
        "gradable": True,
    }


def test_untouched_grade_data_is_clean():
    data = grade_data()
    assert check_data("grade", copy.deepcopy(data), data, "server.py") == []


def test_grade_may_change_params_but_not_the_seed():
    original = grade_data()
    data = copy.deepcopy(original)
    data["params"]["a"] = 5
    assert check_data("grade", original, data, "server.py") == []
    data["variant_seed"] = 8
    [problem] = check_data("grade", original, data, "server.py")
    assert 'data["variant_seed"] has been illegally modified' in problem


def test_render_may_not_change_params():
    original = {**grade_data(), "editable": True, "manual_grading": False, "ai_grading": False, "panel": "question",
                "correct_answer_shown": False, "num_valid_submissions": 0}
    del original["gradable"]
    data = copy.deepcopy(original)
    data["params"]["a"] = 2
    assert any("params" in p and "illegally modified" in p for p in check_data("render", original, data, "pl-x"))


def test_extra_missing_and_mistyped_keys_are_each_reported():
    original = grade_data()
    data = copy.deepcopy(original)
    data["mine"] = 1
    del data["feedback"]
    data["score"] = "high"
    problems = check_data("grade", original, data, "server.py")
    assert any("extra keys: mine" in p for p in problems)
    assert any('data["feedback"] is missing' in p for p in problems)
    assert any('data["score"] should be a number' in p for p in problems)


def test_a_boolean_is_not_an_integer_seed():
    original = grade_data()
    data = copy.deepcopy(original)
    data["variant_seed"] = True
    assert any("variant_seed" in p and "integer" in p for p in check_data("grade", original, data, "server.py"))


def test_data_that_is_not_a_dict():
    assert check_data("grade", {}, [], "server.py") == ["server.py: data is not a dict but list"]
