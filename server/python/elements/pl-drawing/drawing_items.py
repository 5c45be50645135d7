"""Turning a pl-drawing's child tags into the objects the page draws and the grader compares."""

import elements
import lxml.etree
import prairielearn as pl


def items_from(parent, next_id: int = 0, defaults: dict | None = None) -> tuple[list[dict], int]:
    """The objects of `parent`'s tags, numbered from next_id, and the next free id. A visible
    pl-drawing-group takes one id itself and gives it to its objects as `groupid`."""
    objects: list[dict] = []
    for child in parent:
        if child.tag is lxml.etree.Comment:
            continue
        if child.tag == "pl-drawing-group":
            if pl.get_boolean_attrib(child, "visible", True):
                next_id += 1
                inner, _ = items_from(child, next_id, {"groupid": next_id})
                next_id += len(inner)
                objects.extend(inner)
            continue
        # An unknown tag still takes an id (an object with no kind), as in PrairieLearn.
        obj = elements.generate(child, child.tag, defaults)
        obj["id"] = next_id
        objects.append(obj)
        next_id += 1
    return objects, next_id


def union(first: list | None, second: list | None) -> list:
    """Both lists; an object of `second` replaces the one of `first` with the same id."""
    first, second = first or [], second or []
    if not first:
        return second
    if not second:
        return first
    replaced = {item["id"] for item in second}
    return [item for item in first if item["id"] not in replaced] + second


def with_error_boxes(objects: list[dict], draw: bool, graded: bool) -> list[dict]:
    """Marks objects graded or not and whether their tolerance box is drawn (an object's own
    draw-error-box wins over its parent's)."""
    for obj in objects:
        obj["graded"] = graded
        obj["drawErrorBox"] = draw
        if obj.get("objectDrawErrorBox") is not None:
            obj["drawErrorBox"] = obj["objectDrawErrorBox"]
    return objects


def check_attributes(element) -> None:
    """Every tag of the drawing, recursively, against its kind's attribute list."""
    name = element.tag
    if elements.should_validate_attributes(name):
        try:
            pl.check_attribs(element, required_attribs=[], optional_attribs=elements.get_attributes(name))
        except Exception as exc:
            raise ValueError(f"Error in {name}: {exc}") from exc
    for child in element:
        check_attributes(child)


def button_kind(type_name: str | None) -> str | None:
    """The object kind a button places (the two arc-vector buttons place an arc vector)."""
    return "pl-arc-vector" if type_name in ("pl-arc-vector-CCW", "pl-arc-vector-CW") else type_name


def buttons_of(controls) -> list:
    """The pl-drawing-button tags of a pl-controls, in order."""
    return [button for group in controls if group.tag == "pl-controls-group" for button in group if button.tag == "pl-drawing-button"]
