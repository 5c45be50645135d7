"""Test helper: replays recorded element cases (fixtures/upstream/*.json) on this runtime's elements,
with the same steps as test/upstream/record_fixtures.py: every phase seeds `random` with the case's
seed, prepare, then test() of each type on the recorded (PrairieLearn's) params, then parse + grade
of the recorded test answers.

Usage: PYTHONHASHSEED=0 python3 replayElementCases.py <fixture.json>   -> JSON on stdout, same shape
"""

import json
import os
import random
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", "server", "python"))
sys.path[:0] = [PYTHON_ROOT]
sys.path.append(os.path.join(PYTHON_ROOT, "fallback"))

import numpy as np  # noqa: E402

_controllers = {}


def controller(element):
    if element not in _controllers:
        folder = os.path.join(PYTHON_ROOT, "elements", element)
        with open(os.path.join(folder, "info.json"), encoding="utf-8") as f:
            file = os.path.join(folder, json.load(f)["controller"])
        sys.path.insert(0, folder)
        namespace = {"__name__": element}
        with open(file, encoding="utf-8") as f:
            exec(compile(f.read(), file, "exec"), namespace)
        _controllers[element] = (folder, namespace)
    return _controllers[element]


def counted_uuids(start):
    """uuid4 as record_fixtures.py makes it for a recording: counted from the seed."""
    counter = iter(range(start, start + 100000))
    return lambda: uuid.UUID(int=next(counter))


def phase(element, name, html, data, seed):
    folder, namespace = controller(element)
    random.seed(seed)
    uuid.uuid4 = counted_uuids(seed)
    np.random.seed(seed)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        fn = namespace.get(name)
        if callable(fn):
            fn(html, data)
    finally:
        os.chdir(cwd)
    return data


def base(seed, given=None):
    return {"params": {}, "correct_answers": copy(given or {}), "variant_seed": seed, "preferences": {},
            "options": {"question_path": "/nonexistent", "server_files_course_path": "/nonexistent"}}


def copy(value):
    return json.loads(json.dumps(value))


def replay(element, case):
    html, seed = case["html"], case["seed"]
    out = {"html": html, "seed": seed}
    try:
        prepared = phase(element, "prepare", html, {**base(seed, case.get("given")), "answers_names": {}}, seed)
    except Exception as err:  # noqa: BLE001
        return {**out, "prepareError": f"{type(err).__name__}: {err}"}
    out["params"], out["correct_answers"] = prepared["params"], prepared["correct_answers"]
    if "prepareError" in case:
        return out
    params, correct = case["params"], case["correct_answers"]  # later phases run on PrairieLearn's variant
    out["tests"] = {}
    for kind, recorded in case["tests"].items():
        data = {**base(seed), "params": copy(params), "correct_answers": copy(correct), "format_errors": {}, "partial_scores": {},
                "score": 0, "feedback": {}, "raw_submitted_answers": {}, "gradable": True, "test_type": kind}
        tested = phase(element, "test", html, data, seed)
        raw = recorded["raw"]
        parse = {**base(seed), "params": copy(params), "correct_answers": copy(correct), "submitted_answers": copy(raw),
                 "raw_submitted_answers": copy(raw), "format_errors": {}, "feedback": {}, "gradable": True}
        parsed = phase(element, "parse", html, parse, seed)
        entry = {"raw": tested["raw_submitted_answers"], "test_partial_scores": tested["partial_scores"],
                 "test_format_errors": tested["format_errors"], "format_errors": parsed["format_errors"],
                 "submitted_answers": parsed["submitted_answers"]}
        if not parsed["format_errors"]:
            # A copy, as the recorder's: grade may mark the submitted answers (pl-order-blocks' badges).
            grade = {**base(seed), "params": parsed["params"], "correct_answers": parsed["correct_answers"],
                     "submitted_answers": copy(parsed["submitted_answers"]), "raw_submitted_answers": copy(raw),
                     "format_errors": {}, "partial_scores": {}, "score": 0, "feedback": parsed["feedback"], "gradable": True}
            graded = phase(element, "grade", html, grade, seed)
            entry["partial_scores"] = graded["partial_scores"]
            entry["feedback"] = graded["feedback"]
        out["tests"][kind] = entry
    return out


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        fixture = json.load(f)
    result = {element: [replay(element, case) for case in cases] for element, cases in fixture["elements"].items()}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
