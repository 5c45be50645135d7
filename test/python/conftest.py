"""pytest for server/python: the folder the runtime puts on sys.path is put there for these tests too."""

import os
import sys

PYTHON_ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "server", "python")
sys.path.insert(0, os.path.abspath(PYTHON_ROOT))
sys.path.append(os.path.abspath(os.path.join(PYTHON_ROOT, "fallback")))
