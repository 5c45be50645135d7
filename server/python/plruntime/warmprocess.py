"""What the two warm processes share: the question helper (zygote.py) and the warm grader
(pythongrader/warm.py). Each imports the heavy packages once, says it is ready on REPLY_FD, then answers
one JSON line on REQUEST_FD with one JSON line on REPLY_FD, forking a child per unit of work; when its
request channel closes or a signal asks it to stop, it kills everything below it and leaves.
"""

import json
import os
import signal
import sys
from typing import Any, Callable, Dict, Iterable, NoReturn, Optional, Sequence

from plruntime import tree
from plruntime.channel import REPLY_FD, REQUEST_FD, LineReader, write_all

Message = Dict[str, Any]


def limit_native_threads() -> None:
    """One thread per numeric library: every unit runs in a process of its own, and the machine's
    cores are shared between those processes, not within one. Before numpy is imported."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def import_quietly(names: Iterable[str], path: Optional[Sequence[str]] = None) -> None:
    """Imports each module for its side effect of being loaded (a missing optional package only costs
    speed). With `path`, sys.path is that list during each import, so that a module which edits
    sys.path leaves it as it was."""
    import importlib
    import warnings

    kept_path = list(sys.path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", SyntaxWarning)
        for name in names:
            if path is not None:
                sys.path[:] = list(path)
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - a missing optional package only costs speed here
                pass
    sys.path[:] = kept_path


def _quit(signum: int, frame: object) -> None:
    raise SystemExit(0)


def serve(
    start: Callable[[], Message],
    answer: Callable[[Message, str, LineReader], Message],
    failure: Callable[[Exception], Message],
    reply_keys: Sequence[str],
    parse: Callable[[str], Any] = json.loads,
    stop: Callable[[], None] = lambda: None,
    cleanup: Callable[[], None] = lambda: None,
) -> NoReturn:
    """Runs a warm process to its end. `start` warms up and gives the ready message; `answer` gives the
    reply to one request (the line and the reader are there for a process that watches its channel
    while it works); `failure` the reply when `answer` or `parse` raised. Each reply carries the
    request's `reply_keys` (its id), so the other side can tell a late reply from a current one.
    At the end, `stop` runs before every process below this one is killed, `cleanup` after."""
    for fd in (REQUEST_FD, REPLY_FD):
        os.set_inheritable(fd, False)
    # Nothing written to stdout is taken as a reply; keep print() off it anyway.
    sys.stdout = sys.stderr
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, _quit)
    try:
        tree.become_subreaper()
        write_all(REPLY_FD, (json.dumps(start()) + "\n").encode())
        reader = LineReader(REQUEST_FD)
        while True:
            line = reader.readline()
            if line is None:
                break
            if not line.strip():
                continue
            request: Any = {}
            try:
                request = parse(line)
                reply = answer(request, line, reader)
            except Exception as err:  # noqa: BLE001 - a bad request must not end the process
                reply = failure(err)
            for key in reply_keys:
                reply[key] = request.get(key) if isinstance(request, dict) else None
            write_all(REPLY_FD, (json.dumps(reply) + "\n").encode("utf-8"))
    finally:
        # Whatever ends the process ends every process below it.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop()
        tree.kill_all(os.getpid())
        cleanup()
        # Tearing down the warm interpreter (numpy, sympy, pandas...) only costs time: nothing is left to flush.
        sys.stderr.flush()
        os._exit(0)
