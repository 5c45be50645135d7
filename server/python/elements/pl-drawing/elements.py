"""The drawing object kinds of pl-drawing, by tag, and the functions the controller and element
extensions use. Extensions read this module by its name (pl.load_host_script("elements.py")),
subclass BaseElement and have their kinds added with register_extension()."""

import kinds_circuits
import kinds_mechanics
import kinds_shapes
import kinds_vectors
from drawing_base import BaseElement, error_box, make_kind

__all__ = ["BaseElement", "elements", "error_box", "generate", "get_attributes", "grade", "is_gradable", "register_extension",
           "registered_elements", "should_validate_attributes"]


class _Container(BaseElement):
    """Tags that hold objects or buttons: only their attributes are known; they are never drawn."""

    @staticmethod
    def generate(el, data: dict) -> dict:
        raise RuntimeError("Cannot create element!")

    @staticmethod
    def grade(ref: dict, st: dict, tol: float, angtol: float) -> bool:
        raise NotImplementedError("This element should not be graded!")


def _container(attributes: list[str], validate: bool = True):
    kind = make_kind(attributes, _Container.generate, base=_Container)
    if not validate:
        kind.validate_attributes = staticmethod(lambda: False)
    return kind


DRAWING_ATTRS = ["gradable", "answers-name", "weight", "aria-label", "aria-description", "width", "height", "grid-size", "snap-to-grid",
                 "tol", "angle-tol", "show-tolerance-hint", "tolerance-hint", "disregard-extra-elements", "allow-blank",
                 "hide-answer-panel", "show-score"]

elements: dict[str, type] = {
    **kinds_mechanics.KINDS,
    **kinds_shapes.KINDS,
    **kinds_vectors.KINDS,
    **kinds_circuits.KINDS,
    "pl-drawing": _container(DRAWING_ATTRS),
    "pl-drawing-initial": _container(["draw-error-box"]),
    "pl-drawing-answer": _container(["draw-error-box"]),
    "pl-drawing-group": _container(["visible"]),
    "pl-controls": _container([]),
    "pl-controls-group": _container(["label"]),
    # A button's attributes are those of the object it places; prepare checks them against that kind.
    "pl-drawing-button": _container(["type"], validate=False),
}

# Per extension kind, what its generate() gets as `data` ({"clientFilesUrl": ...}).
registered_elements: dict[str, dict] = {}


def should_validate_attributes(name: str) -> bool:
    return name in elements and elements[name].validate_attributes()


def get_attributes(name: str) -> list[str]:
    return elements[name].get_attributes() if name in elements else []


def generate(element, name: str, defaults: dict | None = None) -> dict:
    """The object a tag describes, over `defaults` (a group's id); {} for an unknown tag."""
    if name not in elements:
        return {}
    kind = elements[name]
    obj = dict(defaults or {})
    obj.update(kind.generate(element, registered_elements.get(name, [])))
    grading_name = kind.grading_name(element) or name
    obj["gradingName"] = grading_name
    obj["type"] = grading_name
    return obj


def is_gradable(name: str) -> bool:
    return name in elements and elements[name].is_gradable()


def grade(reference: dict, element: dict, name: str, tol: float, angtol: float) -> bool:
    return bool(is_gradable(name) and elements[name].grade(reference, element, tol, angtol))


def register_extension(name: str, module, data: dict) -> None:
    """Adds an extension's kinds; their generate() gets the extension's client files address."""
    url = data["options"].get("client_files_extensions_url", {}).get(name, None)
    for kind_name, kind in module.elements.items():
        registered_elements[kind_name] = {"clientFilesUrl": url}
        elements[kind_name] = kind
