"""pythongrader.notebook.extract_ipynb_contents: the "#grade" code cells of a notebook, in order, as the
grader image's helper of the same name gives them (PrairieLearn 88fb855,
graders/python/python_autograder/pl_helpers.py): markdown cells and ungraded code cells are left out, a
cell's source may be one string or a list of lines, and another key may be chosen."""

import io
import json

from pythongrader.notebook import extract_ipynb_contents


def notebook(*cells):
    return io.StringIO(json.dumps({"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def code(source):
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}


def test_only_graded_code_cells_in_order():
    nb = notebook(
        {"cell_type": "markdown", "metadata": {}, "source": "#grade is not code here"},
        code(["#grade\n", "def double(x):\n", "    return 2 * x"]),
        code("scratch = 'not graded'\n"),
        code("  #grade\nanswer = double(21)\n"),
    )
    graded = extract_ipynb_contents(nb, "#grade")
    assert "not graded" not in graded and "is not code" not in graded
    assert graded.index("def double") < graded.index("answer = double(21)")
    namespace = {}
    exec(compile(graded, "Workbook.ipynb #grade", "exec"), namespace)
    assert namespace["answer"] == 42


def test_other_key_and_empty_notebook():
    graded = extract_ipynb_contents(notebook(code("#grade\nx = 1\n"), code("# mine\nx = 2\n")), "# mine")
    assert "x = 2" in graded and "x = 1" not in graded
    assert extract_ipynb_contents(notebook(), "#grade") == ""
