"""Loading element extensions from data["extensions"]."""

import collections
import functools
import os
import sys
from typing import Any

__all__ = ["load_extension", "load_all_extensions", "load_host_script"]


def _in_dir(fn: Any, directory: str) -> Any:
    @functools.wraps(fn)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        previous = os.getcwd()
        os.chdir(directory)
        try:
            return fn(*args, **kwargs)
        finally:
            os.chdir(previous)

    return wrapped


def load_extension(data: dict, extension_name: str) -> Any:
    """A namedtuple of the extension controller's public names, callables run from its directory."""
    extensions = data.get("extensions", {})
    if extension_name not in extensions:
        raise ValueError(f"Could not find extension {extension_name}.")
    ext = extensions[extension_name]
    directory = ext["directory"]
    controller = ext["controller"]
    namespace: dict[str, Any] = {"__name__": os.path.splitext(controller)[0]}
    previous = os.getcwd()
    os.chdir(directory)
    sys.path.insert(0, directory)
    try:
        with open(controller, encoding="utf-8") as f:
            exec(compile(f.read(), os.path.join(directory, controller), "exec"), namespace)
    finally:
        sys.path.remove(directory)
        os.chdir(previous)
    public = {k: (_in_dir(v, directory) if callable(v) else v) for k, v in namespace.items() if not k.startswith("_")}
    Extension = collections.namedtuple("Extension", list(public.keys()), rename=True)  # noqa: PYI024
    return Extension(**dict(zip(Extension._fields, public.values())))


def load_all_extensions(data: dict) -> "collections.OrderedDict[str, Any]":
    names = sorted(data.get("extensions", {}).keys())
    return collections.OrderedDict((name, load_extension(data, name)) for name in names)


def load_host_script(script_name: str) -> Any:
    """Imports the host element's own module (already on sys.path as the element directory)."""
    import importlib

    return importlib.import_module(os.path.splitext(script_name)[0])
