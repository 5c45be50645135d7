"""Circuit symbols between two terminals (never graded)."""

from drawing_base import D, Attrs, make_kind, static_flags

ATTRS = ["x1", "y1", "width", "angle", "interval", "height", "x2", "y2", "stroke-color", "stroke-width", "label", "offsetx", "offsety", "font-size"]


def two_terminal(interval: float, height: float | None, extra=None, offsety_default: float = D["offsety"]):
    """A symbol from (x1, y1) to (x2, y2) (or width/angle); `extra` adds the symbol's own fields."""

    def generate(el, _data) -> dict:
        a = Attrs(el)
        x2, y2 = a.end_point(D["force-width"])
        obj = {"x1": a.num("x1", D["x1"]), "y1": a.num("y1", D["y1"]), "x2": x2, "y2": y2, "interval": a.num("interval", interval)}
        if height is not None:
            obj["height"] = a.num("height", height)
        if extra is not None:
            obj.update(extra(a))
        obj.update({
            "originX": "center", "originY": "center", "stroke": a.color("stroke-color", "black"),
            "strokeWidth": a.num("stroke-width", D["stroke-width"]), **static_flags(),
            "label": a.text("label", ""), "offsetx": a.num("offsetx", D["offsetx"]), "offsety": a.num("offsety", offsety_default),
            "fontSize": a.num("font-size", D["font-size"]),
        })
        return obj

    return generate


def _switch_fields(a: Attrs) -> dict:
    return {"switchAngle": a.num("switch-angle", 30), "drawPin": a.flag("draw-pin", True)}


KINDS = {
    # PrairieLearn's capacitor takes its default offsety from the x default (the same number).
    "pl-capacitor": make_kind([*ATTRS, "polarized"], two_terminal(10, 15, lambda a: {"polarized": a.flag("polarized", False)}, D["offsetx"])),
    "pl-battery": make_kind(ATTRS, two_terminal(5, 20)),
    "pl-resistor": make_kind(ATTRS, two_terminal(30, 10)),
    "pl-inductor": make_kind(ATTRS, two_terminal(40, 20)),
    "pl-switch": make_kind(["x1", "y1", "width", "angle", "interval", "switch-angle", "draw-pin", "x2", "y2", "stroke-color", "stroke-width",
                            "label", "offsetx", "offsety", "font-size"], two_terminal(40, None, _switch_fields)),
}
