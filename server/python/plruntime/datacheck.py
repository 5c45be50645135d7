"""Which keys the data dict has in each phase and which ones a phase may change (docs/reference/questionLifecycle.md, Keys per phase)."""

ALL = {"generate", "prepare", "render", "parse", "grade", "test", "file"}

# key: (type, phases where present, phases where editable)
KEYS = {
    "params": (dict, ALL, {"generate", "prepare", "parse", "grade"}),
    "correct_answers": (dict, ALL, {"generate", "prepare", "parse", "grade"}),
    "variant_seed": (int, ALL, set()),
    "options": (dict, ALL, set()),
    "preferences": (dict, ALL, set()),
    "submitted_answers": (dict, {"render", "parse", "grade", "file"}, {"parse", "grade"}),
    "format_errors": (dict, {"render", "parse", "grade", "test", "file"}, {"parse", "grade", "test"}),
    "raw_submitted_answers": (dict, {"render", "parse", "grade", "test", "file"}, {"test"}),
    "partial_scores": (dict, {"render", "grade", "test", "file"}, {"grade", "test"}),
    "score": ((int, float), {"render", "grade", "test", "file"}, {"grade", "test"}),
    "feedback": (dict, {"render", "parse", "grade", "test", "file"}, {"parse", "grade", "test"}),
    "editable": (bool, {"render"}, set()),
    "manual_grading": (bool, {"render"}, set()),
    "ai_grading": (bool, {"render"}, set()),
    "panel": (str, {"render"}, set()),
    "correct_answer_shown": (bool, {"render"}, set()),
    "num_valid_submissions": (int, {"render", "file"}, set()),
    "gradable": (bool, {"parse", "grade", "test"}, set()),
    "filename": (str, {"file"}, set()),
    "test_type": (str, {"test"}, set()),
    "answers_names": (dict, {"prepare"}, {"prepare"}),
}


def _same(a, b):
    try:
        equal = a == b
        if isinstance(equal, bool):
            return equal
    except Exception:
        pass
    return repr(a) == repr(b)


def check_data(phase, original, data, who):
    """Problems with `data` after `who` ran in `phase`, as messages (each one a fatal issue)."""
    if not isinstance(data, dict):
        return [f"{who}: data is not a dict but {type(data).__name__}"]
    problems = []
    extra = sorted(k for k in data if k not in KEYS or phase not in KEYS[k][1])
    if extra:
        problems.append(f"{who}: data contains extra keys: {', '.join(map(str, extra))}")
    for key, (kind, present, editable) in KEYS.items():
        if phase not in present:
            continue
        if key not in data:
            problems.append(f'{who}: data["{key}"] is missing')
            continue
        value = data[key]
        wrong = isinstance(value, bool) and kind is not bool or not isinstance(value, kind)
        if wrong and not (key == "score" and value is None):
            problems.append(f'{who}: data["{key}"] should be {_kind_name(kind)}, not {type(value).__name__}')
        elif phase not in editable and key in original and not _same(value, original[key]):
            problems.append(f'{who}: data["{key}"] has been illegally modified (it cannot be changed in {phase})')
    return problems


def _kind_name(kind):
    if isinstance(kind, tuple):
        return "a number"
    return {dict: "a dict", int: "an integer", bool: "a boolean", str: "a string"}[kind]
