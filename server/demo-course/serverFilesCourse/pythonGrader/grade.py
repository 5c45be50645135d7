"""Compares a student's function with the question's reference solution, case by case.

The question's tests/cases.json names the module and function and lists the cases with their
points; tests/reference.py holds the reference implementation.
"""

import importlib.util
import json
import sys
import traceback

GRADE = "/grade"


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    with open(f"{GRADE}/tests/cases.json") as f:
        config = json.load(f)
    reference = getattr(load(f"{GRADE}/tests/reference.py", "reference"), config["function"])

    results = {"gradable": True, "tests": [], "score": 0.0}
    try:
        student_module = load(f"{GRADE}/student/{config['module']}.py", "student")
        student = getattr(student_module, config["function"])
    except Exception:
        results["message"] = "Your file could not be loaded:\n" + traceback.format_exc(limit=1)
        write(results)
        return

    earned = total = 0
    for case in config["cases"]:
        expected = reference(*case["args"])
        test = {"name": case["name"], "max_points": case["points"], "points": 0}
        try:
            got = student(*case["args"])
            if got == expected:
                test["points"] = case["points"]
            else:
                test["message"] = f"Expected {expected!r}, got {got!r}."
        except Exception as err:
            test["message"] = f"Raised {type(err).__name__}: {err}"
        earned += test["points"]
        total += case["points"]
        results["tests"].append(test)

    results["score"] = earned / total if total else 0.0
    write(results)


def write(results):
    with open(f"{GRADE}/results/results.json", "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    sys.exit(main())
