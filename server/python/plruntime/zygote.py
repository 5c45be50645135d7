"""The long-lived helper: warms up the heavy imports once, then answers request lines on stdin with
reply lines on stdout. Units run in a forked worker, never in this warm parent:

- a worker serves the units of one question (the Test's generate, prepare, render, test, parse,
  grade... or an author's preview refreshes), and each unit starts from fresh module state: a new
  server.py module and controller namespaces (unit.py), the RNGs seeded again, and every module the
  previous unit imported dropped from sys.modules;
- a request for another question, a timeout, a crash or MAX_UNITS units end the worker, and the
  next request forks a new one from the warm parent (PrairieLearn forks per call; one fork per
  question keeps the fork's cost off each call).

Request: {"id", "courseRoot", "questionDir", "timeoutMs", "memoryMb", "knownElements", "jobs": [...]}
Reply:   {"id", "results": [...]} or {"id", "error": {"kind": "timeout"|"crash"|"memory"|"protocol", "message"}}
"""

import gc
import json
import os
import select
import signal
import struct
import sys
import time

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")
os.environ.setdefault("MPLBACKEND", "pdf")

PYTHON_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE_PATH = [p for p in sys.path if p and os.path.abspath(p) != os.path.dirname(os.path.abspath(__file__))]
sys.path[:] = [PYTHON_ROOT] + BASE_PATH + [os.path.join(PYTHON_ROOT, "fallback")]

from plruntime import jsonio  # noqa: E402
from plruntime.unit import encode_results, run_unit  # noqa: E402

MAX_UNITS = 200


def warm_up():
    """Imports most questions need, done once here instead of in every worker."""
    import importlib
    import warnings

    warnings.filterwarnings("ignore", category=SyntaxWarning)
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    names = ("html", "math", "random", "json", "lxml.html", "numpy", "chevron", "prairielearn", "prairielearn.sympy_utils",
             "sympy", "pint", "pandas", "networkx", "matplotlib", "matplotlib.pyplot")
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a missing optional package only costs speed here
            pass
    from plruntime.controllers import compiled
    from plruntime.elementmap import core_elements

    for entry in core_elements(os.path.join(PYTHON_ROOT, "elements")).values():
        try:
            compiled(entry["controller"])
        except (OSError, SyntaxError, ValueError):
            pass  # reported when a question uses it
    # Keep the collector off the warm objects, so forked workers do not copy every page they hold.
    gc.freeze()


def send_frame(fd, data):
    view = memoryview(struct.pack(">I", len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


class Timeout(Exception):
    pass


def read_exact(fd, n, deadline=None):
    """n bytes from fd, or None at end of file; raises Timeout when `deadline` (monotonic) passes."""
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise Timeout()
        chunk = os.read(fd, min(1 << 16, n - got))
        if not chunk:
            return None
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_frame(fd, deadline=None):
    head = read_exact(fd, 4, deadline)
    if head is None:
        return None
    return read_exact(fd, struct.unpack(">I", head)[0], deadline)


def run_one(request):
    baseline = set(sys.modules)
    try:
        for job in request["jobs"]:
            job["original"] = json.loads(json.dumps(job["data"]))
        return encode_results(run_unit(request, PYTHON_ROOT, BASE_PATH), request["jobs"]), False
    except MemoryError:
        return json.dumps({"error": {"kind": "memory", "message": "out of memory"}}), True
    except BaseException as err:  # noqa: BLE001 - report, never hang the parent
        return json.dumps({"error": {"kind": "crash", "message": f"{type(err).__name__}: {err}"}}), True
    finally:
        # Fresh module state for the next unit: forget what this one imported (course code, controllers' helpers).
        for name in set(sys.modules) - baseline:
            del sys.modules[name]


def worker(read_fd, write_fd, memory_mb):
    import resource

    if memory_mb:
        limit = int(memory_mb) * 1024 * 1024
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ValueError, OSError):
            pass
    # Keep what C code prints off the protocol; Python-level output is captured per call in unit.py.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    while True:
        frame = read_frame(read_fd)
        if frame is None:
            return
        text, spoiled = run_one(jsonio.loads(frame.decode("utf-8")))
        send_frame(write_fd, text.encode("utf-8"))
        if spoiled:
            return


class Worker:
    def __init__(self, key, memory_mb):
        self.key = key
        self.units = 0
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.close(self.to_child)
            os.close(self.from_child)
            code = 0
            try:
                worker(to_child_r, from_child_w, memory_mb)
            except BaseException:  # noqa: BLE001
                code = 1
            finally:
                os._exit(code)
        os.close(to_child_r)
        os.close(from_child_w)

    def stop(self, kill=True):
        for fd in (self.to_child, self.from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        if kill:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
        _, status = os.waitpid(self.pid, 0)
        return status


current = None


def run_request(request, line):
    global current
    if not hasattr(os, "fork"):
        return {"error": {"kind": "crash", "message": "the question runtime needs a POSIX system (Linux, macOS, or WSL on Windows)"}}
    timeout = max(0.05, float(request.get("timeoutMs", 10000)) / 1000) * max(1, len(request.get("jobs", [])))
    key = (request.get("courseRoot"), request.get("questionDir"), request.get("memoryMb"))
    if current is not None and (current.key != key or current.units >= MAX_UNITS):
        current.stop()
        current = None
    if current is None:
        current = Worker(key, request.get("memoryMb"))
    current.units += 1
    try:
        send_frame(current.to_child, line.encode("utf-8"))
    except OSError:
        pass
    try:
        reply = read_frame(current.from_child, time.monotonic() + timeout)
    except Timeout:
        current.stop()
        current = None
        return {"error": {"kind": "timeout", "message": f"timeout exceeded ({timeout:g} s), the call was killed"}}
    if reply is not None:
        parsed = json.loads(reply.decode("utf-8"))
        return parsed if isinstance(parsed, dict) else {"results": parsed}
    ended = current
    current = None
    status = _status_of(ended)
    how = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"status {os.WEXITSTATUS(status)}"
    hint = " (out of memory?)" if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGKILL, signal.SIGSEGV) else ""
    return {"error": {"kind": "crash", "message": f"the Python process ended with {how}{hint} before answering"}}


def _status_of(ended):
    for fd in (ended.to_child, ended.from_child):
        try:
            os.close(fd)
        except OSError:
            pass
    try:
        return os.waitpid(ended.pid, 0)[1]
    except ChildProcessError:
        return 0


def main():
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    # Nothing else may write to the protocol stream.
    sys.stdout = sys.stderr
    warm_up()
    out.write(json.dumps({"ready": True, "version": sys.version.split()[0]}) + "\n")
    out.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = {}
        try:
            request = jsonio.loads(line)
            reply = run_request(request, line)
        except Exception as err:  # noqa: BLE001 - a bad request must not end the helper
            reply = {"error": {"kind": "protocol", "message": f"{type(err).__name__}: {err}"}}
        reply["id"] = request.get("id") if isinstance(request, dict) else None
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
