"""prairielearn.question_utils: the score helpers server.py calls, as PrairieLearn's
python/prairielearn/question_utils.py documents them."""

import pytest
from prairielearn.question_utils import (
    all_partial_scores_correct,
    determine_score_params,
    set_all_or_nothing_score_data,
    set_weighted_score_data,
)


def test_weighted_score_uses_weights_and_their_default():
    data = {"partial_scores": {"a": {"score": 1, "weight": 3}, "b": {"score": 0}}}
    set_weighted_score_data(data)
    assert data["score"] == pytest.approx(0.75)
    set_weighted_score_data(data, weight_default=3)
    assert data["score"] == pytest.approx(0.5)


def test_weighted_score_refuses_a_missing_score():
    with pytest.raises(ValueError):
        set_weighted_score_data({"partial_scores": {"a": {"score": None}}})


def test_all_or_nothing():
    data = {"partial_scores": {"a": {"score": 1}, "b": {"score": 0.999}}}
    set_all_or_nothing_score_data(data)
    assert data["score"] == 0.0
    data["partial_scores"]["b"]["score"] = 1.0
    set_all_or_nothing_score_data(data)
    assert data["score"] == 1.0
    assert not all_partial_scores_correct({"partial_scores": {}})


@pytest.mark.parametrize("score, kind", [(1, "correct"), (0.5, "partial"), (0, "incorrect")])
def test_score_badge_kind(score, kind):
    assert determine_score_params(score)[0] == kind
