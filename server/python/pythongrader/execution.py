"""Running the setup code, the reference solution and the student's code, as the image's grader
runs them: setup once; the reference sees every setup name (those in names_for_user as copies),
the student only copies of names_for_user; both start from the same random seed; the tests get
the reference's public names and the student's names_from_user."""

import copy
import io
import linecache
import os
import random
import sys
from types import ModuleType

from pythongrader import state
from pythongrader.notebook import extract_ipynb_contents


class UserCodeFailed(Exception):
    """The student's code raised; `exc_info` is the original exception."""

    def __init__(self, exc_info):
        super().__init__(exc_info[1])
        self.exc_info = exc_info


def seed_all(seed):
    random.seed(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except ImportError:
        pass
    # Faker's shared generator (Faker.seed since Faker 4; older ones draw from `random`, seeded above).
    seeder = getattr(getattr(sys.modules.get("faker"), "Faker", None), "seed", None)
    if callable(seeder):
        seeder(seed)


def _cache_source(filename, text):
    # Tracebacks show the lines of code whose file is gone (or never existed, for the joined student code).
    linecache.cache[filename] = (len(text), None, [line + "\n" for line in text.splitlines()], filename)


def _plain(namespace, names=None):
    return {k: v for k, v in namespace.items() if k != "__builtins__" and not isinstance(v, ModuleType) and (names is None or k in names)}


def _pyplot_in(namespace):
    for value in namespace.values():
        if isinstance(value, ModuleType) and value.__name__ == "matplotlib.pyplot":
            return value
    return None


def run_codes(student_file, include_plot, iteration, ipynb_key="#grade"):
    """(reference names, student names, pyplot module or None); raises UserCodeFailed for the student's errors."""
    job = state.job
    data = copy.deepcopy(job.data)
    params = data.get("params") or {}
    setup_path = job.paths["setup_code.py"]
    setup_text = job.code["setup_code.py"] or ""
    ref_path, ref_text = job.paths["ans.py"], job.code["ans.py"]
    if ref_text is None:
        raise FileNotFoundError(f"the reference solution {ref_path} is missing")
    _cache_source(setup_path, setup_text)
    _cache_source(ref_path, ref_text)

    setup_ns = {"test_iter_num": iteration, "data": data}
    exec(compile(setup_text, setup_path, "exec"), setup_ns)
    repeated = setup_ns.get("repeated_setup")
    if callable(repeated):
        repeated()
    for_user = [v["name"] for v in params.get("names_for_user", [])]
    seed = random.randint(0, 2**32 - 1)

    reference_ns = copy.deepcopy(_plain(setup_ns, for_user))
    reference_ns.update({k: v for k, v in _plain(setup_ns).items() if k not in for_user})
    seed_all(seed)
    exec(compile(ref_text, ref_path, "exec"), reference_ns)
    if include_plot:
        plt = _pyplot_in(reference_ns)
        if plt is not None:
            plt.close("all")
    from_user = [v["name"] for v in params["names_from_user"]]
    if callable(repeated):
        repeated()
    linecache.cache.pop(setup_path, None)
    linecache.cache.pop(ref_path, None)

    path = os.path.join(job.run_dir, student_file)
    with open(path, encoding="utf-8") as f:
        if student_file.endswith(".ipynb"):
            # A notebook: only its "#grade" cells run, and tracebacks name them so (as the image does).
            student_text = extract_ipynb_contents(f, ipynb_key)
            path = f"{path} {ipynb_key}"
        else:
            student_text = f.read()
    if state.reference_as_student:
        student_ns = copy.deepcopy(_plain(setup_ns, for_user))
        # Copies, so that what the reference's run changed (a random generator, a list) starts afresh.
        for k, v in _plain(setup_ns).items():
            if k not in for_user:
                try:
                    student_ns[k] = copy.deepcopy(v)
                except Exception:  # noqa: BLE001 - an object that cannot be copied is shared, as the reference had it
                    student_ns[k] = v
        joined = student_text
    else:
        student_ns = copy.deepcopy(_plain(setup_ns, for_user))
        joined = "\n".join(t for t in (job.code["leading_code.py"], student_text, job.code["trailing_code.py"]) if t)
    _cache_source(path, joined)
    printed = io.StringIO()
    saved_stdout = sys.stdout
    sys.stdout = printed
    seed_all(seed)
    failure = None
    try:
        exec(compile(joined, path, "exec"), student_ns)
    except Exception:
        failure = sys.exc_info()
    finally:
        sys.stdout = saved_stdout
        state.add_text("output", printed.getvalue())
    if failure is not None:
        raise UserCodeFailed(failure)

    reference = {k: v for k, v in reference_ns.items() if not k.startswith("_") and not isinstance(v, ModuleType)}
    student = {name: student_ns.get(name) for name in from_user}
    plot = None
    if include_plot:
        plot = _pyplot_in(student_ns)
        if plot is None:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plot
    seed_all(None)
    return reference, student, plot
