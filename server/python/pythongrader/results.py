"""A unittest result that scores each test as the grader-python image does: a test is worth its
@points (1 without), a passed test earns them all unless Feedback.set_score says a share, a failed
one earns that share or nothing, an error nothing. The student's exception ends grading: a syntax
or name error makes the submission ungradable, any other adds a failed "Your code raised an
Exception" test."""

import traceback
import unittest

from code_feedback import Feedback, GradingComplete, TestComplete
from pl_helpers import DoNotRunError, GradingSkipped, print_student_code
from pythongrader.execution import UserCodeFailed

STUDENT_ERROR = (
    "There was an error while grading your code.\n\n"
    "Review the question text to ensure your code matches\nthe expected requirements, such as variable names,\n"
    "function names, and parameters.\n\nLook at the traceback below to help debug your code:\n"
)
GRADER_ERROR = "The grader encountered an error while grading your code.\n\nThe associated traceback is:\n"


class GradingResult(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.results = []
        self.format_errors = []
        self.done_grading = False
        self.skip_grading = False
        self.grading_succeeded = True

    def startTest(self, test):
        super().startTest(test)
        options = getattr(test, test._testMethodName).__func__.__dict__
        label = options.get("name") or test.shortDescription() or test._testMethodName
        self.results.append({"name": label, "max_points": options.get("points", 1), "filename": test._testMethodName})
        Feedback.set_name(test._testMethodName)

    def _earned(self, test, default):
        share = getattr(test, "points", None)
        self.results[-1]["points"] = default if share is None else share * self.results[-1]["max_points"]

    def addSuccess(self, test):
        super().addSuccess(test)
        self._earned(test, self.results[-1]["max_points"])

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._earned(test, 0)

    def addError(self, test, err):
        error = err[1]
        if isinstance(error, (GradingComplete, TestComplete)):
            self._earned(test, 0)
            if isinstance(error, GradingComplete):
                self.skip_grading = True
        elif isinstance(error, DoNotRunError):
            self.results[-1]["points"] = 0
            self.results[-1]["max_points"] = 0
        elif isinstance(error, GradingSkipped):
            self.results[-1]["points"] = 0
            Feedback.add_feedback(" - Grading was skipped because an earlier test failed - ")
        elif isinstance(error, UserCodeFailed):
            self._student_failed(error)
        elif isinstance(test, unittest.suite._ErrorHolder):
            # Outside any test (the setup code, the reference solution, a broken class): nothing can be graded.
            self.done_grading = True
            self.grading_succeeded = False
            self.results = [{"name": "Internal Grading Error", "filename": "error", "max_points": 1, "points": 0}]
            Feedback.set_name("error")
            Feedback.add_feedback(GRADER_ERROR + "".join(traceback.format_exception(*err)))
        else:
            super().addError(test, err)
            self.results[-1]["points"] = 0
            Feedback.add_feedback(STUDENT_ERROR + "".join(traceback.format_exception(*err)))

    def _student_failed(self, error):
        self.done_grading = True
        exc_type, exc, tb = error.exc_info
        student_path = Feedback.test.student_code_abs_path
        # The student sees the frames of their own code, not the grader's call into it.
        while tb is not None and tb.tb_frame.f_code.co_filename != student_path:
            tb = tb.tb_next
        if isinstance(exc, (SyntaxError, NameError)):
            self.grading_succeeded = False
            self.format_errors.append("Your code has a syntax error.")
            Feedback.set_main_output()
        else:
            self.results.append({"name": "Your code raised an Exception", "filename": "error", "max_points": 1, "points": 0})
            Feedback.set_name("error")
        Feedback.add_feedback("".join(traceback.format_exception(exc_type, exc, tb)))
        Feedback.add_feedback("\n\nYour code:\n\n")
        try:
            print_student_code(st_code=student_path)
        except OSError:
            pass

    def stopTest(self, test):
        self._mirrorOutput = False
        super().stopTest(test)
