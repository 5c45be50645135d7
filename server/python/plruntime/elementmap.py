"""The element map: tag name -> controller, from the core elements shipped with the runtime and the
course's own elements/ (which override core ones), plus the course's elementExtensions/."""

import json
import os


def _read_info(path):
    try:
        with open(path, encoding="utf-8") as f:
            info = json.load(f)
        return info if isinstance(info, dict) else None
    except (OSError, ValueError):
        return None


def _dirs(root):
    try:
        return sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
    except OSError:
        return []


_CORE = {}


def core_elements(core_root):
    """The runtime's own elements, read once per process (the warm parent reads them)."""
    if core_root not in _CORE:
        _CORE[core_root] = _read_core(core_root)
    return _CORE[core_root]


def build_element_map(core_root, course_root):
    """{tag: {name, directory, controller (absolute), dependencies, dynamicDependencies, course}}."""
    elements = dict(core_elements(core_root))
    if course_root:
        course_elements = os.path.join(course_root, "elements")
        for name in _dirs(course_elements):
            info = _read_info(os.path.join(course_elements, name, "info.json"))
            if info is None or not isinstance(info.get("controller"), str):
                continue
            elements[name.lower()] = _entry(name, os.path.join(course_elements, name), info, course=True)
    return elements


def _read_core(core_root):
    elements = {}
    for name in _dirs(core_root):
        info = _read_info(os.path.join(core_root, name, "info.json"))
        if info is None or not isinstance(info.get("controller"), str):
            continue
        entry = _entry(name, os.path.join(core_root, name), info, course=False)
        # PrairieLearn also registers core names (and additionalNames) with '_' for '-'.
        for alias in [name, *info.get("additionalNames", [])]:
            elements[alias] = entry
            elements[alias.replace("-", "_")] = entry
    return elements


def _entry(name, directory, info, course):
    return {
        "name": name,
        "directory": directory,
        "controller": os.path.join(directory, info["controller"]),
        "dependencies": info.get("dependencies") or {},
        "dynamicDependencies": info.get("dynamicDependencies") or {},
        "course": course,
    }


def build_extensions(course_root):
    """{element name: {extension name: {controller, dependencies, directory}}} from elementExtensions/."""
    out = {}
    if not course_root:
        return out
    root = os.path.join(course_root, "elementExtensions")
    for element in _dirs(root):
        for ext in _dirs(os.path.join(root, element)):
            directory = os.path.join(root, element, ext)
            info = _read_info(os.path.join(directory, "info.json"))
            if info is None:
                continue
            out.setdefault(element, {})[ext] = {**info, "directory": directory}
    return out
