"""PLTestCase and PLTestCaseWithPlot: the base classes of a question's tests/test.py (our own
implementation of the grader-python test API). setUpClass runs the setup code, the reference
solution and the student's code, and hands their names to the tests as `self.ref` and `self.st`."""

import collections
import os
import unittest

from code_feedback import Feedback
from pl_helpers import GradingSkipped, name, save_plot
from pythongrader import state
from pythongrader.execution import run_codes


def _names_tuple(label, values):
    return collections.namedtuple(label, values.keys())(**values)


class PLTestCase(unittest.TestCase):
    include_plt = False
    student_code_file = "user_code.py"
    iter_num = 0
    total_iters = 1
    ipynb_key = "#grade"
    plt = None

    @classmethod
    def setUpClass(cls):
        Feedback.set_test(cls)
        cls.student_code_abs_path = os.path.join(state.job.run_dir, cls.student_code_file)
        import copy

        cls.data = copy.deepcopy(state.job.data)
        reference, student, plot = run_codes(cls.student_code_file, cls.include_plt, cls.iter_num, cls.ipynb_key)
        cls.ref = _names_tuple("answerTuple", reference)
        cls.st = _names_tuple("studentTuple", student)
        cls.plt = plot
        if cls.include_plt:
            cls.display_plot()

    @classmethod
    def tearDownClass(cls):
        if cls.include_plt and cls.plt:
            cls.plt.close("all")
        cls.iter_num += 1

    @classmethod
    def display_plot(cls):
        axes = cls.plt.gca()
        if axes.get_lines() or axes.collections or axes.patches or axes.images:
            save_plot(cls.plt, cls.iter_num)

    @classmethod
    def get_total_points(cls):
        """The points of the class's own test_ methods that carry @points, times the iterations for repeated ones."""
        tests = [f for key, f in cls.__dict__.items() if key.startswith("test_") and callable(f) and "points" in getattr(f, "__dict__", {})]
        if cls.total_iters == 1:
            return sum(f.__dict__["points"] for f in tests)
        once = sum(f.__dict__["points"] for f in tests if not f.__dict__.get("__repeated__", True))
        repeated = sum(f.__dict__["points"] for f in tests if f.__dict__.get("__repeated__", True))
        return cls.total_iters * repeated + once

    def setUp(self):
        self.points = 0.0
        Feedback.set_test(self)

    def run(self, result=None):
        if getattr(result, "skip_grading", False):
            result.startTest(self)
            self.setUp()
            result.addError(self, (None, GradingSkipped(), None))
            return
        if getattr(result, "done_grading", False):
            return
        super().run(result)


class PLTestCaseWithPlot(PLTestCase):
    include_plt = True

    @name("Check plot labels")
    def optional_test_plot_labels(self):
        if not self.plt:
            Feedback.add_feedback("No plot to check")
            Feedback.set_score(0)
            return
        axes = self.plt.gca()
        found = 0
        for label, value in (("xlabel", axes.get_xlabel()), ("title", axes.get_title()), ("ylabel", axes.get_ylabel())):
            found += bool(value)
            Feedback.add_feedback(f"Plot has {label}" if value else f"Plot is missing {label}")
        Feedback.set_score(found / 3.0)
