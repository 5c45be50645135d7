"""A grader for questions that name the `prairielearn/grader-python` image, run without a container.

It reads a grading job folder laid out as PrairieLearn lays out `/grade` (tests/, student/,
data/data.json, serverFilesCourse/) and writes results/results.json in the same form as that
image's grader. Test files import `pl_unit_test`, `pl_helpers` and `code_feedback` from api/, our
own implementation of that grader's documented test API.

Run: python3 -B -m pythongrader <job folder>  (PYTHONPATH naming the folder above this package).
"""
