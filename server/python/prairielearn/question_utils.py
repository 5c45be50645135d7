"""Score helpers, answers-name bookkeeping and submitted files."""

import base64
import math
import signal
from collections.abc import Callable
from typing import Any

__all__ = [
    "set_weighted_score_data",
    "set_all_or_nothing_score_data",
    "all_partial_scores_correct",
    "grade_answer_parameterized",
    "determine_score_params",
    "check_answers_names",
    "add_submitted_file",
    "add_files_format_error",
]


def set_weighted_score_data(data: dict, weight_default: int = 1) -> None:
    """data["score"] = weighted average of the partial scores (missing weights use weight_default)."""
    total = 0.0
    weights = 0.0
    for part in data["partial_scores"].values():
        score = part.get("score")
        if score is None:
            raise ValueError("Can't set weighted score data if score is None.")
        w = part.get("weight", weight_default)
        total += w * score
        weights += w
    data["score"] = total / weights


def all_partial_scores_correct(data: dict) -> bool:
    scores = data["partial_scores"]
    return len(scores) > 0 and all(
        p.get("score") is not None and math.isclose(p["score"], 1.0) for p in scores.values()
    )


def set_all_or_nothing_score_data(data: dict) -> None:
    data["score"] = 1.0 if all_partial_scores_correct(data) else 0.0


class _GradingTimeout(Exception):
    pass


def _run_with_timeout(fn: Callable[[], Any], seconds: float) -> Any:
    def on_alarm(_signum: int, _frame: Any) -> None:
        raise _GradingTimeout

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def grade_answer_parameterized(
    data: dict,
    name: str,
    grade_fn: Callable[[Any], tuple[bool | float, str | None]],
    weight: int = 1,
    timeout: float | None = None,
    timeout_format_error: str | None = None,
) -> None:
    """partial_scores[name] from grade_fn(submitted) -> (bool or score in [0, 1], feedback or None)."""
    data["partial_scores"][name] = {"score": 0.0, "weight": weight}
    if name not in data["submitted_answers"]:
        return
    submitted = data["submitted_answers"][name]
    try:
        if timeout:
            result, feedback = _run_with_timeout(lambda: grade_fn(submitted), timeout)
        else:
            result, feedback = grade_fn(submitted)
    except _GradingTimeout:
        data["format_errors"][name] = timeout_format_error or "Grading timed out - your answer may be too complex."
        return
    score = (1.0 if result else 0.0) if isinstance(result, bool) else float(result)
    assert 0.0 <= score <= 1.0, "Score must be between 0.0 and 1.0."
    data["partial_scores"][name]["score"] = score
    if feedback:
        data["partial_scores"][name]["feedback"] = feedback


def determine_score_params(score: float) -> tuple[str, bool | float]:
    """Badge key and value: ("correct", True), ("partial", floor percent) or ("incorrect", True)."""
    if score >= 1:
        return ("correct", True)
    if score > 0:
        return ("partial", math.floor(score * 100))
    return ("incorrect", True)


def check_answers_names(data: dict, name: str) -> None:
    if name == "" or name is None:
        raise KeyError('"answers-name" attribute cannot be empty')
    names = data["answers_names"]
    if name in names:
        raise KeyError(f'Duplicate "answers-name" attribute: "{name}"')
    names[name] = True


def add_files_format_error(data: dict, msg: str) -> None:
    errors = data["format_errors"]
    current = errors.get("_files")
    if current is None:
        errors["_files"] = []
    elif not isinstance(current, list):
        errors["_files"] = ['"_files" was present in "format_errors" but was not a list.']
    errors["_files"].append(msg)


def add_submitted_file(
    data: dict,
    file_name: str,
    base64_contents: str | None = None,
    *,
    raw_contents: str | bytes | None = None,
    mimetype: str | None = None,
) -> None:
    if base64_contents is None:
        if raw_contents is None:
            raise ValueError("Either base64_contents or raw_contents must be provided.")
        raw = raw_contents.encode("utf-8") if isinstance(raw_contents, str) else raw_contents
        base64_contents = base64.b64encode(raw).decode("utf-8")
    files = data["submitted_answers"].setdefault("_files", [])
    if not isinstance(files, list):
        add_files_format_error(data, '"_files" is present in "submitted_answers" but is not an array.')
        return
    entry: dict[str, str] = {"name": file_name, "contents": base64_contents}
    if mimetype is not None:
        entry["mimetype"] = mimetype
    files.append(entry)
