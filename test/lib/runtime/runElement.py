"""Test helper: run one phase of one element controller, as the question worker would.

Usage: python3 runElement.py <element-dir> <phase>
stdin: {"element_html": str, "data": dict, "seed": int?}
stdout: one JSON line {"data": dict, "html": str | null, "defined": bool}
"""

import json
import os
import random
import sys

PYTHON_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "server", "python")


def main() -> None:
    element_dir = os.path.abspath(sys.argv[1])
    phase = sys.argv[2]
    request = json.loads(sys.stdin.read())
    data = request["data"]
    sys.path[:0] = [element_dir, os.path.abspath(PYTHON_ROOT)]
    sys.path.append(os.path.abspath(os.path.join(PYTHON_ROOT, "fallback")))
    seed = request.get("seed", data.get("variant_seed", 0))
    random.seed(seed)
    try:
        import numpy as np

        np.random.seed(seed)
    except ImportError:
        pass
    with open(os.path.join(element_dir, "info.json"), encoding="utf-8") as f:
        controller = json.load(f)["controller"]
    os.chdir(element_dir)
    namespace: dict = {"__name__": os.path.splitext(controller)[0]}
    with open(controller, encoding="utf-8") as f:
        exec(compile(f.read(), os.path.join(element_dir, controller), "exec"), namespace)
    fn = namespace.get(phase)
    html = None
    if callable(fn):
        result = fn(request["element_html"], data)
        if phase == "render":
            html = result
    print(json.dumps({"data": data, "html": html, "defined": callable(fn)}, allow_nan=False))


if __name__ == "__main__":
    main()
