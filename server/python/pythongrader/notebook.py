"""The graded part of a Jupyter notebook: a workspace question's student file may be an .ipynb, whose
"#grade" cells the tests run (our own implementation of the grader image's helper)."""

import json


def _cell_code(source):
    """A code cell's text as Python: IPython turns magics (`%matplotlib`, `!ls`) into calls, as the
    grader image does; without IPython the text is kept as written."""
    text = "".join(source) if isinstance(source, list) else str(source or "")
    try:
        from IPython.core.interactiveshell import InteractiveShell
    except ImportError:
        return text if text.endswith("\n") or not text else text + "\n"
    return InteractiveShell.instance().input_transformer_manager.transform_cell(text)


def extract_ipynb_contents(f, ipynb_key):
    """The code cells of a Jupyter notebook (an open file) that start with `ipynb_key` ("#grade" by
    default), joined in order: the part of a notebook that the tests grade."""
    notebook = json.load(f)
    content = ""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        code = _cell_code(cell.get("source", ""))
        if code.strip().startswith(ipynb_key):
            content += code
    return content
