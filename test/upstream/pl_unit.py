"""Runs call units (the request format of server/python/plruntime/zygote.py) with PrairieLearn's own
question code from a checkout: its `question_phases.process` over its elements and its
`prairielearn` library, and server.py called the way its worker calls it. Used only by
compare.ts, never by the runtime; nothing of PrairieLearn is copied here.

Usage: python3 pl_unit.py <prairielearn-checkout> <our server/python dir>
Each stdin line is a request {"id", "courseRoot", "questionDir", "jobs": [...]}; each reply line is
{"id", "results": [{"data", "html", "fatal", "issues"}]} or {"id", "error": {"message"}}.
A unit runs in a worker forked per question, seeded once, with the modules it imported dropped after it.
"""

import copy
import io
import json
import os
import random
import select
import signal
import sys
import traceback
import warnings
from importlib.abc import MetaPathFinder

CHECKOUT = os.path.abspath(sys.argv[1])
OURS = os.path.abspath(sys.argv[2])
PL_PYTHON = os.path.join(CHECKOUT, "apps", "prairielearn", "python")
PL_ELEMENTS = os.path.join(CHECKOUT, "apps", "prairielearn", "elements")
SHIMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shims")
# PrairieLearn's packages first; the shims and our chevron only where the system lacks a package.
BASE = [p for p in sys.path if p and os.path.abspath(p) != os.path.dirname(os.path.abspath(__file__))]
sys.path[:] = [PL_PYTHON] + BASE + [SHIMS, os.path.join(OURS, "fallback")]
SAVED_PATH = list(sys.path)
os.environ.setdefault("MPLBACKEND", "pdf")
warnings.filterwarnings("ignore")

import py312compat  # noqa: E402

py312compat.install([PL_PYTHON, PL_ELEMENTS])

import numpy as np  # noqa: E402
import lxml.html  # noqa: E402,F401
import prairielearn  # noqa: E402,F401
from prairielearn.internal import question_phases  # noqa: E402
from prairielearn.internal.zygote_utils import get_module_function  # noqa: E402

# Element controllers are compiled by question_phases itself, so it gets the 3.11-compatible compile.
question_phases.compile = py312compat.compile_compat
for _name in ("matplotlib", "matplotlib.pyplot", "pint", "sympy", "pandas", "networkx"):
    try:  # preloaded as PrairieLearn's worker preloads them (a fork then starts warm)
        __import__(_name)
    except ImportError:
        pass


class FakerSeeder(MetaPathFinder):
    """Seeds Faker on its first import, as PrairieLearn's worker does."""

    def __init__(self, seed):
        self.seed = seed

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "faker" or fullname.startswith("faker."):
            sys.meta_path.remove(self)
            from faker import Faker

            if callable(getattr(Faker, "seed", None)):
                Faker.seed(self.seed)
            else:  # Debian's Faker 0.9: `Faker` is a factory; Generator.seed seeds the same shared source
                from faker.generator import Generator

                Generator.seed(self.seed)
        return None


def warm_up():
    """Compiles every core controller in the parent, so forked units start with the code ready."""
    for entry in element_map_of(""):
        pass
    for name in os.listdir(PL_ELEMENTS):
        info = os.path.join(PL_ELEMENTS, name, "info.json")
        if os.path.isfile(info):
            try:
                with open(info, encoding="utf-8") as f:
                    controller = os.path.join(PL_ELEMENTS, name, json.load(f).get("controller", ""))
                with open(controller, encoding="utf-8") as f:
                    py312compat.compile_compat(f.read(), controller, "exec")
            except (OSError, ValueError, SyntaxError):
                pass
    # One render of common elements loads their schemas and lazy imports here, not in every fork.
    html = ('<pl-multiple-choice answers-name="a"><pl-answer correct="true">1</pl-answer><pl-answer>2</pl-answer></pl-multiple-choice>'
            '<pl-checkbox answers-name="b"><pl-answer correct="true">1</pl-answer><pl-answer>2</pl-answer></pl-checkbox>'
            '<pl-number-input answers-name="c" correct-answer="1"></pl-number-input>')
    data = {"params": {}, "correct_answers": {}, "variant_seed": 1, "options": {}, "preferences": {}, "answers_names": {}}
    try:
        cwd = os.getcwd()
        question_phases.process("prepare", data, {"html": html, "elements": element_map_of(""), "element_extensions": {}, "course_path": "/nonexistent"})
        os.chdir(cwd)
    except Exception:  # noqa: BLE001 - only a warm-up
        pass
    import gc

    gc.freeze()


_maps = {}


def element_map_of(course_root):
    if course_root not in _maps:
        _maps[course_root] = element_map(course_root)
    return _maps[course_root]


def element_map(course_root):
    """{tag: {name, controller, type}} for core then course elements, both spellings of each tag."""
    out = {}
    for kind, root in (("core", PL_ELEMENTS), ("course", os.path.join(course_root, "elements"))):
        if not os.path.isdir(root):
            continue
        for name in sorted(os.listdir(root)):
            info_path = os.path.join(root, name, "info.json")
            if not os.path.isfile(info_path):
                continue
            try:
                with open(info_path, encoding="utf-8") as f:
                    info = json.load(f)
            except (OSError, ValueError):
                continue
            entry = {"name": name, "controller": info.get("controller", ""), "type": kind}
            out[name] = entry
            out[name.replace("-", "_")] = entry
    return out


def extensions(course_root):
    out = {}
    root = os.path.join(course_root, "elementExtensions")
    if not os.path.isdir(root):
        return out
    for element in sorted(os.listdir(root)):
        for ext in sorted(os.listdir(os.path.join(root, element))):
            info_path = os.path.join(root, element, ext, "info.json")
            if os.path.isfile(info_path):
                with open(info_path, encoding="utf-8") as f:
                    # As PrairieLearn's loadExtensions: the name and the absolute directory, then info.json.
                    out.setdefault(element, {})[ext] = {"name": ext, "directory": os.path.join(root, element, ext), **json.load(f)}
    return out


def score_of(partial_scores, partial_credit):
    def values(v):
        v = v if isinstance(v, dict) else {}
        num = lambda x, d: x if isinstance(x, (int, float)) and not isinstance(x, bool) else d  # noqa: E731
        return num(v.get("score"), 0), num(v.get("weight"), 1)

    entries = list((partial_scores or {}).values())
    if partial_credit:
        total = sum(values(v)[1] for v in entries)
        return sum(values(v)[0] * values(v)[1] for v in entries) / (total or 1)
    return 1 if entries and all(values(v)[0] >= 1 for v in entries) else 0


class Server:
    def __init__(self, course_root, question_dir):
        self.course_root, self.question_dir = course_root, question_dir
        self.path = os.path.join(question_dir, "server.py")
        self.mod = None

    def call(self, phase, args):
        """(present, value); mirrors the worker: cwd = question dir, serverFilesCourse on the path."""
        if not os.path.isfile(self.path):
            return False, None
        sys.path[:] = [self.question_dir, os.path.join(self.course_root, "serverFilesCourse")] + SAVED_PATH
        os.chdir(self.question_dir)
        if self.mod is None:
            self.mod = {"__file__": self.path}
            with open(self.path, encoding="utf-8") as f:
                exec(compile(f.read(), self.path, "exec"), self.mod)
        fn = get_module_function(self.mod, phase)
        if fn is None:
            return False, None
        return True, fn(*args)


def run_job(job, context, server, partial_credit):
    phase, data = job["phase"], job["data"]
    html = None
    if phase != "generate":
        context = dict(context, html=job.get("html") or "")
        html, _ = question_phases.process(phase, data, context)
        if phase in ("grade", "test"):
            data["score"] = score_of(data.get("partial_scores"), partial_credit)
    args = [data, html] if phase == "render" else [data]
    present, value = server.call(phase, args)
    if present:
        if phase == "render":
            html = value
        elif phase != "file" and value is not None and value is not data:
            data = value
    return {"data": data, "html": html if phase == "render" else None, "fatal": False, "issues": []}


def run_unit(request):
    course_root, question_dir = request["courseRoot"], request["questionDir"]
    jobs = request["jobs"]
    if jobs:
        seed = jobs[0]["data"].get("variant_seed")
        random.seed(seed)
        np.random.seed(seed)
        sys.meta_path.insert(0, FakerSeeder(seed))
    context = {"elements": element_map_of(course_root), "element_extensions": extensions(course_root), "course_path": course_root}
    server = Server(course_root, question_dir)
    results = []
    for job in jobs:
        out = io.StringIO()
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = out
        try:
            results.append(run_job(job, context, server, job.get("partialCredit", True)))
        except Exception as err:  # noqa: BLE001 - a failing phase is a result to compare
            results.append({"data": job["data"], "html": None, "fatal": True, "issues": [f"{type(err).__name__}: {err}\n{traceback.format_exc(limit=-3)}"]})
            sys.stdout, sys.stderr = saved
            break
        finally:
            sys.stdout, sys.stderr = saved
    return {"results": results}


def serve(read_fd, write_fd):
    """A worker for one question: units one after another, each with fresh module state."""
    reader = os.fdopen(read_fd, encoding="utf-8")
    writer = os.fdopen(write_fd, "w", encoding="utf-8")
    for line in reader:
        baseline = set(sys.modules)
        try:
            text = json.dumps(run_unit(json.loads(line)), allow_nan=False)
        except BaseException as err:  # noqa: BLE001
            text = json.dumps({"error": {"message": f"{type(err).__name__}: {err}"}})
        for name in set(sys.modules) - baseline:  # what course code imported is imported afresh next time
            del sys.modules[name]
        writer.write(text + "\n")
        writer.flush()


class Worker:
    """Forked from the warm parent per question (PrairieLearn forks per call; the units here reseed and reload)."""

    def __init__(self, key):
        self.key = key
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.close(to_child_w)
            os.close(from_child_r)
            try:
                serve(to_child_r, from_child_w)
            finally:
                os._exit(0)
        os.close(to_child_r)
        os.close(from_child_w)
        self.writer = os.fdopen(to_child_w, "w", encoding="utf-8")
        self.reader = os.fdopen(from_child_r, encoding="utf-8")

    def ask(self, line):
        try:
            self.writer.write(line.rstrip("\n") + "\n")
            self.writer.flush()
        except OSError:
            return ""
        # A unit that never ends must not stop the comparison. The parent waits, not an alarm in the
        # worker: PrairieLearn's SignalTimeout (sympy grading) refuses to run under an ITIMER_REAL timer.
        ready, _, _ = select.select([self.reader], [], [], 60)
        return self.reader.readline() if ready else ""


    def stop(self):
        for f in (self.writer, self.reader):
            try:
                f.close()
            except OSError:
                pass
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(self.pid, 0)


def main():
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    warm_up()
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()
    worker = None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        element_map_of(request["courseRoot"])  # in the parent: later forks of this course inherit it
        key = (request["courseRoot"], request["questionDir"])
        if worker is not None and worker.key != key:
            worker.stop()
            worker = None
        worker = worker or Worker(key)
        text = worker.ask(line)
        if not text:
            worker.stop()
            worker = None
        reply = json.loads(text) if text else {"error": {"message": "the worker ended without answering (timeout or crash)"}}
        reply["id"] = request.get("id")
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
