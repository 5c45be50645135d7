"""The long-lived helper: warms up the heavy imports once, then for each request line on stdin forks
a child that runs the call unit (unit.py) and answers on a pipe; the reply goes to stdout as one line.
A child that runs past its limit is killed; the helper itself stays warm for the next request.

Request: {"id", "courseRoot", "questionDir", "timeoutMs", "memoryMb", "knownElements", "jobs": [...]}
Reply:   {"id", "results": [...]} or {"id", "error": {"kind": "timeout"|"crash"|"protocol", "message"}}
"""

import json
import os
import select
import signal
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


def warm_up():
    """Imports most questions need, done once here instead of in every child."""
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


def child(request, write_fd):
    import resource

    memory_mb = request.get("memoryMb")
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
    try:
        for job in request["jobs"]:
            job["original"] = json.loads(json.dumps(job["data"]))
        text = encode_results(run_unit(request, PYTHON_ROOT, BASE_PATH), request["jobs"])
    except MemoryError:
        text = json.dumps({"error": {"kind": "memory", "message": "out of memory"}})
    except BaseException as err:  # noqa: BLE001 - report, never hang the parent
        text = json.dumps({"error": {"kind": "crash", "message": f"{type(err).__name__}: {err}"}})
    data = text.encode("utf-8")
    view = memoryview(data)
    while view:
        n = os.write(write_fd, view)
        view = view[n:]


def run_request(request):
    timeout = max(0.05, float(request.get("timeoutMs", 10000)) / 1000) * max(1, len(request.get("jobs", [])))
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        code = 0
        try:
            child(request, write_fd)
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    chunks = []
    deadline = time.monotonic() + timeout
    timed_out = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            break
        ready, _, _ = select.select([read_fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(read_fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_fd)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if timed_out:
        return {"error": {"kind": "timeout", "message": f"timeout exceeded ({timeout:g} s), the call was killed"}}
    text = b"".join(chunks).decode("utf-8", "replace")
    if not text:
        how = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"status {os.WEXITSTATUS(status)}"
        hint = " (out of memory?)" if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGKILL, signal.SIGSEGV) else ""
        return {"error": {"kind": "crash", "message": f"the Python process ended with {how}{hint} before answering"}}
    parsed = json.loads(text)
    return parsed if isinstance(parsed, dict) else {"results": parsed}


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
        try:
            request = jsonio.loads(line)
            reply = run_request(request)
        except Exception as err:  # noqa: BLE001 - a bad request must not end the helper
            request = request if isinstance(locals().get("request"), dict) else {}
            reply = {"error": {"kind": "protocol", "message": f"{type(err).__name__}: {err}"}}
        reply["id"] = request.get("id")
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
