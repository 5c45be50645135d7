"""The test result class under the name the grader-python image uses, for test files that import it."""

from pythongrader.results import GradingResult as PLTestResult  # noqa: F401
