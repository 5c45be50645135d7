"""The long-lived helper: warms up the heavy imports once, then answers request lines on descriptor 3
with reply lines on descriptor 4 (stdin, stdout and stderr are not the protocol: whatever ends up
there is only logged). Units run in a forked worker, never in this warm parent:

- a worker serves the units of one question (the Test's generate, prepare, render, test, parse,
  grade... or an author's preview refreshes), and each unit starts from fresh module state: a new
  server.py module and controller namespaces (unit.py), the RNGs seeded again, and every module the
  previous unit imported dropped from sys.modules;
- a request for another question, a timeout, a crash or MAX_UNITS units end the worker, and the
  next request forks a new one from the warm parent (PrairieLearn forks per call; one fork per
  question keeps the fork's cost off each call).

- the worker and every process it starts are killed when a call times out, when the worker is
  replaced and when this helper ends (its request channel closes, or SIGTERM/SIGHUP/SIGINT); a
  process still running after a call gets a warning on that call and is killed.

The messages (protocol.py): a Ready first, then a ResultsReply or an ErrorReply to each HelperRequest.
"""

import gc
import os
import select
import signal
import sys
import time

# Started as a script: its own folder is on sys.path, the package root is not.
PYTHON_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE_PATH = [p for p in sys.path if p and os.path.abspath(p) != os.path.dirname(os.path.abspath(__file__))]
sys.path[:] = [PYTHON_ROOT] + BASE_PATH + [os.path.join(PYTHON_ROOT, "fallback")]

from plruntime import warmprocess  # noqa: E402

warmprocess.limit_native_threads()
os.environ.setdefault("MPLBACKEND", "pdf")

from plruntime import channel, jsonio, scratch, tree  # noqa: E402
from plruntime.channel import Garbled, Timeout  # noqa: E402
from plruntime.protocol import PROTOCOL, HelperRequest, Ready  # noqa: E402
from plruntime.workerloop import worker  # noqa: E402

MAX_UNITS = 200
# How long a worker whose time ran out gets to say where it was (the recursion check) before it is killed.
PROBE_S = 1.0


def warm_up():
    """Imports most questions need, done once here instead of in every worker."""
    import warnings

    # Set for the units as well, as PrairieLearn's zygote keeps its warning filters for course code.
    warnings.filterwarnings("ignore", category=SyntaxWarning)
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    warmprocess.import_quietly((
        "html", "math", "random", "json", "lxml.html", "numpy", "chevron", "prairielearn", "prairielearn.sympy_utils",
        # Most element controllers import these; warm, a unit neither compiles nor runs them again.
        "prairielearn.element_ui", "prairielearn.ansi_html",
        "sympy", "pint", "pandas", "networkx", "matplotlib", "matplotlib.pyplot",
        # pygraphviz's compiled module crashes the process when imported a second time after a
        # unit forgets it, so it stays imported (pl-graph extensions and networkx use it).
        "pygraphviz"))
    import ctypes  # noqa: F401 - tree.become_subreaper

    from plruntime.controllers import compiled
    from plruntime.elementmap import core_elements

    for entry in core_elements(os.path.join(PYTHON_ROOT, "elements")).values():
        try:
            compiled(entry["controller"])
        except (OSError, SyntaxError, ValueError):
            pass  # reported when a question uses it
    # Keep the collector off the warm objects, so forked workers do not copy every page they hold.
    gc.freeze()


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
                worker(to_child_r, from_child_w, memory_mb, PYTHON_ROOT, BASE_PATH)
            except BaseException:  # noqa: BLE001
                code = 1
            finally:
                os._exit(code)
        try:
            os.setpgid(self.pid, self.pid)
        except OSError:
            pass  # the child did it first
        os.close(to_child_r)
        os.close(from_child_w)

    def close_pipes(self):
        for fd in (self.to_child, self.from_child):
            try:
                os.close(fd)
            except OSError:
                pass

    def status(self):
        """The worker's exit status once it ended by itself."""
        self.close_pipes()
        try:
            return os.waitpid(self.pid, 0)[1]
        except ChildProcessError:
            return 0

    def stop(self):
        """Kills the worker and everything it started."""
        self.close_pipes()
        tree.kill_all(os.getpid(), groups=[self.pid])
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


current = None


def stop_current():
    global current
    if current is not None:
        current.stop()
        current = None


def leftovers_warning(request: HelperRequest, reply: dict) -> bool:
    """Stops processes the unit left running; a warning on its last result names them."""
    live, zombies = tree.below(os.getpid(), groups=[current.pid])
    tree.reap(zombies)
    left = {pid: cmd for pid, cmd in live.items() if pid != current.pid}
    if not left:
        return False
    stop_current()
    results = reply.get("results")
    if isinstance(results, list) and results:
        jobs = request.get("jobs") or [{}]
        names = ", ".join(f"{pid} {cmd}" for pid, cmd in sorted(left.items())[:5]) + (", ..." if len(left) > 5 else "")
        server = os.path.join(str(request.get("questionDir")), "server.py")
        message = (
            f"The question's code left {len(left)} process{'es' if len(left) > 1 else ''} running after {jobs[-1].get('phase')}() "
            f"({names}); they were stopped. Wait for the processes it starts (subprocess.run, or Popen(...).wait())."
        )
        warning = {"message": message, "fatal": False, "phase": jobs[-1].get("phase")}
        if os.path.isfile(server):
            warning["file"] = server
        results[-1].setdefault("issues", []).append(warning)
    return True


def _timed_out(token, what):
    """The reply when time ran out: the worker is asked where it was (a runaway recursion is named as
    one), then it and its processes are killed."""
    probe = None
    try:
        os.kill(current.pid, signal.SIGUSR1)
        probe = channel.read_message(current.from_child, token, time.monotonic() + PROBE_S)
    except (OSError, Timeout, Garbled, ValueError):
        pass
    stop_current()
    recursion = (probe or {}).get("probe", {}).get("recursion") if isinstance(probe, dict) else None
    if recursion:
        return {"error": {"kind": "recursion", "message": recursion}}
    return {"error": {"kind": "timeout", "message": f"timeout exceeded ({what}), the call was killed"}}


def run_request(request: HelperRequest, line: str, reader: channel.LineReader) -> dict:
    """The reply to one unit, without its id and seq (main adds them): a ResultsReply's or an ErrorReply's body."""
    global current
    if not hasattr(os, "fork"):
        return {"error": {"kind": "crash", "message": "the question runtime needs a POSIX system (Linux, macOS, or WSL on Windows)"}}
    jobs = request.get("jobs") or []
    phase_s = max(0.05, float(request.get("timeoutMs", 10000)) / 1000)
    unit_s = min(phase_s * max(1, len(jobs)), max(phase_s, float(request.get("questionTimeoutMs", 30000)) / 1000))
    key = (request.get("courseRoot"), request.get("questionDir"), request.get("memoryMb"))
    if current is not None and (current.key != key or current.units >= MAX_UNITS):
        stop_current()
    if current is None:
        current = Worker(key, request.get("memoryMb"))
    current.units += 1
    token = (request.get("id"), request.get("seq"))
    try:
        channel.send_frame(current.to_child, line.encode("utf-8"))
    except OSError:
        pass
    start = time.monotonic()
    unit_end, phase_end, phase = start + unit_s, start + phase_s, 0
    while True:
        deadline = min(unit_end, phase_end)
        whole = unit_end < phase_end and unit_s < phase_s * len(jobs)
        what = f"{unit_s:g} s for all calls of one question" if whole else f"{phase_s:g} s for {jobs[phase].get('phase') if phase < len(jobs) else 'a'}()"
        try:
            ready = select.select([current.from_child, reader.fd], [], [], max(0.0, deadline - time.monotonic()))[0]
            if reader.fd in ready:
                reader.fill()  # the extension sends nothing during a call: this is its end
                if reader.closed:
                    raise SystemExit(0)
            if current.from_child not in ready:
                if time.monotonic() >= deadline:
                    return _timed_out(token, what)
                continue
            message = channel.read_message(current.from_child, token, deadline)
        except Timeout:
            return _timed_out(token, what)
        except Garbled as err:
            stop_current()
            return {"error": {"kind": "protocol", "message": (
                f"the question's code wrote to the question runtime's private channel ({err}), so its call was stopped; "
                "print() instead: console output is shown with the question")}}
        if message is None:
            break
        if "phase" in message:
            phase = int(message["phase"])
            phase_end = time.monotonic() + phase_s
            continue
        if "results" in message or "error" in message:
            message.pop("id", None)
            message.pop("seq", None)
            if "error" in message:
                stop_current()  # the worker ends itself after an error; its processes go with it
            else:
                leftovers_warning(request, message)
            return message
    ended, current = current, None
    status = ended.status()
    tree.kill_all(os.getpid())
    how = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"status {os.WEXITSTATUS(status)}"
    hint = ""
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGSEGV:
        hint = " (a crash in C code, often a recursion too deep for the C stack after sys.setrecursionlimit())"
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        hint = " (out of memory?)"
    elif os.WIFEXITED(status):
        hint = " (os._exit() in the question's code?)"
    return {"error": {"kind": "crash", "message": f"the Python process ended with {how}{hint} before answering"}}


def _failed(err):
    return {"error": {"kind": "protocol", "message": f"{type(err).__name__}: {err}"}}


def main():
    scratch_folder = None

    def start() -> Ready:
        nonlocal scratch_folder
        scratch_folder = scratch.create()
        warm_up()
        return {"ready": True, "protocol": PROTOCOL, "version": sys.version.split()[0]}

    # Each reply is a ResultsReply or an ErrorReply (protocol.py), with its request's id and seq.
    warmprocess.serve(start, run_request, _failed, reply_keys=("id", "seq"), parse=jsonio.loads,
                      stop=stop_current, cleanup=lambda: scratch.remove(scratch_folder))


if __name__ == "__main__":
    main()
