"""The interface every drawing object kind has (built-in kinds and element extensions' kinds alike),
an attribute reader, and the geometry the graders share."""

import math

import prairielearn as pl
from defaults import drawing_defaults

D = drawing_defaults
_REQUIRED = object()


class BaseElement:
    """A drawing object kind. Extensions subclass it and override these static methods."""

    @staticmethod
    def generate(el, data: dict) -> dict:
        return {}

    @staticmethod
    def is_gradable() -> bool:
        return False

    @staticmethod
    def grade(ref: dict, st: dict, tol: float, angtol: float) -> bool:
        return True

    @staticmethod
    def grading_name(element) -> str | None:
        return None

    @staticmethod
    def validate_attributes() -> bool:
        return True

    @staticmethod
    def get_attributes() -> list[str]:
        return []


class Attrs:
    """Typed reads of one object tag's attributes; a missing default means the attribute is required."""

    def __init__(self, el):
        self.el = el

    def has(self, name: str) -> bool:
        return name in self.el.attrib

    def num(self, name: str, default=_REQUIRED) -> float:
        return pl.get_float_attrib(self.el, name) if default is _REQUIRED else pl.get_float_attrib(self.el, name, default)

    def text(self, name: str, default=_REQUIRED):
        return pl.get_string_attrib(self.el, name) if default is _REQUIRED else pl.get_string_attrib(self.el, name, default)

    def flag(self, name: str, default):
        return pl.get_boolean_attrib(self.el, name, default)

    def color(self, name: str, default: str):
        return pl.get_color_attrib(self.el, name, default)

    def tol(self) -> float:
        """An object's own tolerance, used only to size the error box it draws."""
        return self.num("tol", pl.get_integer_attrib(self.el, "grid-size", 20) / 2)

    def error_box_flag(self):
        """True/False when the object sets draw-error-box, None to follow its parent."""
        return self.el.attrib["draw-error-box"] == "true" if self.has("draw-error-box") else None

    def end_point(self, width_default: float, angle_default: float = 0) -> tuple[float, float]:
        """(x2, y2): given, or width and angle away from (x1, y1)."""
        x1, y1 = self.num("x1", D["x1"]), self.num("y1", D["y1"])
        if self.has("x2") and self.has("y2"):
            return self.num("x2"), self.num("y2")
        length = self.num("width", width_default)
        angle = self.num("angle", angle_default) * math.pi / 180
        return x1 + length * math.cos(angle), y1 + length * math.sin(angle)


def static_flags() -> dict:
    """Initial objects cannot be picked or moved; buttons turn these on for placed objects."""
    return {"selectable": D["selectable"], "evented": D["selectable"]}


def error_box(x: float, y: float, theta: float, tol: float, forward: float, backward: float):
    """The box (centre, height, width) a vector's anchor may fall in: `forward`/`backward` along the
    direction theta (radians) plus tol, and tol across it."""
    ahead, behind = forward + tol, backward + tol
    length = ahead + behind
    shift = length / 2 - ahead
    centre = (x - shift * math.cos(theta), y - shift * math.sin(theta))
    return centre, 2 * tol, length


def distance(a: float, b: float) -> float:
    return abs(a - b)


def angle_distance(ref: float, value: float) -> float:
    """Smallest difference of two angles in degrees (0..180)."""
    return abs(((abs(ref - value) + 180) % 360) - 180)


def make_kind(attributes: list[str], generate, grade=None, grading_name=None, base=BaseElement):
    """A kind class from plain functions (the built-in kinds are all made this way)."""
    members = {"generate": staticmethod(generate), "get_attributes": staticmethod(lambda: list(attributes))}
    if grade is not None:
        members["is_gradable"] = staticmethod(lambda: True)
        members["grade"] = staticmethod(grade)
    if grading_name is not None:
        members["grading_name"] = staticmethod(grading_name)
    return type("DrawingKind", (base,), members)
