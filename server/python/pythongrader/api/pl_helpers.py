"""Decorators and helpers of the grader-python test API: @points, @name, @not_repeated, save_plot,
print_student_code, extract_ipynb_contents (our own implementation)."""

import base64
import functools
import io
import os
import urllib.parse

from code_feedback import Feedback
from pythongrader import state
from pythongrader.notebook import extract_ipynb_contents


class DoNotRunError(Exception):
    """Raised by a @not_repeated test on every iteration after the first."""


class GradingSkipped(Exception):
    """Marks a test that was not run because grading stopped early."""


def points(value):
    def decorate(f):
        f.__dict__["points"] = value
        return f

    return decorate


def name(label):
    def decorate(f):
        @functools.wraps(f)
        def wrapped(test):
            Feedback.set_name(f.__name__)
            if test.total_iters > 1 and getattr(test, "print_iteration_prefix", True):
                Feedback.add_iteration_prefix(test.iter_num)
            f(test)

        wrapped.__dict__["name"] = label
        return wrapped

    return decorate


def not_repeated(f):
    @functools.wraps(f)
    def wrapped(test):
        if test.iter_num > 0:
            raise DoNotRunError
        Feedback.clear_iteration_prefix()
        test.print_iteration_prefix = False
        f(test)

    wrapped.__repeated__ = False
    return wrapped


def figure_data_url(figure):
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return "data:image/png;base64," + urllib.parse.quote(base64.b64encode(buffer.getvalue()))


def save_plot(plt, iternum=0):
    """Every open figure as a PNG data URL in the results' images."""
    for number in plt.get_fignums():
        state.images.append(figure_data_url(plt.figure(number)))


def print_student_code(st_code="user_code.py", ipynb_key="#grade", as_feedback=True):
    with open(st_code, encoding="utf-8") as f:
        if os.path.splitext(st_code)[1] == ".ipynb":
            cells = extract_ipynb_contents(f, ipynb_key).strip().split("\n")
            contents = "\n".join(line for line in cells if not line.strip().startswith(ipynb_key))
        else:
            contents = f.read().strip()
    try:
        import pygments
        from pygments.formatters import Terminal256Formatter
        from pygments.lexers import PythonLexer

        contents = pygments.highlight(contents, PythonLexer(), Terminal256Formatter(style="monokai"))
    except ImportError:
        pass  # plain text is as readable, only without colours
    if as_feedback:
        Feedback.add_feedback(contents)
        return None
    return contents
