"""What one grading run collects while the test files run: feedback per test, the main output, images.

The api modules and the runner share this one module, so a test file's `Feedback.add_feedback`
lands on the test that is running.
"""

reference_as_student = False
"""pl-check's reference run: the submitted file (tests/ans.py) runs with the names the reference gets
and without leading or trailing code, as ans.py itself runs."""

job = None
"""The JobFiles of this run (set by the runner before the test file is loaded)."""

feedback = {}
"""Feedback text per test method name ("error" for the student's exception, "output" for the main output)."""

images = []
"""Data URLs of the student's figures, in the order they were saved."""


def add_text(key, text):
    feedback[key] = feedback.get(key, "") + text


def reset():
    feedback.clear()
    images.clear()
