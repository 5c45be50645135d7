"""The processes a question started. The helper is a child subreaper (Linux): whatever a worker forks
or starts, even after setsid() or a double fork, stays below the helper, so "every process below the
helper" is exactly what questions left behind. Elsewhere workers get their own process group."""

import os
import signal
import subprocess
import sys

PR_SET_CHILD_SUBREAPER = 36


# Whether this process is a subreaper: then its descendants are all the processes a question left.
SUBREAPER = [False]


def become_subreaper():
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        SUBREAPER[0] = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        pass
    return SUBREAPER[0]


def _table():
    """{pid: (ppid, pgid, state, command)} of every process we can see."""
    table = {}
    if os.path.isdir("/proc/self"):
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    stat = f.read().decode("utf-8", "replace")
            except OSError:
                continue
            # comm is in parentheses and may hold spaces; the fields after the last ")" are fixed.
            comm = stat[stat.find("(") + 1 : stat.rfind(")")]
            fields = stat[stat.rfind(")") + 2 :].split()
            table[int(name)] = (int(fields[1]), int(fields[2]), fields[0], comm)
        return table
    try:
        out = subprocess.run(["ps", "-A", "-o", "pid=,ppid=,pgid=,stat=,comm="], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return table
    for row in out.splitlines():
        parts = row.split(None, 4)
        if len(parts) == 5 and parts[0].isdigit():
            table[int(parts[0])] = (int(parts[1]), int(parts[2]), parts[3][:1], parts[4])
    return table


def _children_files(root):
    """{pid: (ppid, pgid, state, command)} of root's descendants from /proc/<pid>/task/*/children (a
    few files instead of the whole process table); None where the kernel does not offer them."""
    if not os.path.exists(f"/proc/{root}/task/{root}/children"):
        return None
    table, todo = {}, [root]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as f:
                    kids = [int(p) for p in f.read().split()]
            except OSError:
                continue
            for kid in kids:
                if kid in table:
                    continue
                try:
                    with open(f"/proc/{kid}/stat", "rb") as f:
                        stat = f.read().decode("utf-8", "replace")
                except OSError:
                    continue
                fields = stat[stat.rfind(")") + 2 :].split()
                table[kid] = (parent, int(fields[2]), fields[0], stat[stat.find("(") + 1 : stat.rfind(")")])
                todo.append(kid)
    return table


def below(root, groups=()):
    """{pid: command} of the live processes below `root` or in one of `groups`, zombies apart, and the
    zombies among root's own children (to reap)."""
    table = _children_files(root) if SUBREAPER[0] else None
    if table is not None:
        live = {pid: row[3] for pid, row in table.items() if row[2] != "Z"}
        return live, [pid for pid, row in table.items() if row[2] == "Z" and row[0] == root]
    table = _table()
    children = {}
    for pid, (ppid, _, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    found |= {pid for pid, row in table.items() if row[1] in groups and pid != root}
    live = {pid: table[pid][3] for pid in found if table[pid][2] != "Z"}
    zombies = [pid for pid in found if table[pid][2] == "Z" and table[pid][0] == root]
    return live, zombies


def reap(pids):
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass


def kill_all(root, groups=(), keep=()):
    """SIGKILLs every process below `root` (and in `groups`) except `keep`, until none is left; returns
    how many it killed. Repeats because a fork can race the first pass."""
    killed = set()
    for _ in range(50):
        for group in groups:
            try:
                os.killpg(group, signal.SIGKILL)
            except OSError:
                pass
        live, zombies = below(root, groups)
        reap(zombies)
        targets = [pid for pid in live if pid not in keep]
        if not targets:
            break
        for pid in targets:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except OSError:
                pass
    reap(below(root)[1])
    return len(killed)
