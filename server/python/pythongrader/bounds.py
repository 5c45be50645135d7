"""Bounds on the grading process: memory, CPU time and file size by rlimit, and an audit hook that
refuses network sockets (unless the question enables networking) and writes outside the job's
working and temporary folders. The audit hook cannot be removed once added; code that reaches the
C level (ctypes) can get past it, which is why the whole process group is also killed at the end."""

import os
import resource
import socket
import sys

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
PATH_EVENTS = {"os.remove": 0, "os.rename": 0, "os.mkdir": 0, "os.rmdir": 0, "os.symlink": 1, "os.link": 1,
               "os.truncate": 0, "os.chmod": 0, "os.chown": 0, "shutil.rmtree": 0, "os.utime": 0}
NETWORK_FAMILIES = {socket.AF_INET, socket.AF_INET6}


def set_limits(memory_mb, cpu_seconds, file_mb):
    def cap(kind, value):
        try:
            _, hard = resource.getrlimit(kind)
            value = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(kind, (value, hard))
        except (ValueError, OSError):
            pass  # a limit the system does not allow lowering leaves the other bounds in place

    cap(resource.RLIMIT_AS, memory_mb * 1024 * 1024)
    cap(resource.RLIMIT_CPU, cpu_seconds)
    cap(resource.RLIMIT_FSIZE, file_mb * 1024 * 1024)
    cap(resource.RLIMIT_CORE, 0)


class Guard:
    """The audit hook's state: which folders may be written, and whether the network is allowed."""

    def __init__(self, writable, networking):
        self.writable = [os.path.realpath(p) for p in writable]
        self.networking = networking

    def allow_writes_in(self, folder):
        self.writable.append(os.path.realpath(folder))

    def may_write(self, path):
        if isinstance(path, int):
            return True
        try:
            real = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        if real == os.devnull:
            return True
        return any(real == root or real.startswith(root + os.sep) for root in self.writable)

    def __call__(self, event, args):
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & WRITE_FLAGS)
            if writing and path is not None and not self.may_write(path):
                raise PermissionError(f"writing {path!r} is not allowed while grading (only the working folder is writable)")
        elif event in PATH_EVENTS:
            path = args[PATH_EVENTS[event]] if len(args) > PATH_EVENTS[event] else None
            if path is not None and not self.may_write(path):
                raise PermissionError(f"changing {path!r} is not allowed while grading (only the working folder is writable)")
        elif not self.networking:
            if event == "socket.__new__" and args[1] in NETWORK_FAMILIES:
                raise PermissionError("network access is disabled for this grading job")
            if event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr"):
                raise PermissionError("network access is disabled for this grading job")


def install_guard(writable, networking):
    guard = Guard(writable, networking)
    sys.addaudithook(guard)
    return guard
