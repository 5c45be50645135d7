"""A forked worker's life: cut off from the helper's channels, then run the units of one question.

Course code runs in this process, so it could write anything to the pipe back to the parent; the
parent takes only frames that carry the request's id and sequence number, and anything else ends this
worker and fails that question alone."""

import json
import os
import signal
import sys

from . import channel, jsonio
from .messages import recursion_depth, recursion_message, system_exit_message
from .unit import encode_results, run_unit

# Deeper than this when the time runs out, the stack is a runaway recursion rather than slow code.
RUNAWAY_DEPTH = 5000


def isolate(keep):
    """stdin from /dev/null, stdout/stderr to /dev/null (Python-level output is captured per call in
    unit.py), and every inherited descriptor but `keep` closed: the helper's protocol among them."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    fds = [int(n) for n in os.listdir("/proc/self/fd")] if os.path.isdir("/proc/self/fd") else range(3, 256)
    for fd in fds:
        if fd > 2 and fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass
    for fd in keep:
        os.set_inheritable(fd, False)


def run_one(request, python_root, base_path):
    baseline = set(sys.modules)
    try:
        for job in request["jobs"]:
            job["original"] = json.loads(json.dumps(job["data"]))
        return encode_results(run_unit(request, python_root, base_path, request.get("onPhase")), request["jobs"]), False
    except MemoryError as err:
        depth = recursion_depth(err.__traceback__)
        if depth > RUNAWAY_DEPTH:
            return {"error": {"kind": "recursion", "message": recursion_message(err.__traceback__, depth, "memory ran out")}}, True
        return {"error": {"kind": "memory", "message": "out of memory"}}, True
    except SystemExit as err:
        return {"error": {"kind": "crash", "message": system_exit_message(err)}}, True
    except BaseException as err:  # noqa: BLE001 - report, never hang the parent
        return {"error": {"kind": "crash", "message": f"{type(err).__name__}: {err}"}}, True
    finally:
        # Fresh module state for the next unit: forget what this one imported (course code, controllers' helpers).
        for name in set(sys.modules) - baseline:
            del sys.modules[name]


def worker(read_fd, write_fd, memory_mb, python_root, base_path):
    import resource

    os.setpgid(0, 0)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    isolate({read_fd, write_fd})
    if memory_mb:
        limit = int(memory_mb) * 1024 * 1024
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ValueError, OSError):
            pass
    token = [None, None]

    def probe(signum, frame):
        """Asked by the parent when time ran out: where the code is, and how deep its stack."""
        # Walking a frame costs a frame object each: count only up to the runaway depth.
        depth, walk = 0, frame
        while walk is not None and depth <= RUNAWAY_DEPTH:
            depth += 1
            walk = walk.f_back
        where = recursion_message(None, RUNAWAY_DEPTH, "time ran out", frame=frame, more=True) if depth > RUNAWAY_DEPTH else None
        channel.send_frame(write_fd, {"id": token[0], "seq": token[1], "probe": {"depth": depth, "recursion": where}})
        os._exit(3)

    signal.signal(signal.SIGUSR1, probe)
    while True:
        frame = channel.read_frame(read_fd)
        if frame is None:
            return
        request = jsonio.loads(frame.decode("utf-8"))
        token[:] = [request.get("id"), request.get("seq")]
        request["onPhase"] = lambda index: channel.send_frame(write_fd, {"id": token[0], "seq": token[1], "phase": index})
        reply, spoiled = run_one(request, python_root, base_path)
        text = reply if isinstance(reply, str) else json.dumps(reply)
        head = json.dumps({"id": token[0], "seq": token[1]})[:-1]
        # The results are already JSON text: splice the token in instead of parsing them again.
        body = text[1:] if text.startswith("{") else f'"results": {text}}}'
        channel.send_frame(write_fd, f"{head}, {body}".encode("utf-8"))
        if spoiled:
            return
