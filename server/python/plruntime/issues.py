"""Course issues from exceptions: the message, the traceback, and the file and line at fault."""

import traceback

from .protocol import PhaseIssue


def issue(message, *, fatal=True, phase, file=None, line=None, tb=None) -> PhaseIssue:
    out: PhaseIssue = {"message": message, "fatal": fatal, "phase": phase}
    if file:
        out["file"] = file
    if line:
        out["line"] = line
    if tb:
        out["traceback"] = tb
    return out


def from_exception(err, *, phase, prefix, file) -> PhaseIssue:
    """An issue for `err`; `file` is the file whose deepest frame gives the line (server.py, a controller)."""
    frames = traceback.extract_tb(err.__traceback__)
    line = None
    for frame in frames:
        if frame.filename == file:
            line = frame.lineno
    if isinstance(err, SyntaxError) and err.filename == file:
        line = err.lineno
    if line is None and frames:
        # The fault is outside `file` (a course library, say): point at the deepest frame instead.
        file, line = frames[-1].filename, frames[-1].lineno
    text = "".join(traceback.format_exception(type(err), err, err.__traceback__))
    return issue(f"{prefix}{type(err).__name__}: {err}", phase=phase, file=file, line=line, tb=text)
