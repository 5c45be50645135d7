"""The warm grader: one long-lived process that imports what grading jobs need (numpy, pandas,
matplotlib, this grader and its test API) once, then forks one child per job, so a job costs a
fork instead of a fresh Python that imports numpy again.

The parent never runs course or student code: each job runs in a child forked from the clean warm
state (so no job sees what another one left in a module), in a process group of its own, with the
cold runner's bounds (runner.prepare_process: memory, CPU time and file size rlimits, no network,
writes only in the job's run/ and tmp/), its console on a pipe the parent reads up to a limit, and
the protocol descriptors closed. The parent is a child subreaper (plruntime.tree), so everything a
job starts stays below it, even after setsid() or a double fork, and is killed when the job ends or
its time runs out.

Ready:   {"ready": true, "version"}
Request: {"id", "args": [runner arguments], "timeoutSeconds", "environment": {name: value or null}}
Reply:   {"id", "exitCode" or null, "signal" or null, "timedOut", "output"}
"""

import gc
import os
import select
import signal
import sys
import time
import traceback

from plruntime import warmprocess

warmprocess.limit_native_threads()
os.environ["MPLBACKEND"] = "Agg"

from plruntime import tree  # noqa: E402
from pythongrader import runner  # noqa: E402

# As processRun.ts keeps a cold run's console: the first 256 KiB, then a note.
OUTPUT_LIMIT = 256 * 1024
OUTPUT_CUT = "\n[output cut: more than 256 KiB]\n"
BASE_ENVIRONMENT = dict(os.environ)
BASE_PATH = list(sys.path)


def warm_up():
    warmprocess.import_quietly(
        ("numpy", "pandas", "matplotlib", "matplotlib.pyplot", "unittest", "copy", "linecache",
         "pythongrader.results", "pythongrader.execution", "code_feedback", "pl_helpers", "pl_unit_test", "pl_result"),
        path=BASE_PATH + [runner.API_DIR])
    # Compiles the argument parser's patterns into re's cache, which every job inherits.
    runner.parse_args(["job"])
    import ctypes  # noqa: F401 - tree.become_subreaper
    # Keep the collector off the warm objects, so forked children do not copy every page they hold.
    gc.collect()
    gc.freeze()
    return {"ready": True, "version": sys.version.split()[0]}


def _child(request, out_w):
    """In the forked child: cut off from the parent's channels, then one job as the cold runner runs it."""
    try:
        os.setpgid(0, 0)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(out_w, 2)
        keep = {0, 1, 2}
        for fd in [int(n) for n in os.listdir("/proc/self/fd")] if os.path.isdir("/proc/self/fd") else range(3, 256):
            if fd not in keep:
                try:
                    os.close(fd)
                except OSError:
                    pass
        os.environ.clear()
        os.environ.update(BASE_ENVIRONMENT)
        for name, value in (request.get("environment") or {}).items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = str(value)
        # A fresh process seeds its generators from the system; Python's random does so after a fork by
        # itself, numpy's global generator would repeat the parent's state.
        numpy = sys.modules.get("numpy")
        if numpy is not None:
            numpy.random.seed()
        sys.path[:] = BASE_PATH
        sys.stdout = sys.__stdout__
        runner.grade(runner.parse_args(request["args"]))
    except BaseException:  # noqa: BLE001 - whatever happens, the parent gets output and an exit
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(0)


class Console:
    """A job's console output: the first OUTPUT_LIMIT bytes kept, the rest read and dropped."""

    def __init__(self, fd):
        self.fd = fd
        self.parts = []
        self.kept = 0
        self.cut = False
        self.open = True

    def read(self):
        try:
            chunk = os.read(self.fd, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            self.open = False
            return
        room = OUTPUT_LIMIT - self.kept
        if room > 0:
            self.parts.append(chunk[:room])
            self.kept += min(room, len(chunk))
        if len(chunk) > room:
            self.cut = True

    def text(self):
        return b"".join(self.parts).decode("utf-8", "replace") + (OUTPUT_CUT if self.cut else "")


def _wait_status(pid, block):
    try:
        done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
    except ChildProcessError:
        return 0
    return status if done else None


def run_job(request):
    timeout = max(0.05, float(request.get("timeoutSeconds", 30)))
    out_r, out_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        os.close(out_r)
        _child(request, out_w)
    os.close(out_w)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass  # the child did it first
    deadline = time.monotonic() + timeout
    console = Console(out_r)
    status, timed_out = None, False
    while status is None:
        status = _wait_status(pid, False)
        if status is not None:
            break
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            break
        # Without the pipe (closed, or held open by the job's own children), poll for the child's exit.
        ready = select.select([out_r] if console.open else [], [], [], min(left, 0.02))[0]
        if ready:
            console.read()
    # The job is over: nothing it started may outlive it.
    tree.kill_all(os.getpid(), groups=[pid])
    if status is None:
        status = _wait_status(pid, True)
    while console.open and select.select([out_r], [], [], 1.0)[0]:
        console.read()
    os.close(out_r)
    return {
        "exitCode": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "timedOut": timed_out,
        "output": console.text(),
    }


def _failed(err):
    return {"exitCode": None, "signal": None, "timedOut": False, "output": f"the warm grader failed: {type(err).__name__}: {err}\n"}


def main():
    warmprocess.serve(warm_up, lambda request, line, reader: run_job(request), _failed, reply_keys=("id",))


if __name__ == "__main__":
    main()
