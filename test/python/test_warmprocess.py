"""The warm processes' shared loop (plruntime.warmprocess.serve), run in a real child process with its
request and reply channels on descriptors 3 and 4, as the helper and the warm grader are started."""

import json
import os
import subprocess
import sys
import textwrap

PYTHON_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "server", "python"))

# The child: moves the pipes it is given onto 3 and 4, then serves. A request {"spawn": true} starts a
# process in a session of its own (out of the child's process group) and answers its pid.
CHILD = textwrap.dedent("""
    import os, subprocess, sys
    request_fd, reply_fd, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.dup2(request_fd, 3)
    os.dup2(reply_fd, 4)
    from plruntime import warmprocess

    def alive(pid):
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        # A zombie is not alive: it only waits to be reaped.
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"

    spawned = []

    def answer(request, line, reader):
        if request.get("spawn"):
            p = subprocess.Popen(["sleep", "60"], start_new_session=True)
            spawned.append(p.pid)
            return {"pid": p.pid}
        if request.get("boom"):
            raise ValueError("boom")
        return {"echo": request.get("text")}

    def note(when):
        with open(log, "a") as f:
            f.write(f"{when} {[alive(pid) for pid in spawned]}\\n")

    warmprocess.serve(lambda: {"ready": True}, answer, lambda err: {"failed": str(err)}, reply_keys=("id", "seq"),
                      stop=lambda: note("stop"), cleanup=lambda: note("cleanup"))
""")


def start(tmp_path):
    request_r, request_w = os.pipe()
    reply_r, reply_w = os.pipe()
    log = tmp_path / "log"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(request_r), str(reply_w), str(log)],
                             cwd=PYTHON_ROOT, env={**os.environ, "PYTHONPATH": PYTHON_ROOT}, pass_fds=(request_r, reply_w))
    os.close(request_r)
    os.close(reply_w)
    return child, os.fdopen(request_w, "w"), os.fdopen(reply_r, "r"), log


def ask(requests, replies, line):
    requests.write(line + "\n")
    requests.flush()
    return json.loads(replies.readline())


def test_answers_each_line_with_its_ids_and_survives_bad_ones(tmp_path):
    child, requests, replies, _ = start(tmp_path)
    try:
        assert json.loads(replies.readline()) == {"ready": True}
        assert ask(requests, replies, '{"id": 1, "seq": 7, "text": "hi"}') == {"echo": "hi", "id": 1, "seq": 7}
        # A blank line gets no reply; a line that is not JSON and a request that fails get the failure reply.
        requests.write("\n")
        assert ask(requests, replies, "not json")["id"] is None
        assert ask(requests, replies, '{"id": 2, "seq": 8, "boom": true}') == {"failed": "boom", "id": 2, "seq": 8}
        assert ask(requests, replies, '["a list"]') == {"failed": "'list' object has no attribute 'get'", "id": None, "seq": None}
        assert ask(requests, replies, '{"id": 3, "seq": 9, "text": "still here"}')["echo"] == "still here"
    finally:
        requests.close()
        assert child.wait(timeout=30) == 0


def test_its_end_kills_every_process_below_it_between_stop_and_cleanup(tmp_path):
    child, requests, replies, log = start(tmp_path)
    replies.readline()
    pid = ask(requests, replies, '{"id": 1, "seq": 1, "spawn": true}')["pid"]
    requests.close()  # the other side went away
    assert child.wait(timeout=30) == 0
    assert log.read_text().splitlines() == ["stop [True]", "cleanup [False]"]
    # Killed and reaped by the served process itself: not even a zombie is left.
    assert not os.path.exists(f"/proc/{pid}")
