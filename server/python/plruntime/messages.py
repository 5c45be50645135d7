"""Messages for the ways course code ends a call that are no ordinary exception: a runaway recursion
(the limit raised so far that memory or time runs out first) and sys.exit()."""

import collections
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def recursion_depth(tb):
    depth = 0
    while tb is not None:
        depth += 1
        tb = tb.tb_next
    return depth


def _innermost(tb, frame, count=200):
    """(file, line, function) of the innermost `count` frames, innermost first."""
    out = collections.deque(maxlen=count)
    if frame is not None:
        while frame is not None and len(out) < count:
            out.append((frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name))
            frame = frame.f_back
        return list(out)
    while tb is not None:
        out.appendleft((tb.tb_frame.f_code.co_filename, tb.tb_lineno, tb.tb_frame.f_code.co_name))
        tb = tb.tb_next
    return list(out)


def recursion_message(tb, depth, why, frame=None, more=False):
    frames = [f for f in _innermost(tb, frame) if not f[0].startswith(_HERE)]
    where = ""
    if frames:
        (file, line, name), _ = collections.Counter(frames).most_common(1)[0]
        where = f" at {file}:{line} in {name}()"
    return (
        f"RecursionError: {why} in a recursion {'more than ' if more else ''}{depth:,} calls deep{where}; "
        "sys.setrecursionlimit() had raised the limit, so Python did not stop it earlier"
    )


def exit_site(err):
    """(file, line) where course code raised SystemExit: its innermost frame outside the runtime."""
    site = None
    tb = err.__traceback__
    while tb is not None:
        file = tb.tb_frame.f_code.co_filename
        if not file.startswith(_HERE):
            site = (file, tb.tb_lineno)
        tb = tb.tb_next
    return site


def system_exit_message(err):
    site = exit_site(err)
    code = "" if err.code is None else repr(err.code)
    if site is None:
        return f"course code called sys.exit({code})"
    return f"{os.path.basename(site[0])} called sys.exit({code}) at {site[0]}:{site[1]}"
