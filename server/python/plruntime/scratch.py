"""The helper's private scratch folder for caches that course code's libraries write (pint's unit
definitions cache). PrairieLearn lets pint write /tmp/pint_<pid> per process, which in a container
vanishes with it; on an author's machine every forked worker would leave one behind. One folder per
helper, removed when the helper ends; a helper killed too hard to clean up is swept by the next one.
"""

import os
import re
import shutil
import tempfile

ENV = "PL_HELPER_CACHE_DIR"
PREFIX = "pl-helper-"
_NAME = re.compile(re.escape(PREFIX) + r"(\d+)-")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_stale(parent: str | None = None) -> None:
    """Removes scratch folders whose helper process no longer exists."""
    parent = parent or tempfile.gettempdir()
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        match = _NAME.match(name)
        if match and not _alive(int(match.group(1))):
            shutil.rmtree(os.path.join(parent, name), ignore_errors=True)


def create() -> str:
    """Makes this helper's folder and hands it to forked workers through the environment."""
    sweep_stale()
    folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    os.environ[ENV] = folder
    return folder


def remove(folder: str | None) -> None:
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
