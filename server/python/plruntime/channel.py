"""The helper's channels. With the extension: one JSON line per message on two descriptors of their
own (REQUEST_FD in, REPLY_FD out), never stdin/stdout, so nothing course code prints can be taken
for a reply. With a forked worker: length-prefixed frames on a private pipe pair. Every frame a
worker sends carries the id and sequence number of the request it answers; the parent checks them."""

import json
import os
import select
import struct
import time

REQUEST_FD = 3
REPLY_FD = 4
# Far above any real reply (data, HTML and files are capped well below it in unit.py).
MAX_FRAME = 256 * 1024 * 1024


class Timeout(Exception):
    pass


class Garbled(Exception):
    """A frame that the worker's runtime did not write: course code wrote to the channel."""


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def send_frame(fd, message):
    data = json.dumps(message).encode("utf-8") if not isinstance(message, bytes) else message
    write_all(fd, struct.pack(">I", len(data)) + data)


def read_exact(fd, n, deadline=None):
    """n bytes from fd, or None at end of file; raises Timeout when `deadline` (monotonic) passes."""
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise Timeout()
        chunk = os.read(fd, min(1 << 20, n - got))
        if not chunk:
            return None
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_frame(fd, deadline=None):
    """The next frame as bytes, None at end of file; Garbled when its length is not believable."""
    head = read_exact(fd, 4, deadline)
    if head is None:
        return None
    size = struct.unpack(">I", head)[0]
    if size > MAX_FRAME:
        raise Garbled(f"a frame of {size} bytes announced")
    return read_exact(fd, size, deadline)


def read_message(fd, token, deadline=None):
    """The next frame from a worker as a dict carrying `token` (id, seq); None at end of file."""
    frame = read_frame(fd, deadline)
    if frame is None:
        return None
    try:
        message = json.loads(frame.decode("utf-8"))
    except ValueError:
        raise Garbled("a frame that is not JSON") from None
    if not isinstance(message, dict) or [message.get("id"), message.get("seq")] != list(token):
        raise Garbled("a frame for another request")
    return message


class LineReader:
    """Request lines from the extension; `wait` tells a line apart from the end of the stream."""

    def __init__(self, fd):
        self.fd = fd
        self.buffer = b""
        self.closed = False

    def fill(self):
        chunk = os.read(self.fd, 1 << 20)
        if not chunk:
            self.closed = True
        self.buffer += chunk

    def readline(self):
        while b"\n" not in self.buffer:
            if self.closed:
                return None
            self.fill()
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8")
