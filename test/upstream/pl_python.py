"""What the recorders of PrairieLearn's Python share: PrairieLearn's `python/` folder (and any element
folders) importable from a checkout under Python 3.11, the commit recorded, and the fixture written.

Usage of a recorder: PL_COMMIT=<commit> python3 record_<x>.py <prairielearn-checkout> <out.json>
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def checkout_from_argv():
    """The PrairieLearn checkout named first on the command line, as an absolute path."""
    return os.path.abspath(sys.argv[1])


def load_prairielearn(checkout, *element_dirs):
    """Puts PrairieLearn's Python (and the element folders given) first on sys.path, with the shims."""
    pl_python = os.path.join(checkout, "apps", "prairielearn", "python")
    sys.path[:0] = [pl_python, os.path.join(HERE, "shims"), *element_dirs]
    sys.path.append(os.path.join(HERE, "..", "..", "server", "python", "fallback"))  # chevron, where the system lacks it
    import py312compat

    py312compat.install([pl_python, *element_dirs])


def write_fixture(checkout, cases, path=None):
    """The cases with the commit they were recorded at, as the JSON fixture named second on the command line."""
    commit = os.environ.get("PL_COMMIT") or subprocess.run(
        ["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    with open(path or sys.argv[2], "w", encoding="utf-8") as fh:
        json.dump({"prairielearnCommit": commit, "cases": cases}, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
