"""One grading job: lay out the working folder, bound the process, load tests/test.py, run its
Test class (total_iters times), and write results/results.json as the grader-python image writes
it. Anything that stops the run itself (test.py fails to import, the setup code exits) gives
{"succeeded": false, "score": 0, "output": <traceback>}, as that image does."""

import argparse
import json
import linecache
import math
import os
import sys
import traceback
import types
import unittest

from pythongrader import state
from pythongrader.bounds import install_guard, set_limits
from pythongrader.jobfiles import JobFiles

API_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "api")


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="pythongrader")
    parser.add_argument("job")
    parser.add_argument("--memory-mb", type=int, default=2048)
    parser.add_argument("--cpu-seconds", type=int, default=60)
    parser.add_argument("--file-mb", type=int, default=256)
    parser.add_argument("--networking", action="store_true")
    parser.add_argument("--reference-as-student", action="store_true")
    return parser.parse_args(argv)


def prepare_process(job, args):
    os.environ["TMPDIR"] = job.tmp_dir
    os.environ["MPLBACKEND"] = "Agg"
    os.chdir(job.run_dir)
    course_files = os.path.join(job.job_dir, "serverFilesCourse")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rest = [p for p in sys.path if p and os.path.abspath(p) not in (here, os.getcwd())]
    # The image puts the working folder first and serverFilesCourse on PYTHONPATH; our api stands
    # where the image's grader modules stand (in the working folder).
    sys.path[:] = [job.run_dir, API_DIR, course_files] + rest + [here]
    set_limits(args.memory_mb, args.cpu_seconds, args.file_mb)
    return install_guard([job.run_dir, job.tmp_dir], args.networking)


def load_test_class(job):
    source = job.code["test.py"]
    if source is None:
        raise FileNotFoundError("tests/test.py is missing: the grader has no tests to run")
    module = types.ModuleType("test")
    module.__file__ = job.paths["test.py"]
    linecache.cache[module.__file__] = (len(source), None, [line + "\n" for line in source.splitlines()], module.__file__)
    sys.modules["filenames.test"] = module
    exec(compile(source, job.paths["test.py"], "exec"), module.__dict__)
    if not isinstance(getattr(module, "Test", None), type):
        raise AttributeError("tests/test.py defines no class named Test")
    return module.Test


def run_tests(test_class):
    from pythongrader.results import GradingResult

    rounds, format_errors, gradable, found_tests = [], [], True, False
    loader = unittest.TestLoader()
    for _ in range(test_class.total_iters):
        suite = loader.loadTestsFromTestCase(test_class)
        found_tests = suite.countTestCases() > 0
        result = GradingResult()
        suite.run(result)
        rounds.append(result.results)
        if not result.grading_succeeded:
            gradable, format_errors = False, result.format_errors
            break
    if len(rounds) == 1:
        tests = rounds[0]
    else:
        merged = {}
        for round_tests in rounds:
            for test in round_tests:
                entry = merged.setdefault(test["name"], {"name": test["name"], "filename": test["filename"], "points": 0, "max_points": 0})
                entry["points"] += test["points"]
                entry["max_points"] += test["max_points"]
        tests = list(merged.values())
    max_points = test_class.get_total_points()
    earned = sum(t.get("points", 0) for t in tests)
    score = 0 if math.isclose(float(max_points), 0) else float(earned) / float(max_points)
    for test in tests:
        test["files"] = test.get("files", [])
        if test["filename"] in state.feedback:
            test["message"] = state.feedback[test["filename"]]
    outcome = {"tests": tests, "score": score, "succeeded": True, "gradable": gradable, "max_points": max_points}
    if state.feedback.get("output"):
        outcome["output"] = state.feedback["output"]
    if format_errors:
        outcome["format_errors"] = format_errors
    if not found_tests:
        outcome["message"] = "No tests were found."
    outcome["images"] = list(state.images)
    return outcome


def write_results(job, guard, outcome):
    if guard is not None:
        guard.allow_writes_in(job.results_dir)
    os.makedirs(job.results_dir, exist_ok=True)
    with open(os.path.join(job.results_dir, "results.json"), "w", encoding="utf-8") as f:
        json.dump(outcome, f, default=str)


START_MARKER = "[pythongrader] started"


def warm_up(job):
    """The heavy imports this job's code names, before the grading clock starts (the image's Python
    has them on disk and warm; importing them here costs seconds on a busy machine)."""
    texts = [t for t in job.code.values() if t]
    student = os.path.join(job.job_dir, "student")
    for folder, _, files in os.walk(student):
        for name in files:
            if name.endswith((".py", ".ipynb")):
                with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
                    texts.append(f.read())
    code = "\n".join(texts)
    wanted = ["numpy"]
    if "matplotlib" in code or "WithPlot" in code:
        wanted.append("matplotlib.pyplot")
    if "pandas" in code:
        wanted.append("pandas")
    for name in wanted:
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - a missing package is the test file's problem, reported there
            pass


def grade(args, announce=None):
    """One job, start to results.json; `announce` is called once the heavy imports are done."""
    job = JobFiles(args.job)
    warm_up(job)
    if announce is not None:
        announce()
    state.job = job
    state.reset()
    state.reference_as_student = args.reference_as_student
    guard = None
    try:
        job.lay_out()
        guard = prepare_process(job, args)
        outcome = run_tests(load_test_class(job))
    except BaseException:  # noqa: BLE001 - the image reports any stop of the run the same way
        outcome = {"score": 0.0, "succeeded": False, "output": traceback.format_exc()}
    write_results(job, guard, outcome)
    sys.stdout.flush()


def main(argv):
    args = parse_args(argv)
    os.environ["MPLBACKEND"] = "Agg"
    grade(args, lambda: print(START_MARKER, file=sys.stderr, flush=True))
    # Threads or handlers the course code left behind must not keep the process (and the grade) waiting.
    os._exit(0)
